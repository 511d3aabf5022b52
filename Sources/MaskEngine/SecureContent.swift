/// Which views count as secure text entry: one rule, used by every path that decides a
/// view (``ViewFacts``, ``RawViewFacts``, custom classifiers).
///
/// A view is secure when any of these says so (the full table, with sources, is in
/// `Docs/secure-markers.md`):
///
/// - its kind is `secure-text` (a class such as `UISecureTextField`, SwiftUI's
///   `SecureField`, XCUITest's `XCUIElementTypeSecureTextField`);
/// - its own flag (``ViewFacts/isSecureTextEntry``: iOS `isSecureTextEntry`, Android's
///   accessibility `password` or `isPassword`, React Native's `secureTextEntry`,
///   Flutter's `obscureText` or `isObscured`; the JSON reader also sets it for an
///   `autocomplete` naming a secret and a `type` naming a password input);
/// - its content type names a secret (``isSecureName(_:)``): iOS `textContentType`,
///   Android `autofillHints`;
/// - its Android `inputType` is a password variation (``isSecureInputType(_:)``).
///
/// A secure view is never unmasked, and neither is anything inside it: UIKit draws a
/// text field's text in child views.
public enum SecureContent {
    /// The names of secret content, as iOS (`UITextContentType` raw values and member
    /// names), Android (`autofillHints`, `HintConstants`) and HTML `autocomplete` give
    /// them, normalized by ``normalizedName(_:)``.
    public static let secureNames: Set<String> = [
        // iOS UITextContentType: raw values and member names.
        "password", "newpassword", "onetimecode", "creditcardnumber", "ccnumber", "creditcardsecuritycode", "cccsc",
        // iOS 17 card expiration content types (members and raw values).
        "creditcardexpiration", "creditcardexpirationmonth", "creditcardexpirationyear", "ccexp", "ccexpmonth", "ccexpyear",
        // HTML autocomplete tokens that iOS and web views share.
        "currentpassword",
        // Android autofill hints (View.AUTOFILL_HINT_*, androidx HintConstants).
        "smsotpcode", "emailotpcode", "2faappotpcode",
        "creditcardexpirationdate", "creditcardexpirationday",
        // Hints apps set themselves for a code, a PIN or a card's security code.
        "otp", "pin", "pincode", "cvv", "cvc",
        // React Native's `autoComplete` values beside the HTML ones.
        "passwordnew", "wifipassword", "giftcardpin",
        // ... and the names of their constants (`HintConstants.AUTOFILL_HINT_SMS_OTP`).
        "smsotp", "emailotp", "2faappotp",
    ]

    /// A name folded for comparison, as ``isSecureName(_:)`` folds it: ASCII letters
    /// lowercased, `-`, `_`, `.` and spaces removed (`new-password`, `newPassword` and
    /// `NEW_PASSWORD` are one name), fullwidth forms read as ASCII, invisible format
    /// characters (zero-width spaces and joiners, soft hyphens) dropped.
    public static func normalizedName(_ name: String) -> String {
        var name = name
        let folded = name.withUTF8 { fold($0, limit: Int.max) }
        // A `String` is valid UTF-8: the fold always reads it whole.
        return folded.map { String(decoding: $0, as: UTF8.self) } ?? name
    }

