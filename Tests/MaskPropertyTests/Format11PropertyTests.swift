import Testing
import MaskEngine
import MaskJSON
import MaskTestSupport

/// Policy format 1.1 over generated trees and policies: `kind` rules, per-dimension
/// defaults and image sources decide as the reference resolver, written apart from the
/// engine, says; every path to a decision agrees; the `detect:` safety net leaves no
/// detected text in clear.
@Suite("Format 1.1 properties")
struct Format11PropertyTests {
    static let cases = 300

    @Test("the compiled table agrees with the reference resolver on kind rules and per-dimension defaults")
    func tableMatchesReference() {
        var kindDecided = 0, dimensionDecided = 0
        for seed in 0..<UInt64(Self.cases) {
            let tree = Gen.tree11(seed: seed &+ 90_000).tree
            let policy = Gen.policy11(for: tree, seed: seed &+ 90_000)
            let expected = ReferenceResolver(policy: policy).resolve(tree)
            let actual = DecisionTable(policy: policy).resolve(tree)
            for view in 0..<tree.count {
                if let rule = actual[view].ruleIndex, policy.rules[rule].selector.key == .kind { kindDecided += 1 }
                if actual[view].level == .default && !policy.defaults.isEmpty { dimensionDecided += 1 }
            }
            for view in 0..<tree.count where actual[view] != expected[view] {
                Issue.record("seed \(seed &+ 90_000) view \(view) (\(tree.views[view])): table \(actual[view]), reference \(expected[view]); policy \(policy)")
                break
            }
        }
        // The cases reach what they are about.
        #expect(kindDecided > 100 && dimensionDecided > 100)
    }

