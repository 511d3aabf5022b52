import Testing
import MaskEngine
import MaskJSON
import MaskTestSupport

/// A session reuses what one tree leaves for the next (class numbers and facts, the
/// resolver's caches, storage): it must write, tree by tree, exactly what a fresh
/// masker writes for each tree alone, whatever came before.
@Suite("Masking sessions") struct SessionTests {
    /// Trees of many screens, some without one, and broken trees between them.
    static func stream(seed: UInt64, count: Int) -> [[UInt8]] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { index in
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return Array(#"{"class":7}"#.utf8)
            case 1: return Array(#"{"screen":"HomeViewController","root":{"class":"UILabel","text":"Jane"#.utf8)
            default: return Array(Gen.tree(seed: seed &* 1_000 &+ UInt64(index)).json.utf8)
            }
        }
    }

    @Test("a session writes for each tree of a stream what apply writes for it alone", arguments: [false, true])
    func sessionMatchesApply(targets: Bool) throws {
        for seed in 0..<UInt64(12) {
            // Screen-scoped type rules make class facts depend on the screen; targets and
            // index paths take the `ViewFacts` path instead of bytes.
            var generator = PolicyGenerator(seed: seed &+ (targets ? 500 : 0))
            let masker = TreeMasker(table: DecisionTable(policy: generator.policy(rules: 60, targets: targets)),
                                    options: EmitOptions(explain: seed % 3 == 0))
            var session = TreeMaskingSession(masker: masker)
            for (index, tree) in Self.stream(seed: seed, count: 40).enumerated() {
                let alone: Result<[UInt8], TreeError>
                do { alone = .success(try masker.apply(tree, file: "in.ndjson")) } catch { alone = .failure(error) }
                var out: [UInt8] = []
                do {
                    try session.mask(tree, file: "in.ndjson", into: &out)
                    out.append(0x0A)
                    #expect(alone == .success(out), "seed \(seed), tree \(index): the session wrote something else")
                } catch {
                    #expect(alone == .failure(error), "seed \(seed), tree \(index): the session failed differently")
                    #expect(out.isEmpty, "seed \(seed), tree \(index): a tree that failed wrote output")
                }
            }
        }
    }

    @Test("a session starts its class numbers afresh past its limit and still decides alike")
    func classNameLimit() throws {
        let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy(default: .unmask, classes: [], rules: [
            MaskRule(.mask, .type("UILabel")),
        ])))
        var session = TreeMaskingSession(masker: masker)
        for index in 0..<(TreeMaskingSession.maximumClassNames + 50) {
            // A fresh class name on every line, and a known one now and then.
            let name = index % 1_000 == 0 ? "UILabel" : "App\(index)Label"
            let tree = Array(#"{"class":"\#(name)","text":"Jane"}"#.utf8)
            var out: [UInt8] = []
            try session.mask(tree, file: "-", into: &out)
            out.append(0x0A)
            if index % 1_000 == 0 || index > TreeMaskingSession.maximumClassNames {
                #expect(out == (try masker.apply(tree, file: "-")), "line \(index)")
            }
        }
    }
}
