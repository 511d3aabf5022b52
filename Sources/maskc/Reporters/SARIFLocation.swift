/// How SARIF reports name files and rule documentation.
enum SARIFLocation {
    /// A file's artifact URI: an absolute path becomes a `file://` URI (its bytes
    /// outside RFC 3986's unreserved characters and `/` percent-encoded); a relative
    /// path stays relative, percent-encoded the same way, so code-scanning services
    /// resolve it against the repository.
    static func uri(_ path: String) -> String {
        let encoded = percentEncoded(path)
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// Where a rule is documented: its section of Docs/rules.md, relative to the
    /// repository root (SARIF viewers resolve it against the run's original location).
    static func helpURI(_ ruleID: String) -> String { "Docs/rules.md#" + ruleID }

    private static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