    @Test("reading as bytes, reading then deciding, the traversal and a loaded table decide alike")
    func everyPathAgrees() throws {
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree11(seed: seed &+ 91_000)
            let policy = Gen.policy11(for: generated.tree, seed: seed &+ 91_000)
            let table = DecisionTable(policy: policy)
            let input = Array(generated.json.utf8)
            let masker = TreeMasker(table: table)
            let (layout, streamed) = try masker.readDeciding(input, file: "in.json")
            let reference = ReferenceResolver(policy: policy).resolve(generated.tree)
            // Trees read from JSON know what each view carries (and what containers repeat:
            // the echo guard, over the reference's decisions); the traversal and a table's
            // `resolve` decide from facts alone.
            let carried = masker.guardingEchoes(layout, Self.withContentDefaults(reference, generated, table: table))
            #expect(streamed == carried, "seed \(seed &+ 91_000): streaming")
            #expect(masker.decide(try masker.read(input, file: "in.json")) == carried, "seed \(seed &+ 91_000): read then decide")
            #expect(traverse(generated.tree, table: table) == reference, "seed \(seed &+ 91_000): traversal")
            #expect(try TableFormat.decode(TableFormat.encode(policy)) == policy, "seed \(seed &+ 91_000): table format")
            #expect(try DecisionTable(serialized: TableFormat.encode(policy)).resolve(generated.tree) == reference, "seed \(seed &+ 91_000): loaded table")
        }
    }

    /// The decisions with per-dimension defaults by carried content: what each view
    /// carries read from the generated fields, apart from the engine's pass over JSON.
    static func withContentDefaults(_ decisions: [MaskDecision], _ generated: CaseTree, table: DecisionTable) -> [MaskDecision] {
        func carries(_ value: J) -> Bool {
            switch value {
            case .s(let text): return !text.isEmpty
            case .n: return true
            case .arr(let items): return items.contains(where: carries)
            case .obj(let members): return members.contains { !$0.0.isEmpty || carries($0.1) }
            case .b, .null: return false
            }
        }
        return decisions.enumerated().map { index, decision in
            let view = generated.views[index]
            let text = (view.textFields + view.unknown).contains { carries($0.1) }
            let image: ImageSource?? = view.image == nil ? nil : .some(view.facts.imageSource)
            return table.contentDefault(decision, kind: table.selectorKind(of: view.facts), carriesText: text, image: image)
        }
    }

    @Test("defaults by carried content mask views of no dimension with text or images, and only those")
    func contentDefaults() throws {
        var masked = 0
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree11(seed: seed &+ 93_000)
            var policy = Gen.policy11(for: generated.tree, seed: seed &+ 93_000)
            policy.defaultAction = .unmask
            policy.defaults.text = .mask
            let table = DecisionTable(policy: policy)
            let (_, decisions) = try TreeMasker(table: table).readDeciding(Array(generated.json.utf8), file: "in.json")
            let reference = ReferenceResolver(policy: policy).resolve(generated.tree)
            // A container the echo guard masks is the guard's (its own property test).
            for (index, view) in generated.views.enumerated() where decisions[index] != reference[index] && decisions[index].echoSource == nil {
                masked += 1
                // Only a view shown on level 5, of no dimension, is changed: masked, naming a dimension.
                #expect(!reference[index].isMasked && reference[index].level == .default && reference[index].ruleIndex == nil, "seed \(seed &+ 93_000) view \(index)")
                #expect(table.selectorKind(of: view.facts).dimension == nil, "seed \(seed &+ 93_000) view \(index)")
                #expect(decisions[index].isMasked && decisions[index].contentDimension != nil, "seed \(seed &+ 93_000) view \(index)")
            }
        }
        #expect(masked > 50)
    }

    @Test("a version 1 policy is written as table format 1, a format 1.1 policy as 2")
    func tableVersions() {
        for seed in 0..<UInt64(50) {
            let tree = Gen.tree(seed: seed).tree
            let v1 = Gen.policy(for: tree, seed: seed)
            #expect(TableFormat.encode(v1)[4] == 1)
            var v11 = v1
            v11.detectors = [.email]
            #expect(TableFormat.encode(v11)[4] == 2)
        }
    }

    @Test("with detect:, no text a detector matches is written in clear, and only views holding one are masked by it")
    func safetyNet() throws {
        let detectors: [ContentDetector] = [.email, .phone, .paymentCard, .iban, .secret]
        var detected = 0
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree11(seed: seed &+ 92_000)
            let policy = Gen.policy11(for: generated.tree, seed: seed &+ 92_000, detectors: detectors)
            let masker = TreeMasker(table: DecisionTable(policy: policy))
            let input = Array(generated.json.utf8)
            let output = String(decoding: try masker.apply(input, file: "in.json"), as: UTF8.self)
            let (_, decisions) = try masker.readDeciding(input, file: "in.json")
            let withoutNet = Self.withContentDefaults(ReferenceResolver(policy: policy).resolve(generated.tree), generated,
                                                      table: DecisionTable(policy: policy))
            for (index, view) in generated.views.enumerated() {
                // Everything masking would change: text-bearing and unknown fields, and the image.
                let texts = view.textFields.flatMap { [$0.0] + $0.1.strings } + view.unknown.flatMap { [$0.0] + $0.1.strings }
                    + (view.image.map { [$0] } ?? [])
                // An image shown whose text the decision masks already (`masksText`) sends only its image.
                let sent = withoutNet[index].masksText && !withoutNet[index].isMasked ? (view.image.map { [$0] } ?? []) : texts
                let holds = sent.contains { text in ValueDetectors.scan(text).contains(where: detectors.contains) }
                if decisions[index].echoSource != nil {
                    // The echo guard's (its own property test): shown before it.
                    #expect(!withoutNet[index].isMasked, "seed \(seed &+ 92_000) view \(index)")
                } else if decisions[index].level == .detector {
                    detected += 1
                    // Masked by the net: it held something, and the policy had left it unmasked.
                    #expect(holds && !withoutNet[index].isMasked, "seed \(seed &+ 92_000) view \(index)")
                } else {
                    #expect(decisions[index] == withoutNet[index], "seed \(seed &+ 92_000) view \(index)")
                    #expect(!holds || decisions[index].isMasked, "seed \(seed &+ 92_000) view \(index): detected text left unmasked")
                }
                for text in texts where ValueDetectors.scan(text).contains(where: detectors.contains) {
                    #expect(!output.contains(quote(text)), "seed \(seed &+ 92_000) view \(index): detected text in clear")
                }
            }
        }
        #expect(detected > 20)
    }
}
