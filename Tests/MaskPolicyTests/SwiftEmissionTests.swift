import Testing
import MaskEngine
@testable import MaskPolicy

/// Names and literals in generated Swift.
@Suite("Swift emission")
struct SwiftEmissionTests {
    @Test("type names derived from policy files", arguments: [
        ("retail-app.yaml", "RetailAppPolicy"), ("Policies/strict-default.yaml", "StrictDefaultPolicy"),
        ("checkout.maskpolicy.yaml", "CheckoutPolicy"), ("app_policy.yaml", "AppPolicy"),
        ("2024-q3.maskpolicy.yaml", "Policy2024Q3Policy"), ("---.yaml", "Policy"), ("/abs/dir/My Screens.yaml", "MyScreensPolicy"),
    ])
    func derived(_ file: String, _ name: String) {
        #expect(SwiftTypeName.derived(fromFile: file) == name)
        #expect(SwiftTypeName.isValid(name))
    }

    @Test("names that cannot name a type", arguments: ["", "1x", "a-b", "enum", "Self", "_", "Café", "a b"])
    func invalid(_ name: String) {
        #expect(!SwiftTypeName.isValid(name))
    }

    @Test("string literals escape quotes, backslashes and everything outside printable ASCII")
    func literals() {
        #expect(SwiftLiteral.string("a\"b\\c") == #""a\"b\\c""#)
        #expect(SwiftLiteral.string("\u{1B}[8m\n\u{202E}é👍") == #""\u{1B}[8m\u{A}\u{202E}\u{E9}\u{1F44D}""#)
        #expect(SwiftLiteral.string("\\(x)") == #""\\(x)""#)
        #expect(SwiftLiteral.commentText("a\nb") == #"a\u{A}b"#)
    }

    @Test("each rule is one line, with only the arguments that differ from the defaults")
    func rules() {
        let rule = MaskRule(.unmask, .tag(-3), recursive: false, screen: "Home", reason: "r", origin: RuleOrigin(file: "p.yaml", line: 4, column: 5))
        #expect(SwiftPolicyEmitter.literal(rule, source: "p.yaml") == #"MaskRule(.unmask, .tag(-3), recursive: false, screen: "Home", reason: "r", origin: at(4, 5))"#)
        #expect(SwiftPolicyEmitter.literal(MaskRule(.mask, .id(GlobPattern("0.*"))), source: "p.yaml") == #"MaskRule(.mask, .id(GlobPattern("0.*")))"#)
        #expect(SwiftPolicyEmitter.literal(RuleOrigin(file: "q.yaml", line: 1, column: 2), source: "p.yaml") == #"RuleOrigin(file: "q.yaml", line: 1, column: 2)"#)
        let declaration = ClassDeclaration("Map", extends: "UIView", kind: .swiftUIText, recurse: false)
        #expect(SwiftPolicyEmitter.literal(declaration, source: "p.yaml") == #"ClassDeclaration("Map", extends: "UIView", kind: .swiftUIText, recurse: false)"#)
    }

    @Test("past a thousand elements, the appends are split over functions of a thousand, in order")
    func chunks() {
        let elements = (0..<2_500).map { "E(\($0))" }
        let code = SwiftPolicyEmitter.builder("makeRules", "MaskRule", "rules", elements)
        let lines = code.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("        makeRules") } == ["        makeRules1(&rules)", "        makeRules2(&rules)", "        makeRules3(&rules)"])
        #expect(lines.contains("    /// MaskRule 2001 to 2500."))
        let appended = lines.compactMap { line -> String? in
            guard let start = line.range(of: "rules.append(") else { return nil }
            return String(line[start.upperBound...].dropLast())
        }
        #expect(appended == elements)
        // No elements: an empty literal, no `var` (which would warn in the app's build).
        #expect(SwiftPolicyEmitter.builder("makeClasses", "ClassDeclaration", "classes", []) == """
                /// Runs once, on first use. `@_optimize(none)`: optimizing a thousand appends
                /// takes swiftc -O minutes and gains nothing at run time.
                @_optimize(none)
                private static func makeClasses() -> [ClassDeclaration] {
                    []
                }


            """)
    }
}
