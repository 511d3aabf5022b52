import Testing
import MaskEngine
import MaskJSON
import MaskPolicy
import MaskTestSupport

/// Property tests over seeded random policies and trees (issue 4, part 2). Each runs a
/// few hundred deterministic cases; a failure names the seed, so the case can be
/// replayed by running the property body on that seed alone.

/// The views a masked document writes, in order: those below no view whose children are
/// left out (maps, `recurse: false` classes).
func emittedViews(_ tree: ViewTree, _ decisions: [MaskDecision]) -> [Int] {
    var shown = [Bool](repeating: false, count: tree.count)
    var result: [Int] = []
    for view in 0..<tree.count {
        let parent = Int(tree.parents[view])
        shown[view] = parent < 0 || (shown[parent] && decisions[parent].emitsChildren)
        if shown[view] { result.append(view) }
    }
    return result
}

/// Whether `needle` occurs in `hay`, comparing UTF-8 bytes.
func occurs(_ needle: [UInt8], in hay: [UInt8]) -> Bool {
    guard !needle.isEmpty, needle.count <= hay.count else { return needle.isEmpty }
    var i = 0
    while i + needle.count <= hay.count {
        if hay[i] == needle[0], hay[i..<i + needle.count].elementsEqual(needle) { return true }
        i += 1
    }
    return false
}

/// Decisions through a `MaskingTraversal`, entering and leaving views in pre-order.
func traverse(_ tree: ViewTree, table: DecisionTable) -> [MaskDecision] {
    var traversal = MaskingTraversal(table: table, screen: tree.screen)
    var open: [Int] = []
    var decisions: [MaskDecision] = []
    for view in 0..<tree.count {
        let parent = Int(tree.parents[view])
        while let top = open.last, top != parent { traversal.leave(); open.removeLast() }
        decisions.append(traversal.enter(tree.views[view]))
        open.append(view)
    }
    return decisions
}

/// Only `l`, `a`, `•` and whitespace, scalar by scalar. (Scalar by scalar, not grapheme
/// by grapheme: a whitespace grapheme can carry combining scalars — " \u{301}",
/// " \u{200D}", tag characters — which must not survive masking either.)
func isMaskPattern(_ value: String) -> Bool {
    value.unicodeScalars.allSatisfy { $0 == "l" || $0 == "a" || $0 == "•" || $0.properties.isWhitespace }
}

/// Whether the offending scalars of `value` (those `isMaskPattern` rejects) are all
/// grapheme extenders or joiners: the known whitespace-grapheme leak.
func isWhitespaceOrExtend(_ value: String) -> Bool {
    value.unicodeScalars.allSatisfy {
        $0 == "l" || $0 == "a" || $0 == "•" || $0.properties.isWhitespace || $0.properties.isGraphemeExtend || $0 == "\u{200D}"
    }
}

let textBearing: Set<String> = ["text", "placeholder", "accessibilityLabel", "accessibilityValue"]

@Suite("Properties") struct PropertyTests {
    static let cases = 300

