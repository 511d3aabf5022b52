/// Text escaped for XML and HTML content and attributes: the five markup characters
/// as entities, and characters XML 1.0 does not allow as U+FFFD. One function for the
/// SVG preview and the HTML audit report.
public enum MarkupText {
    /// Appends `text`, escaped, to `out`.
    public static func append(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// `text`, escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }
}
