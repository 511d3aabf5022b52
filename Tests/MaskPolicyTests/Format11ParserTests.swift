import MaskDiagnostics
import MaskEngine
import MaskPolicy
import Testing

/// Policy format 1.1 in the front end: `version: 1.1`, `kind` selectors, `defaults:`,
/// `detect:`, and the error for any of them under `version: 1`.
@Suite("Format 1.1 parsing")
struct Format11ParserTests {
    static let header = "version: 1.1\ndefault: mask\n"

    @Test("a format 1.1 policy compiles with its kind rules, defaults and detectors")
    func compiles() throws {
        let yaml = Self.header + """
            defaults: { text: unmask, inputs: mask, images: mask-non-bundled }
            detect: [email, phone, payment-card, iban, secret, email]
            rules:
              - mask: { kind: input, recursive: false }
              - unmask: { type: UITextField }
            """
        let compilation = PolicyCompiler.compile(yaml, file: "p.yaml")
        let parsed = try #require(compilation.parsed)
        #expect(compilation.diagnostics.isEmpty, "\(listing(compilation.diagnostics))")
        #expect(parsed.format == .v1_1)
        #expect(parsed.defaults == DimensionDefaults(text: .unmask, inputs: .mask, images: .maskNonBundled))
        // Listed twice, run once.
        #expect(parsed.detectors == [.email, .phone, .paymentCard, .iban, .secret])
        #expect(parsed.rules[0].rule.selector == .kind(.input) && !parsed.rules[0].rule.recursive)
        let table = try #require(compilation.table)
        #expect(table.defaults == parsed.defaults && table.detectors == parsed.detectors)
    }

    @Test("under version 1, each format 1.1 key is an error at the key, with a hint to say 1.1", arguments: [
        "1️⃣defaults: { text: unmask }\n",
        "1️⃣detect: [email]\n",
        "rules:\n  - mask: { kind: 1️⃣input }\n",
    ])
    func needsVersion11(_ body: String) {
        expectDiagnostic("invalid-value", "version: 1\ndefault: mask\n" + body, hint: .exactly("write 'version: 1.1' to use policy format 1.1"))
    }

    @Test("an unknown detector is an error with a did-you-mean")
    func unknownDetector() {
        expectDiagnostic("invalid-value", Self.header + "detect: [email, 1️⃣phon]\n", hint: .exactly("did you mean 'phone'?"),
                         messageContains: "unknown detector 'phon'")
        expectDiagnostic("invalid-value", Self.header + "detect: [1️⃣creditcard]\n", messageContains: "unknown detector")
        expectDiagnostic("wrong-type", Self.header + "detect: 1️⃣email\n")
    }

    @Test("defaults: unknown dimensions, values that are not allowed")
    func badDefaults() {
        expectDiagnostic("unknown-key", Self.header + "defaults: { 1️⃣input: mask }\n", hint: .exactly("did you mean 'inputs'?"))
        expectDiagnostic("invalid-value", Self.header + "defaults: { text: 1️⃣mask-non-bundled }\n")
        expectDiagnostic("invalid-value", Self.header + "defaults: { images: 1️⃣mask-non-bundle }\n", hint: .exactly("did you mean 'mask-non-bundled'?"))
        expectDiagnostic("wrong-type", Self.header + "defaults: 1️⃣[text]\n")
    }

    @Test("an unknown kind is an error with a did-you-mean")
    func unknownKind() {
        expectDiagnostic("invalid-value", Self.header + "rules:\n  - mask: { kind: 1️⃣inputs }\n", hint: .exactly("did you mean 'input'?"))
    }

    @Test("versions other than 1 and 1.1 are refused")
    func versions() {
        expectDiagnostic("invalid-value", "version: 1️⃣1.2\ndefault: mask\n", messageContains: "unsupported policy version 1.2")
        #expect(PolicyCompiler.compile("version: 1.1\ndefault: mask\n", file: "p.yaml").table != nil)
    }

    @Test("generated Swift of a format 1.1 policy carries its kinds, defaults and detectors")
    func swiftEmission() throws {
        let yaml = Self.header + "defaults: { images: mask-non-bundled }\ndetect: [payment-card]\nrules:\n  - mask: { kind: swiftui-text }\n"
        let policy = try #require(PolicyCompiler.compile(yaml, file: "p.yaml").parsed?.policy)
        let swift = SwiftPolicyEmitter.emit(policy, typeName: "P", source: "p.yaml", digest: "0")
        #expect(swift.contains("rules: rules, defaults: DimensionDefaults(images: .maskNonBundled), detectors: [.paymentCard])"))
        #expect(swift.contains("MaskRule(.mask, .kind(.swiftUIText), origin: at(6, 5))"))
    }
}
