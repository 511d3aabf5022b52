/// The name of the `enum` generated Swift declares for a policy.
public enum SwiftTypeName {
    /// Whether `name` can name the generated type: an ASCII letter or `_`, then letters,
    /// digits and `_`, and not a Swift keyword.
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        guard name.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else { return false }
        return !keywords.contains(name) && !referenced.contains(name) && name != "_"
    }

    /// The names the generated code refers to: a generated type of one of these names
    /// would hide the one meant (inside `enum MaskingPolicy`, `MaskingPolicy(...)` names
    /// the enum), and the app would not build.
    public static let referenced: Set<String> = [
        "MaskEngine", "DecisionTable", "MaskingPolicy", "ClassDeclaration", "MaskRule", "RuleOrigin", "GlobPattern",
        "DimensionDefaults", "ContentDetector", "ViewSelector", "ViewKind", "MaskAction", "SelectorKind",
        "Int", "String", "Bool", "Array", "Optional", "Swift",
    ]

    /// The default name for a policy file: its file name up to the first `.`, in upper
    /// camel case at every character that is not a letter or digit, then `Policy`
    /// unless it ends so already: `retail-app.yaml` is `RetailAppPolicy`,
    /// `checkout.maskpolicy.yaml` is `CheckoutPolicy`. A name that would start with a
    /// digit, or has no letter or digit at all, starts with `Policy`.
    public static func derived(fromFile path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let stem = file.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? file
        var name = ""
        var upper = true
        for byte in stem.utf8 {
            if isLetter(byte) || isDigit(byte) {
                let scalar = Unicode.Scalar(upper && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
                name.unicodeScalars.append(scalar)
                upper = false
            } else {
                upper = true
            }
        }
        if name.isEmpty || isDigit(name.utf8.first ?? 0) { name = "Policy" + name }
        if !name.hasSuffix("Policy") { name += "Policy" }
        // `masking.maskpolicy.yaml` would be `MaskingPolicy`, the engine's type.
        return referenced.contains(name) ? "Generated" + name : name
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Swift's reserved words, which cannot name a type without backquotes.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type",
    ]
}
