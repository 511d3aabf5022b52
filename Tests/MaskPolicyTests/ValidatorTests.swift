import MaskEngine
import MaskPolicy
import Testing

/// Parses a policy that has no schema error, for calling the validator directly.
private func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ParsedPolicy {
    let (root, readDiagnostics) = readYAML(text)
    #expect(readDiagnostics.isEmpty, "\(listing(readDiagnostics))", sourceLocation: sourceLocation)
    let (parsed, diagnostics) = PolicyParser.parse(try #require(root, sourceLocation: sourceLocation), file: testFile)
    #expect(diagnostics.isEmpty, "\(listing(diagnostics))", sourceLocation: sourceLocation)
    return try #require(parsed, sourceLocation: sourceLocation)
}

@Suite("PolicyValidator: extends cycles")
struct TypeCycleTests {
    @Test("a class extending itself is a cycle, at its extends value")
    func selfCycle() {
        let compilation = expectDiagnostic(
            "type-cycle", header + "types:\n  Loop: { extends: 1️⃣Loop }\n",
            hint: .exactly("a class cannot be its own superclass"), messageContains: "Loop -> Loop")
        #expect(compilation.parsed != nil, "the policy parsed; only validation failed")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("a two-class cycle is reported once, at the first member in source order")
    func twoClassCycle() {
        let compilation = expectDiagnostic(
            "type-cycle", header + "types:\n  A: { extends: 1️⃣B }\n  B: { extends: A }\n",
            messageContains: "A -> B -> A")
        #expect(compilation.diagnostics.filter { $0.ruleID == "type-cycle" }.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("a three-class cycle declared out of order")
    func threeClassCycle() {
        let compilation = expectDiagnostic(
            "type-cycle", header + "types:\n  C: { extends: 1️⃣A }\n  A: { extends: B }\n  B: { extends: C }\n",
            messageContains: "C -> A -> B -> C")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("a class leading into a cycle is not reported; the cycle is, once")
    func tailIntoCycle() {
        let compilation = expectDiagnostic(
            "type-cycle",
            header + "types:\n  Tail: { extends: A }\n  A: { extends: 1️⃣B }\n  B: { extends: A }\n",
            messageContains: "A -> B -> A")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
        #expect(!compilation.diagnostics.contains { $0.message.contains("Tail") })
    }

    @Test("two separate cycles are two diagnostics")
    func twoCycles() {
        let input = MarkedText(header + """
        types:
          A: { extends: 1️⃣B }
          B: { extends: A }
          X: { extends: 2️⃣Y }
          Y: { extends: Z }
          Z: { extends: X }
        """)
        let compilation = PolicyCompiler.compile(input.text, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        expectDiagnostic("type-cycle", at: input["1️⃣"], in: compilation.diagnostics)
        expectDiagnostic("type-cycle", at: input["2️⃣"], in: compilation.diagnostics)
        #expect(compilation.diagnostics.count == 2, "\(listing(compilation.diagnostics))")
    }

    @Test("a cycle through a built-in class is found")
    func cycleThroughBuiltin() {
        // UIView is in the built-in catalog; redeclaring it to extend a subclass loops.
        let compilation = expectDiagnostic(
            "type-cycle", header + "types:\n  MyView: { extends: 1️⃣UIView }\n  UIView: { extends: MyView }\n",
            messageContains: "MyView -> UIView -> MyView")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("long chains without a loop are fine")
    func longChain() throws {
        var text = header + "types:\n  C0: { extends: UIView }\n"
        for i in 1..<200 { text += "  C\(i): { extends: C\(i - 1) }\n" }
        let compilation = expectClean(text)
        #expect(compilation.parsed?.classes.count == 200)
        #expect(compilation.table?.catalog.chain(of: "C199").contains("UIView") == true)
    }

    @Test("a diamond of classes extending the same one is no cycle")
    func sharedSuperclass() {
        expectClean(header + "types:\n  A: { extends: UILabel }\n  B: { extends: UILabel }\n  C: { extends: A }\n  D: { extends: A }\n")
    }

    @Test("validate takes the catalog to check against")
    func customCatalog() throws {
        let parsed = try parse(header + "types:\n  Inner: { extends: Outer }\n")
        #expect(PolicyValidator.validate(parsed).isEmpty)
        let looping = TypeCatalog([ClassDeclaration("Outer", extends: "Inner")])
        let diagnostics = PolicyValidator.validate(parsed, catalog: looping)
        #expect(diagnostics.map(\.ruleID) == ["type-cycle"])
        #expect(diagnostics.first.map { Position($0.range.start) } == Position(4, 21))
    }
}

@Suite("PolicyValidator: reliable targets")
struct TargetValidationTests {
    @Test(
        "well-formed exact targets compile",
        arguments: [
            "UIButton[ai:SalesViewController.on_sale]",
            "UIButton[ai:on_sale]",
            "android.widget.Button[ai:buy]",
            "[root]>UIView:eq(0)",
            "[root]>UIView:eq(0)>UILabel:eq(12)",
            "[root]>UIView[ri:Screen.header]>UILabel[tg:3]",
            "[root]>UIView[tg:-1]>UIStackView:eq(1)>UIButton[ri:buy]",
        ])
    func valid(target: String) throws {
        let compilation = expectClean(header + "rules:\n  - mask: { target: \"\(target)\" }\n")
        #expect(compilation.table?.rules.first?.selector == .target(GlobPattern(target)))
        #expect(compilation.table?.usesTargets == true)
    }

    @Test(
        "malformed exact targets are invalid-value at the target's value",
        arguments: [
            ("UIButton", "expected 'Class[ai:identifier]'"),
            ("UIButton[ai:x", "expected 'Class[ai:identifier]'"),
            ("[ai:x]", "missing class name"),
            ("UIButton[ai:]", "expected '[ai:identifier]'"),
            ("UIButton[ri:x]", "expected '[ai:identifier]'"),
            ("UIView:eq(0)", "expected 'Class[ai:identifier]'"),
            ("[root]", "expected '>' after '[root]'"),
            ("[root]UIView:eq(0)", "expected '>' after '[root]'"),
            ("[root]>", "empty step"),
            ("[root]>UIView:eq(0)>", "step 2"),
            ("[root]>>UIView:eq(0)", "empty step"),
            ("[root]>UIView:eq(-1)", "non-negative"),
            ("[root]>UIView:eq(x)", "non-negative"),
            ("[root]>UIView:first", "':eq(N)'"),
            ("[root]>:eq(0)", "missing class name"),
            ("[root]>UIView[tg:x]", "expected an integer tag"),
            ("[root]>UIView[ri:]", "empty restoration identifier"),
            ("[root]>[ri:x]", "missing class name"),
            ("[root]>UIView[ai:x]", "expected '[ri:...]' or '[tg:N]'"),
            ("[root]>UIView", "expected 'Class[ri:...]'"),
        ] as [(String, String)])
    func invalid(target: String, problem: String) {
        expectDiagnostic(
            "invalid-value", header + "rules:\n  - unmask: { target: 1️⃣\"\(target)\" }\n",
            hint: .exactly("write 'Class[ai:Screen.identifier]' or '[root]>Class:eq(0)>...'"),
            messageContains: problem)
    }

    @Test("a target in block style is reported at its value")
    func blockStyle() {
        expectDiagnostic("invalid-value", header + "rules:\n  - mask:\n      target: 1️⃣UIButton\n      recursive: false\n")
    }

    @Test("targets with a star are patterns and are not checked for shape")
    func patterns() {
        expectClean(header + "rules:\n  - mask: { target: \"UIButton*\" }\n  - mask: { target: \"*[ai:x]\" }\n  - mask: { target: \"[root]>*\" }\n")
    }

    @Test("every malformed target and every cycle is reported together")
    func allProblems() {
        let input = MarkedText(header + """
        types:
          A: { extends: 1️⃣A }
        rules:
          - mask: { target: 2️⃣UIButton }
          - mask: { target: "UIButton[ai:ok]" }
          - unmask: { target: 3️⃣"[root]>x" }
        """)
        let compilation = PolicyCompiler.compile(input.text, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        #expect(compilation.parsed?.rules.count == 3)
        expectDiagnostic("type-cycle", at: input["1️⃣"], in: compilation.diagnostics)
        expectDiagnostic("invalid-value", at: input["2️⃣"], in: compilation.diagnostics)
        expectDiagnostic("invalid-value", at: input["3️⃣"], in: compilation.diagnostics)
        #expect(compilation.diagnostics.count == 3, "\(listing(compilation.diagnostics))")
        // Sorted by position.
        #expect(compilation.diagnostics.map(\.range.start.line) == [4, 6, 8])
    }

    @Test("validate on a clean policy finds nothing")
    func cleanPolicy() throws {
        let parsed = try parse(header + "types:\n  A: { extends: UILabel }\nrules:\n  - mask: { target: \"A[ai:x]\" }\n")
        #expect(PolicyValidator.validate(parsed).isEmpty)
    }
}
