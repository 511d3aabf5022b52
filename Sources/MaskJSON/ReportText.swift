/// Text for reports a person reads (`explain`, `audit`, `check`, `compile`, error
/// lines): every character that could change how the report displays is shown as a
/// visible escape instead.
///
/// Screens, classes, ids and identifiers come from captured trees and policies; an
/// `ESC[8m` in an id would hide the findings after it on a terminal, a newline would
/// forge a report line, a bidi override would reorder it. Each output path escapes its
/// report here, once, as it turns it into text.
public enum ReportText {
    /// Whether a scalar changes how text displays rather than being shown: C0 controls
    /// (U+0000-001F: newline, tab and carriage return too), DEL (U+007F), C1 controls
    /// (U+0080-009F), the bidi marks, embeddings, overrides and isolates (U+061C,
    /// U+200E, U+200F, U+202A-202E, U+2066-2069) and the line and paragraph separators
    /// (U+2028, U+2029).
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The escape shown for a control: `\u{` its code point in upper-case hex, without
    /// leading zeros, `}` (`\u{1B}` for ESC, `\u{A}` for a newline, `\u{202E}`).
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every control (``isControl(_:)``) replaced by its escape; other
    /// characters, backslashes included, are kept. Escaping escaped text changes nothing.
    /// - Complexity: O(n) in the text's length.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out.append(contentsOf: escape(scalar).unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// A report's lines, each escaped, joined by newlines: the only newlines in the
    /// result are the ones between lines.
    public static func lines(_ lines: [String]) -> String {
        lines.lazy.map(escaped).joined(separator: "\n")
    }
}