    /// Whether a content type or autofill hint names secret content, in any case and
    /// spelling (`password`, `new-password`, `newPassword`, `cc-csc`, `smsOTPCode`).
    public static func isSecureName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isSecureName($0) }
    }

    /// ``isSecureName(_:)`` for UTF-8 bytes: the one implementation, so the tree
    /// reader's bytes and the encoder's strings decide alike, whatever the length (a
    /// value padded with spaces or separators folds to the same name). A list or a
    /// wrapped value is read word by word too, so no spelling of one hides a secure name
    /// in it: `[password]` (Java's `Arrays.toString`), `username password`,
    /// `UITextContentType(_rawValue: password)` (Swift's `String(describing:)`).
    public static func isSecureName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isSecureFoldedName(bytes) { return true }
        var start = 0
        for index in 0...bytes.count where index == bytes.count || isListSeparator(bytes[index]) {
            if index > start, index - start < bytes.count, isSecureFoldedName(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return true }
            start = index + 1
        }
        return false
    }

    /// Whether a `type` value names a secure input: an HTML input type or content type
    /// (``isSecureName(_:)``: `password`), or an element type ending in a secure field's
    /// name (XCUITest `XCUIElementTypeSecureTextField`, a tool's `SecureTextField`,
    /// SwiftUI's `SecureField`), in any case and spelling.
    public static func isSecureInputTypeName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isSecureName(bytes) { return true }
        guard var folded = fold(bytes, limit: Int.max) else { return true }
        // A generic type names itself without its arguments (`SecureField<Text>`).
        if let open = folded.firstIndex(of: UInt8(ascii: "<")) { folded.removeSubrange(open...) }
        return secureFieldSuffixes.contains { folded.count >= $0.count && folded[(folded.count - $0.count)...].elementsEqual($0) }
    }

    /// ``isSecureInputTypeName(_:)`` for a value however it is held: its raw bytes, or
    /// its decoded text when it has escapes.
    public static func isSecureInputTypeName(_ bytes: UnsafeBufferPointer<UInt8>, escaped decoded: String?) -> Bool {
        guard var text = decoded else { return isSecureInputTypeName(bytes) }
        return text.withUTF8 { isSecureInputTypeName($0) }
    }

    private static let secureFieldSuffixes: [[UInt8]] = ["securetextfield", "securefield"].map { Array($0.utf8) }

    /// Bytes that separate the words of a list or a wrapped value.
    private static func isListSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "|"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"),
             UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    /// Whether the bytes, with `- _ .` and spaces dropped and letters lower-cased, are one
    /// of ``secureNames``, alone or after the name of the type or constant that holds it
    /// (``securePrefixes``: `UITextContentType.password`, `UITextContentTypePassword`,
    /// `View.AUTOFILL_HINT_PASSWORD`). Fullwidth forms read as ASCII and invisible format
    /// characters (zero-width spaces and joiners, soft hyphens) are dropped, as the
    /// detectors read them: none of these hides a secure name.
    private static func isSecureFoldedName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Folded past the longest name with its longest prefix: none of them, however it goes on.
        guard let folded = fold(bytes, limit: longestFoldedName) else { return false }
        if secureNames.contains(String(decoding: folded, as: UTF8.self)) { return true }
        // After the name of the type or constant, whatever qualifies it
        // (`android.view.View.AUTOFILL_HINT_`, `androidx.autofill.HintConstants.AUTOFILL_HINT_`).
        for prefix in securePrefixes {
            guard let end = lastEnd(of: prefix, in: folded) else { continue }
            return secureNames.contains(String(decoding: folded[end...], as: UTF8.self))
        }
        return false
    }

    /// The one fold of names (``normalizedName(_:)``, ``isSecureName(_:)``): ASCII
    /// letters lowercased; `-`, `_`, `.`, spaces and invisible format characters
    /// dropped; fullwidth ASCII read as ASCII; other scalars kept. Nil for malformed
    /// UTF-8, or once the fold passes `limit` bytes.
    /// - Complexity: O(n), no allocation beyond the result.
    private static func fold(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [UInt8]? {
        var folded: [UInt8] = []
        folded.reserveCapacity(min(bytes.count, limit) + 1)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                var value = scalar.value
                if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 }  // fullwidth ASCII
                if value < 0x80 {
                    let byte = UInt8(value)
                    switch byte {
                    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: " "), 0x00...0x1F, 0x7F: continue
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): folded.append(byte | 0x20)
                    default: folded.append(byte)
                    }
                } else if DetectorFold.isInvisible(scalar) || isIgnorableInName(scalar) {
                    continue
                } else {
                    UTF8Writing.append(value, to: &folded)
                }
            case .emptyInput:
                return folded
            case .error:
                return nil
            }
            if folded.count > limit { return nil }
        }
    }

    /// Scalars a name never holds and that would hide one if kept: spaces and line
    /// breaks other than ASCII (no-break, thin, ideographic), controls, format
    /// characters, and default-ignorable code points (variation selectors, Hangul fillers).
    private static func isIgnorableInName(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format: return true
        default: return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
        }
    }

    /// Where the last occurrence of `part` in `bytes` ends, or nil.
    private static func lastEnd(of part: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= part.count else { return nil }
        for start in stride(from: bytes.count - part.count, through: 0, by: -1) where bytes[start..<start + part.count].elementsEqual(part) {
            return start + part.count
        }
        return nil
    }

    /// The folded names of the types and constants that hold content types and autofill
    /// hints: iOS `UITextContentType` (`.password`, and Objective-C's
    /// `UITextContentTypePassword`), Android `View.AUTOFILL_HINT_` and androidx
    /// `HintConstants.AUTOFILL_HINT_`, each however it is qualified.
    static let securePrefixes: [[UInt8]] = ["uitextcontenttype", "autofillhint"].map { Array($0.utf8) }

    /// The longest of ``secureNames``, in bytes.
    static let longestSecureName = secureNames.map(\.utf8.count).max() ?? 0

    /// The longest folded name worth reading: a secure name after the longest qualified
    /// prefix met (`androidxautofillhintconstantsautofillhint`, 41 bytes), with room.
    static let longestFoldedName = longestSecureName + 64

    /// Whether an Android `inputType` (the `android.text.InputType` bits) is a password:
    /// the text variations `textPassword` (0x81), `textVisiblePassword` (0x91) and
    /// `textWebPassword` (0xe1), and `numberPassword` (0x12), with any flags. A negative
    /// value stands for an `inputType` that could not be read, which counts as secure.
    public static func isSecureInputType(_ value: Int) -> Bool {
        if value < 0 { return true }
        let inputClass = value & 0xF, variation = value & 0xFF0
        switch inputClass {
        case 0x1: return variation == 0x80 || variation == 0x90 || variation == 0xE0
        case 0x2: return variation == 0x10
        default: return false
        }
    }

    /// An `inputType` given as text, as layouts and captures write it: the names of
    /// `android:inputType` joined by `|` (`textPassword|textNoSuggestions`), or a number
    /// in decimal or hex (`129`, `0x81`).
    ///
    /// - Returns: the bits; for text naming a password variation anywhere, that
    ///   variation (so a combination cannot hide it); -1 for text the engine cannot read
    ///   (which ``isSecureInputType(_:)`` counts as secure).
    public static func inputType(parsing text: String) -> Int {
        let trimmed = text.trimmingASCIISpaces()
        if let number = parseInteger(trimmed) { return number }
        var bits = 0
        for part in trimmed.split(separator: "|", omittingEmptySubsequences: false) {
            guard let value = inputTypeNames[String(part).trimmingASCIISpaces()] else { return -1 }
            if isSecureInputType(value) { return value }
            bits |= value
        }
        return bits
    }

    private static func parseInteger(_ text: String) -> Int? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return Int(text.dropFirst(2), radix: 16)
        }
        return Int(text)
    }

    /// The names `android:inputType` takes, with their bits (android.text.InputType).
    static let inputTypeNames: [String: Int] = [
        "none": 0x0, "text": 0x1, "textCapCharacters": 0x1001, "textCapWords": 0x2001, "textCapSentences": 0x4001,
        "textAutoCorrect": 0x8001, "textAutoComplete": 0x10001, "textMultiLine": 0x20001, "textImeMultiLine": 0x40001,
        "textNoSuggestions": 0x80001, "textEnableTextConversionSuggestions": 0x100001,
        "textUri": 0x11, "textEmailAddress": 0x21, "textEmailSubject": 0x31, "textShortMessage": 0x41,
        "textLongMessage": 0x51, "textPersonName": 0x61, "textPostalAddress": 0x71, "textPassword": 0x81,
        "textVisiblePassword": 0x91, "textWebEditText": 0xA1, "textFilter": 0xB1, "textPhonetic": 0xC1,
        "textWebEmailAddress": 0xD1, "textWebPassword": 0xE1,
        "number": 0x2, "numberSigned": 0x1002, "numberDecimal": 0x2002, "numberPassword": 0x12,
        "phone": 0x3, "datetime": 0x4, "date": 0x14, "time": 0x24,
    ]

    /// Whether a view with these facts and kind is secure text entry (its own markers
    /// only; a secure ancestor makes a view secure too, which the resolver hands down).
    public static func isSecure(_ facts: ViewFacts, kind: ViewKind) -> Bool {
        ownMarkers(facts, kind: kind)
    }

    /// ``isSecure(_:kind:)``, inlined where the resolver decides a view (a call per view
    /// otherwise: the optimizer kept it out of line).
    @_transparent
    static func ownMarkers(_ facts: ViewFacts, kind: ViewKind) -> Bool {
        isSecure(kind: kind, flagged: facts.isSecureTextEntry,
                 secureContentType: facts.textContentType.map(isSecureName) ?? false,
                 inputType: facts.inputType)
            || (facts.autofillHints?.contains(where: isSecureName) ?? false)
    }

    /// The rule itself, for facts however they are held.
    @inline(__always)
    static func isSecure(kind: ViewKind, flagged: Bool, secureContentType: Bool, inputType: Int?) -> Bool {
        kind == .secureText || flagged || secureContentType || (inputType.map(isSecureInputType) ?? false)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs.
    fileprivate func trimmingASCIISpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
