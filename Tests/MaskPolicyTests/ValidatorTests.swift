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

/// `count` classes `prefix0`, `prefix1`, ..., each extending the one before, the first
/// extending `root`, as `types:` lines; `marked` puts a marker before that class's
/// `extends` value.
private func chainLines(_ prefix: String, _ count: Int, root: String, marked: Int? = nil) -> String {
    var text = ""
    for i in 0..<count {
        text += "  \(prefix)\(i): { extends: \(i == marked ? "1️⃣" : "")\(i == 0 ? root : "\(prefix)\(i - 1)") }\n"
    }
    return text
}

@Suite("PolicyValidator: class chains over the limit")
struct ChainLengthTests {
    // UIView's own chain is UIView, UIResponder, NSObject: C(i) extending UIView through
    // C0 has a chain of i + 4 classes, so C253 is the first over 256.

    @Test("a chain exactly at the limit compiles")
    func atTheLimit() throws {
        let compilation = expectClean(header + "types:\n" + chainLines("C", 253, root: "UIView"))
        let catalog = try #require(compilation.table?.catalog)
        #expect(catalog.chain(of: "C252").count == TypeCatalog.maximumChainLength)
        #expect(catalog.chain(of: "C252").last == "NSObject")
    }

    @Test("a chain over the limit is one error, at the extends of the first class over it")
    func overTheLimit() {
        let compilation = expectDiagnostic(
            "type-chain-limit", header + "types:\n" + chainLines("C", 300, root: "UIView", marked: 253),
            hint: .exactly("point 'extends' at a nearer class that carries the kind and rules that matter; a chain need not list every real superclass"),
            messageContains: "the class chain of 'C253' is 257 classes long, over the limit of 256 (so are those of 46 more classes, the longest 303 classes): the engine would cut it")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("the issue's map subclass 300 levels down no longer compiles")
    func deepMapSubclass() {
        let compilation = expectDiagnostic(
            "type-chain-limit", header + "types:\n" + chainLines("Map", 300, root: "MKMapView", marked: 252) + "rules:\n  - unmask: { type: Map299 }\n    reason: x\n",
            messageContains: "the class chain of 'Map252' is 257 classes long")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("branches that cross the limit at the same class are one error; separate chains are one each")
    func branches() {
        let input = MarkedText(header + "types:\n" + chainLines("C", 256, root: "UIView", marked: 253)
            + "  Left: { extends: C255 }\n  Right: { extends: C255 }\n"
            + chainLines("D", 260, root: "android.view.View").replacingOccurrences(of: "{ extends: D253 }", with: "{ extends: 2️⃣D253 }"))
        let compilation = PolicyCompiler.compile(input.text, file: testFile)
        // android.view.View's chain holds 2 classes: D(i) has i + 3, so D254 is the first over.
        expectDiagnostic("type-chain-limit", at: input["1️⃣"], in: compilation.diagnostics, messageContains: "so are those of 4 more classes")
        expectDiagnostic("type-chain-limit", at: input["2️⃣"], in: compilation.diagnostics, messageContains: "the class chain of 'D254' is 257 classes long, over the limit of 256 (so are those of 5 more classes, the longest 262 classes)")
        #expect(compilation.diagnostics.count == 2, "\(listing(compilation.diagnostics))")
    }

    @Test("a built-in class pushed over the limit is reported at the policy class that made it so")
    func throughARedeclaredBuiltin() {
        // UIView redeclared below 253 classes: UIView's chain is 255, UIControl's 256,
        // UIButton's 257 (and many others'): one error, at UIView's extends.
        let compilation = expectDiagnostic(
            "type-chain-limit", header + "types:\n" + chainLines("C", 253, root: "NSObject") + "  UIView: { extends: 1️⃣C252 }\n",
            messageContains: ", through 'UIView', is 257 classes long")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("a cycle longer than the limit is a cycle, once, and no chain error")
    func longCycle() {
        let text = header + "types:\n" + chainLines("C", 300, root: "C299").replacingOccurrences(of: "C0: { extends: C299 }", with: "C0: { extends: 1️⃣C299 }")
        let compilation = expectDiagnostic("type-cycle", text, messageContains: "'extends' loops: C0 -> C299 -> C298 -> C297 -> ... -> C2 -> C1 -> C0 (300 classes)")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("a long chain leading into a cycle is reported as the cycle only")
    func longTailIntoCycle() {
        let text = header + "types:\n" + chainLines("C", 300, root: "A") + "  A: { extends: 1️⃣B }\n  B: { extends: A }\n"
        let compilation = expectDiagnostic("type-cycle", text, messageContains: "A -> B -> A")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("20,000 classes in one chain are one error, checked in linear time")
    func veryLongChain() {
        let compilation = expectDiagnostic(
            "type-chain-limit", header + "types:\n" + chainLines("C", 20_000, root: "UIView", marked: 253),
            messageContains: "so are those of 19746 more classes, the longest 20003 classes")
        #expect(compilation.diagnostics.count == 1)
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
            // Spellings no path has: they would never match, a rule that silently does nothing.
            ("[root]>UIView[tg:0]>UILabel:eq(0)", "tag 0 counts as no tag"),
            ("[root]>UIView[tg:00]", "tag 0 counts as no tag"),
            ("[root]>UIView[tg:-0]", "tag 0 counts as no tag"),
            ("[root]>UIView[tg:+5]", "without '+' or leading zeros ('[tg:5]')"),
            ("[root]>UIView[tg:007]", "('[tg:7]')"),
            ("[root]>UIView:eq(05)", "without a sign or leading zeros (':eq(5)')"),
            ("[root]>UIView:eq(+1)", "(':eq(1)')"),
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
