import MaskDiagnostics
import MaskJSON

/// The source line of a position and a caret line under it: `^` at the start column,
/// `~` along the rest of a range on the same line.
enum SourceExcerpt {
    /// Whether a file's lines may be quoted: its first byte of content (after a byte
    /// order mark, whitespace, `#` comment lines and a YAML document start `---`) is
    /// not one that starts JSON or XML (`{`, `[`, `"`, `<`). Policies and configuration
    /// files are block YAML; a capture or tree named where a policy goes (a swapped
    /// `--policy`, `check dump.xml`) starts so, and its lines may hold user data. A
    /// policy written in flow style loses its excerpts, never its diagnostics.
    /// - Complexity: O(n) for the bytes before the first content.
    static func mayQuote(_ source: [UInt8]) -> Bool {
        var i = source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
        // UTF-16 and other binary text: nothing to quote.
        if source.count >= 2 && (source[0] == 0xFE || source[0] == 0xFF || source[0] == 0 || source[1] == 0) { return false }
        while i < source.count {
            switch source[i] {
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            case UInt8(ascii: "#"):
                i = (source[i...].firstIndex(of: 0x0A) ?? source.count - 1) + 1
            case UInt8(ascii: "-") where source[i...].starts(with: Array("---".utf8)):
                i += 3
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "<"):
                return false
            default:
                return true
            }
        }
        return true
    }

    /// The excerpt of `range` in `source`, each line escaped (``ReportText``) and
    /// indented by four spaces, the caret counted in escaped characters so it stays
    /// under its column; nil when the line is not in the file.
    /// - Complexity: O(n) for the bytes up to the end of the line.
    static func lines(_ range: SourceRange, in source: [UInt8]) -> (source: String, caret: String)? {
        let target = range.start.line
        guard target >= 1 else { return nil }
        var line = 1, start = 0
        var index = 0
        while line < target {
            guard let newline = source[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
            line += 1
        }
        start = index
        if start == 0, source.count >= 3, source[0] == 0xEF, source[1] == 0xBB, source[2] == 0xBF { start = 3 }
        var end = source[start...].firstIndex(of: 0x0A) ?? source.count
        if end > start, source[end - 1] == 0x0D { end -= 1 }
        let text = String(decoding: source[start..<end], as: UTF8.self)
        let characters = Array(text.unicodeScalars)
        let column = min(max(range.start.column, 1), characters.count + 1)
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: characters[..<(column - 1)])
        let before = ReportText.escaped(String(prefix)).count
        var width = 1
        if range.end.line == range.start.line, range.end.column > column {
            var spanned = String.UnicodeScalarView()
            spanned.append(contentsOf: characters[(column - 1)..<min(range.end.column - 1, characters.count)])
            width = max(1, ReportText.escaped(String(spanned)).count)
        }
        let caret = String(repeating: " ", count: before) + "^" + String(repeating: "~", count: width - 1)
        return ("    " + ReportText.escaped(text), "    " + caret)
    }
}
