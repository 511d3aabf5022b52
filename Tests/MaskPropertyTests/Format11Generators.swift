import MaskEngine
import MaskTestSupport

/// Policy format 1.1 on top of the generators: image sources on trees, `kind` rules,
/// per-dimension defaults and `detect:` on policies. Separate seeds, so the version 1
/// cases stay what they were.
extension Gen {
    /// The tree of `seed` with an image source on some of its image views (every
    /// source, and some left out).
    static func tree11(seed: UInt64) -> CaseTree {
        var tree = Gen.tree(seed: seed)
        var rng = SplitMix64(seed: seed ^ 0x1111_2222_3333_4444)
        for index in tree.views.indices where tree.views[index].image != nil {
            let roll = Int.random(in: 0..<(ImageSource.allCases.count + 1), using: &rng)
            tree.views[index].facts.imageSource = roll < ImageSource.allCases.count ? ImageSource.allCases[roll] : nil
        }
        return tree
    }

    /// The policy of `seed` with `kind` rules mixed into its rules and per-dimension
    /// defaults, some of them left out.
    static func policy11(for tree: ViewTree, seed: UInt64, detectors: [ContentDetector] = []) -> MaskingPolicy {
        var policy = Gen.policy(for: tree, seed: seed)
        var rng = SplitMix64(seed: seed ^ 0x5555_6666_7777_8888)
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let kind = SelectorKind.allCases[Int.random(in: 0..<SelectorKind.allCases.count, using: &rng)]
            let rule = MaskRule(Bool.random(using: &rng) ? .mask : .unmask, .kind(kind), recursive: Int.random(in: 0..<3, using: &rng) != 0,
                                screen: Int.random(in: 0..<6, using: &rng) == 0 ? tree.screen : nil)
            policy.rules.insert(rule, at: Int.random(in: 0...policy.rules.count, using: &rng))
        }
        func action() -> MaskAction? { [nil, .mask, .unmask][Int.random(in: 0..<3, using: &rng)] }
        policy.defaults.text = action()
        policy.defaults.inputs = action()
        policy.defaults.images = [nil, .mask, .unmask, .maskNonBundled][Int.random(in: 0..<4, using: &rng)]
        policy.detectors = detectors
        return policy
    }
}