    @Test("the compiled table agrees with the reference resolver on every view")
    func tableMatchesReference() {
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree(seed: seed)
            let tree = generated.tree
            let policy = Gen.policy(for: tree, seed: seed)
            let expected = ReferenceResolver(policy: policy).resolve(tree)
            let actual = DecisionTable(policy: policy).resolve(tree)
            for view in 0..<tree.count where actual[view] != expected[view] {
                Issue.record("seed \(seed) view \(view) (\(tree.indexPath(of: view)), \(tree.views[view])): table \(actual[view]), reference \(expected[view]); policy \(policy.rules)")
                break
            }
        }
    }

    @Test("MaskingTraversal agrees with DecisionTable.resolve")
    func traversalMatchesResolve() {
        for seed in 0..<UInt64(Self.cases) {
            let tree = Gen.tree(seed: seed &+ 10_000).tree
            let table = DecisionTable(policy: Gen.policy(for: tree, seed: seed &+ 10_000))
            let resolved = table.resolve(tree)
            let traversed = traverse(tree, table: table)
            for view in 0..<tree.count where resolved[view] != traversed[view] {
                Issue.record("seed \(seed &+ 10_000) view \(view): resolve \(resolved[view]), traversal \(traversed[view])")
                break
            }
        }
    }

    @Test("adding a mask rule never unmasks a view; adding an unmask rule never masks one")
    func monotonic() {
        for seed in 0..<UInt64(Self.cases) {
            let tree = Gen.tree(seed: seed &+ 20_000).tree
            let policy = Gen.policy(for: tree, seed: seed &+ 20_000)
            let before = DecisionTable(policy: policy).resolve(tree)
            var rng = SplitMix64(seed: seed &+ 777)
            for action in [MaskAction.mask, .unmask] {
                for _ in 0..<3 {
                    var extended = policy
                    let rule = Gen.rule(for: tree, &rng, action: action)
                    extended.rules.insert(rule, at: Int.random(in: 0...policy.rules.count, using: &rng))
                    let after = DecisionTable(policy: extended).resolve(tree)
                    for view in 0..<tree.count {
                        let broken = action == .mask ? (before[view].isMasked && !after[view].isMasked)
                                                     : (!before[view].isMasked && after[view].isMasked)
                        if broken {
                            Issue.record("seed \(seed &+ 20_000): adding \(action) \(rule.selector) flips view \(view) from \(before[view]) to \(after[view])")
                            break
                        }
                    }
                }
            }
        }
    }

    @Test("no leak: masked text is only l, a, • and whitespace; no original string of a masked node is written")
    func noLeak() throws {
        // Failures of the known kind (scalars glued to whitespace, see
        // `whitespaceGraphemeLeak`) are counted and reported once, so that any other leak
        // still shows on its own.
        var knownKind: [String] = []
        var others = 0
        func fail(_ message: String, known: Bool) {
            if known { knownKind.append(message) } else if others < 10 { others += 1; Issue.record(Comment(rawValue: message)) }
        }
        defer {
            if !knownKind.isEmpty {
                Issue.record("\(knownKind.count) leaks of scalars attached to whitespace (minimised in whitespaceGraphemeLeak), first: \(knownKind[0])")
            }
        }
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree(seed: seed &+ 30_000)
            let tree = generated.tree
            let masker = TreeMasker(table: DecisionTable(policy: Gen.policy(for: tree, seed: seed &+ 30_000)))
            let input = Array(generated.json.utf8)
            let document = try masker.read(input, file: "in.json")
            #expect(document.tree.views == tree.views, "seed \(seed &+ 30_000): the JSON reads back as the generated tree")
            let decisions = masker.decide(document)
            let output = try masker.apply(input, file: "in.json")
            let written = try masker.read(Array(output.dropLast()), file: "out.json")
            let shown = emittedViews(tree, decisions)
            try #require(written.tree.count == shown.count, "seed \(seed &+ 30_000)")

            // 1. Text-bearing fields of masked (and secure) views: l, a, • and whitespace only
            //    (a placeholder the engine adds for images, SwiftUI text and maps aside).
            let tape = written.tape
            for (j, view) in shown.enumerated() where decisions[view].isMasked || decisions[view].isSecure {
                var k = Int(written.viewTokens[j]) + 1
                while tape.tokens[k].kind != .objectEnd {
                    let key = tape.string(k)
                    if textBearing.contains(key), tape.tokens[k + 1].kind == .string {
                        let value = tape.string(k + 1)
                        if key == "placeholder", decisions[view].isMasked, let marker = Placeholder.marker(for: decisions[view].kind) {
                            #expect(value == marker)
                        } else {
                            if !isMaskPattern(value) {
                                fail("seed \(seed &+ 30_000) view \(view) \(key) = \(value.debugDescription)", known: isWhitespaceOrExtend(value))
                            }
                        }
                    }
                    k = tape.end(ofValueAt: k + 1)
                }
            }

            // 2. No original string of a masked node appears anywhere in the output.
            //    Secrets: the text-bearing, image and unknown string values of masked views
            //    (and the text-bearing values of secure views, which become bullets), and
            //    unknown strings of the wrapper. Skipped: values made only of l, a, • and
            //    whitespace (a correct mask can reproduce them: "la" masks to "la"), and values
            //    that occur inside a string the output legitimately carries in clear: keys,
            //    classes, identifiers, the screen, kept visual fields and every string of an
            //    unmasked view (the same text shown unmasked elsewhere is not a leak).
            var secrets: [String] = generated.wrapperExtras.flatMap { $0.1.strings }
            var clear: [String] = ["IMG", "RECT", "MAP"]
            if let screen = generated.screen { clear.append(screen) }
            for (key, _) in generated.wrapperExtras { clear.append(key) }
            for (view, v) in generated.views.enumerated() {
                let f = v.facts
                clear += [f.className] + (f.superclasses ?? []) + [f.id, f.accessibilityIdentifier, f.restorationIdentifier, f.textContentType].compactMap { $0 }
                clear += v.visual.flatMap { [$0.0] + $0.1.strings }
                clear += (v.textFields + v.unknown).map(\.0)
                let textValues = v.textFields.flatMap { $0.1.strings }
                let otherValues = v.unknown.flatMap { member in member.1.strings } + (v.image.map { [$0] } ?? [])
                let unknownKeys = v.unknown.flatMap { member -> [String] in
                    if case .obj(let inner) = member.1 { return inner.map(\.0) }
                    return []
                }
                clear += unknownKeys
                let shownView = shown.contains(view)
                if decisions[view].isMasked {
                    secrets += textValues + otherValues.filter { !unknownKeys.contains($0) }
                } else if decisions[view].isSecure {
                    secrets += textValues
                    if shownView { clear += otherValues }
                } else if shownView {
                    clear += textValues + otherValues
                }
            }
            let clearBytes = clear.map { Array($0.utf8) }
            var outputStrings: [[UInt8]] = []
            for t in 0..<tape.tokens.count where tape.tokens[t].kind == .string { outputStrings.append(Array(tape.string(t).utf8)) }
            for secret in Set(secrets) {
                if isMaskPattern(secret) { continue }
                let needle = Array(secret.utf8)
                if clearBytes.contains(where: { occurs(needle, in: $0) }) { continue }
                if let hit = outputStrings.first(where: { occurs(needle, in: $0) }) {
                    fail("seed \(seed &+ 30_000): masked value \(secret.debugDescription) written in \(String(decoding: hit, as: UTF8.self).debugDescription)",
                         known: isWhitespaceOrExtend(secret))
                }
            }
        }
    }

    @Test("apply is deterministic and idempotent on its own output for a fully masking policy")
    func idempotent() throws {
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree(seed: seed &+ 40_000)
            var rng = SplitMix64(seed: seed)
            // Fully masking: default mask and mask rules only (some aimed at the tree).
            let rules = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Gen.rule(for: generated.tree, &rng, action: .mask) }
            let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy(default: .mask, classes: Gen.declarations, rules: rules)))
            let input = Array(generated.json.utf8)
            let once = try masker.apply(input, file: "in.json")
            let again = try masker.apply(input, file: "in.json")
            #expect(once == again, "seed \(seed &+ 40_000): apply is not deterministic")
            let twice = try masker.apply(Array(once.dropLast()), file: "out.json")
            #expect(twice == once, "seed \(seed &+ 40_000): apply is not idempotent:\n\(String(decoding: once, as: UTF8.self))\n\(String(decoding: twice, as: UTF8.self))")
            #expect(masker.decide(try masker.read(Array(once.dropLast()), file: "out.json")).allSatisfy(\.isMasked))
        }
    }

    @Test("apply's streaming decisions equal read then decide, with and without path selectors")
    func streamingMatchesResolve() throws {
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree(seed: seed &+ 60_000)
            let policy = Gen.policy(for: generated.tree, seed: seed &+ 60_000)
            // Without `target` and index-path rules, `apply` hands views to the engine as
            // bytes (`RawViewFacts`); with them, as `ViewFacts`. Both must decide alike.
            var bytesOnly = policy
            bytesOnly.rules.removeAll { rule in
                switch rule.selector {
                case .target: return true
                case .id(let pattern): return pattern.text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2A }
                default: return false
                }
            }
            let table = DecisionTable(policy: bytesOnly)
            try #require(!table.usesTargets && !table.usesIDs)
            #expect(IncrementalResolver(table: table, screen: nil).takesRawFacts)
            let input = Array(generated.json.utf8)
            for variant in [policy, bytesOnly] {
                let masker = TreeMasker(table: DecisionTable(policy: variant))
                let (layout, streamed) = try masker.readDeciding(input, file: "in.json")
                #expect(streamed == masker.decide(try masker.read(input, file: "in.json")), "seed \(seed &+ 60_000)")
                #expect(streamed == masker.guardingEchoes(layout, ReferenceResolver(policy: variant).resolve(generated.tree)),
                        "seed \(seed &+ 60_000): the reference resolver disagrees")
            }
        }
    }

    @Test("a generated policy compiled from YAML decides like the policy it was written from")
    func yamlRoundTrip() {
        for seed in 0..<UInt64(100) {
            let tree = Gen.tree(seed: seed &+ 50_000).tree
            var policy = Gen.policy(for: tree, seed: seed &+ 50_000)
            policy.classes = Corpus.declarations  // what PolicyGenerator.yaml writes
            let yaml = PolicyGenerator.yaml(policy)
            let compilation = PolicyCompiler.compile(yaml, file: "gen.yaml")
            guard let table = compilation.table else {
                Issue.record("seed \(seed &+ 50_000): generated policy does not compile: \(compilation.diagnostics.map(\.rendered))\n\(yaml)")
                continue
            }
            #expect(table.resolve(tree) == DecisionTable(policy: policy).resolve(tree), "seed \(seed &+ 50_000)\n\(yaml)")
        }
    }
}

/// Minimised counterexample found by `noLeak` (seed 30030: a masked text holding
/// " \u{200D}"). The `la` pattern keeps a whitespace grapheme verbatim, scalars attached
/// to the whitespace included, so combining marks, joiners and tag characters after a
/// space leave in clear: "PIN " followed by TAG DIGIT ONE...FOUR (U+E0031...U+E0034,
/// invisible ASCII "1234") is written as "lal " followed by the same four tag characters.
@Test("minimised: scalars attached to whitespace do not survive masking")
func whitespaceGraphemeLeak() throws {
    let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy(default: .mask)))
    let input = #"{"class":"UILabel","text":"PIN \udb40\udc31\udb40\udc32\udb40\udc33\udb40\udc34"}"#
    let output = try masker.apply(Array(input.utf8), file: "leak.json")
    let written = String(decoding: output, as: UTF8.self)
    #expect(!written.unicodeScalars.contains { (0xE0000...0xE007F).contains($0.value) }, "tag characters written: \(written.debugDescription)")
    let pattern = Placeholder.laPattern("a \u{301}b")
    #expect(isMaskPattern(pattern), "laPattern(\"a \\u{301}b\") = \(pattern.debugDescription)")
}
