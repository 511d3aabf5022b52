import MaskDiagnostics

/// How the formatter writes a scalar: plain when plain text reads back as the same
/// string with the same meaning, double-quoted with escapes otherwise.
enum ScalarStyle {
    /// The characters that end a plain scalar inside `{ }` or `[ ]`.
    static let flowIndicators: Set<Character> = [",", "[", "]", "{", "}"]
    /// Characters that cannot start a plain scalar.
    static let leadingIndicators: Set<Character> = ["?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`"]
    /// Words YAML 1.1 readers (editors, other tools) take for booleans or special numbers.
    static let yaml11Words: Set<String> = ["y", "n", "yes", "no", "on", "off", ".inf", "-.inf", "+.inf", ".nan", "<<", "="]

    /// The text of a scalar as the formatter writes it.
    /// - Parameters:
    ///   - node: the scalar.
    ///   - source: the file's bytes, for plain scalars kept as written.
    ///   - inFlow: whether the scalar is written inside `{ }` or `[ ]`.
    static func render(_ node: YAMLNode, source: [UInt8], inFlow: Bool) -> String {
        guard case .scalar(let text, let quoted) = node.content else { return "" }
        if !quoted, let written = writtenText(node, source: source), !inFlow || readsTheSameInFlow(written) {
            return written
        }
        if !quoted, text.isEmpty { return "" }
        return canBePlain(text, inFlow: inFlow) ? text : doubleQuoted(text)
    }

    /// A mapping key as the formatter writes it: as ``render(_:source:inFlow:)``, and an
    /// empty (null) key as `""`.
    static func renderKey(_ node: YAMLNode, source: [UInt8], inFlow: Bool) -> String {
        let text = render(node, source: source, inFlow: inFlow)
        return text.isEmpty ? "\"\"" : text
    }

    /// Whether a plain scalar written outside `{ }` reads the same inside: no flow
    /// indicator, no `:` (libyaml 0.2.5 does not parse `a:?b` there), and a first
    /// character that may start a plain scalar.
    private static func readsTheSameInFlow(_ written: String) -> Bool {
        guard let first = written.first else { return true }
        return !leadingIndicators.contains(first) && !written.contains(where: flowIndicators.contains) && !written.contains(":")
    }

    /// A plain scalar's text exactly as written, when it is on one line.
    private static func writtenText(_ node: YAMLNode, source: [UInt8]) -> String? {
        let start = node.range.start.offset, end = node.range.end.offset
        guard start >= 0, start <= end, end <= source.count, node.range.start.line == node.range.end.line else { return nil }
        let text = String(decoding: source[start..<end], as: UTF8.self)
        return text == node.scalarText ? text : nil
    }

    /// Whether `text`, written plain (inside `{ }` or `[ ]` with `inFlow`), reads back
    /// as the same string, a string (not a number, boolean or null) to every YAML reader.
    static func canBePlain(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        if first == " " || last == " " || leadingIndicators.contains(first) || last == ":" { return false }
        if first == "-" && (text.count == 1 || text.dropFirst().first == " ") { return false }
        if text.hasPrefix("---") || text.hasPrefix("...") { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("\t") { return false }
        // In `{ }` a `:` inside a plain scalar reads differently across libyaml
        // versions (`a:?b` does not parse in 0.2.5): quoted there.
        if inFlow && (text.contains(where: flowIndicators.contains) || text.contains(":")) { return false }
        if text.unicodeScalars.contains(where: needsEscape) { return false }
        if yaml11Words.contains(text.lowercased()) || looksNumeric(text) { return false }
        return YAMLNode(.scalar(text, quoted: false), range: .fileStart("")).scalarValue == .string(text)
    }

    /// Digits, signs, dots, colons, underscores and letters only, starting like a
    /// number: hex, octal, sexagesimal and `1_000` forms some readers take for numbers.
    private static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, "0123456789+-.".unicodeScalars.contains(first) else { return false }
        guard text.unicodeScalars.contains(where: { $0.properties.numericType != nil && $0.isASCII }) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789+-._:".unicodeScalars.contains($0)) }
    }

    /// Characters written as escapes: controls, DEL, C1 controls, the byte order mark,
    /// the line and paragraph separators, and U+FFFE and U+FFFF (which YAML does not
    /// allow unescaped).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0xFFFE || v == 0xFFFF
    }

    /// `text` in double quotes, with `\"`, `\\`, `\n`, `\t`, `\r` and `\uXXXX` escapes.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
