import MaskEngine

/// A capture's secure-entry marker given as text (uiautomator's `password="true"`, a
/// Rico `password` written as a string or number).
enum SecureMarker {
    /// Whether the marker is set. Fails closed: only `false` and `0` (any case, spaces
    /// around them ignored) leave it unset; `true`, `TRUE`, `1`, ` true`, an empty value
    /// and anything else the importer cannot read make the view secure.
    static func isSet(_ value: String) -> Bool {
        let trimmed = value.trimmingSpaces.lowercased()
        return trimmed != "false" && trimmed != "0"
    }

    /// The secure-entry markers an importer reads, by what their value says.
    enum Key: Equatable {
        /// A flag: `password`, `isPassword`, `isObscured`, `obscureText`,
        /// `secureTextEntry`, `isSecureTextEntry` (read with ``isSet(_:)``, or as a boolean).
        case flag
        /// Android's `inputType`: a number, hex, or `textPassword|...` names.
        case inputType
        /// Android's `autofillHints`: hints joined with commas.
        case autofillHints
        /// A content type: `autocomplete` (HTML, React Native's `autoComplete`) and
        /// `textContentType` (UIKit): secure when it names a password or code
        /// (``SecureContent/isSecureName(_:)``).
        case contentType
    }

    /// The marker a capture's key or attribute names, whatever the tool that wrote it
    /// made of the name: any case, `-` or `_` between words, a namespace prefix
    /// (`a:inputType`). `password`, `PASSWORD`, `is_password`, `input-type`,
    /// `autofill_hints`, `text-content-type` are markers; nil for any other key.
    static func key(_ name: String) -> Key? {
        // The names are ASCII and short: anything longer is no marker, unread.
        guard name.utf8.count <= 40 else { return nil }
        let local = name.split(separator: ":", omittingEmptySubsequences: false).last ?? Substring(name)
        var folded = ""
        for byte in local.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            folded.unicodeScalars.append(Unicode.Scalar(byte >= 65 && byte <= 90 ? byte + 32 : byte))
        }
        return folded.isEmpty ? nil : folds[folded]
    }

    private static let folds: [String: Key] = [
        "password": .flag, "ispassword": .flag, "isobscured": .flag, "obscuretext": .flag,
        "securetextentry": .flag, "issecuretextentry": .flag,
        "inputtype": .inputType, "autofillhints": .autofillHints,
        "autocomplete": .contentType, "textcontenttype": .contentType,
    ]
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
