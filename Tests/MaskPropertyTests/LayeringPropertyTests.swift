import MaskEngine
import MaskPolicy
import MaskTestSupport
import Testing

/// Tighten-only layering over generated bases, layers and trees: whatever layer the
/// compiler accepts masks at least every view the base alone masks, but where the
/// base's `allowUnmask:` entries reach; and a base's lock holds under any layer.
///
/// Trees are generated without `superclasses` of their own: tightening is judged on the
/// class chains the policies declare (README, "Policies in a repository").
@Suite("Properties: layering only tightens")
struct LayeringPropertyTests {
    static let cases = 300

    /// Policy YAML: classes with extends, kind and recurse; rules with every option.
    static func yaml(_ policy: MaskingPolicy, extends: [String] = [], givesDefault: Bool = true, allow: [String] = []) -> String {
        var lines = ["version: 1"]
        if !extends.isEmpty { lines.append("extends: [\(extends.joined(separator: ", "))]") }
        if givesDefault { lines.append("default: \(policy.defaultAction.rawValue)") }
        if !policy.classes.isEmpty { lines.append("types:") }
        for c in policy.classes {
            var fields: [String] = []
            if let superclass = c.superclass { fields.append("extends: \(TreeGenerator.quoted(superclass))") }
            if let kind = c.kind { fields.append("kind: \(kind.rawValue)") }
            if let recurse = c.recurse { fields.append("recurse: \(recurse)") }
            lines.append("  \(TreeGenerator.quoted(c.name)): { \(fields.joined(separator: ", ")) }")
        }
        if !policy.rules.isEmpty { lines.append("rules:") }
        for rule in policy.rules { lines.append("  - \(rule.action.rawValue): { \(selector(rule.selector, screen: rule.screen, recursive: rule.recursive))\(rule.locked ? ", lock: true" : "") }") }
        if !allow.isEmpty { lines.append("allowUnmask:") }
        for entry in allow { lines.append("  - \(entry)") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func selector(_ selector: ViewSelector, screen: String?, recursive: Bool) -> String {
        var text = "\(selector.key.rawValue): \(selector.key == .tag ? selector.value : TreeGenerator.quoted(selector.value))"
        if !recursive { text += ", recursive: false" }
        if let screen { text += ", screen: \(TreeGenerator.quoted(screen))" }
        return text
    }

    struct Case {
        var tree: ViewTree
        var base: MaskingPolicy
        var allow: [MaskRule]
        var allowsDefault: Bool
        var layer: MaskingPolicy
        var layerGivesDefault: Bool
    }

    /// A base with locks and allowances, and a layer that mostly stays inside them.
    static func generate(_ seed: UInt64) -> Case {
        var tree = ViewTree(screen: nil)
        let source = Gen.tree(seed: seed).tree
        tree.screen = source.screen
        for view in 0..<source.count {
            var facts = source.views[view]
            facts.superclasses = nil
            tree.append(facts, parent: source.parents[view] < 0 ? nil : Int(source.parents[view]))
        }
        var rng = SplitMix64(seed: seed &+ 3)
        var base = Gen.policy(for: tree, seed: seed)
        for index in base.rules.indices where base.rules[index].action == .mask && Int.random(in: 0..<4, using: &rng) == 0 {
            base.rules[index].locked = true
        }
        let allow = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Gen.rule(for: tree, &rng, action: .unmask) }
        let allowsDefault = Int.random(in: 0..<8, using: &rng) == 0
        var layer = MaskingPolicy(default: Int.random(in: 0..<4, using: &rng) == 0 ? .unmask : .mask)
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            if let entry = allow.randomElement(using: &rng), Bool.random(using: &rng) {
                // Inside an allowance: the same selector, perhaps narrower (a screen, not recursive).
                var rule = entry
                rule.reason = nil
                if Bool.random(using: &rng) { rule.recursive = false }
                if rule.screen == nil, Bool.random(using: &rng) { rule.screen = tree.screen ?? Corpus.screens[0] }
                layer.rules.append(rule)
            } else {
                layer.rules.append(Gen.rule(for: tree, &rng, action: Int.random(in: 0..<3, using: &rng) == 0 ? .unmask : .mask))
            }
        }
        let pool = ["UIView", "UILabel", "UIButton", "UIControl", "MKMapView", "UITextField", "PriceLabel", "ChartView"]
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let name = Bool.random(using: &rng) ? tree.views[Int.random(in: 0..<tree.count, using: &rng)].className : "Layer\(Int.random(in: 0..<3, using: &rng))"
            let kinds: [ViewKind?] = [nil, nil, .secureText, .map, .text, .other]
            layer.classes.append(ClassDeclaration(name, extends: Bool.random(using: &rng) ? pool.randomElement(using: &rng) : nil,
                                                  kind: kinds.randomElement(using: &rng) ?? nil,
                                                  recurse: [nil, true, false].randomElement(using: &rng) ?? nil))
        }
        return Case(tree: tree, base: base, allow: allow, allowsDefault: allowsDefault, layer: layer,
                    layerGivesDefault: Int.random(in: 0..<3, using: &rng) != 0)
    }

    @Test("an accepted layer masks every view the base masks outside its allowances, and keeps every lock")
    func acceptedLayersOnlyTighten() {
        var accepted = 0, rejected = 0, checkedViews = 0
        for seed in 0..<UInt64(Self.cases) {
            let generated = Self.generate(seed &+ 80_000)
            let allowEntries = generated.allow.map { "{ \(Self.selector($0.selector, screen: $0.screen, recursive: $0.recursive)) }" }
                + (generated.allowsDefault ? ["default"] : [])
            let baseText = Self.yaml(generated.base, allow: allowEntries)
            let layerText = Self.yaml(generated.layer, extends: ["base.yaml"], givesDefault: generated.layerGivesDefault)
            // A generated target can be malformed; such a base is no case.
            guard let baseTable = PolicyCompiler.compile(baseText, file: "base.yaml").table else { continue }
            let layered = PolicyCompiler.compile(layerText, file: "app.yaml") { path in
                path == "base.yaml" ? .success(Array(baseText.utf8)) : .failure(PolicyReadFailure(message: "no such file"))
            }
            guard let table = layered.table, let parsed = layered.parsed else {
                #expect(layered.diagnostics.contains { $0.severity == .error })
                rejected += 1
                continue
            }
            accepted += 1
            let tree = generated.tree
            let before = baseTable.resolve(tree), after = table.resolve(tree)
            // Where the allowances reach: views an unmask of every entry would decide.
            let reach = DecisionTable(policy: MaskingPolicy(default: .mask, classes: parsed.policy.classes, rules: generated.allow)).resolve(tree)
            let usesDefault = generated.layerGivesDefault && generated.layer.defaultAction == .unmask
            for view in 0..<tree.count {
                if before[view].isLocked {
                    #expect(after[view].isMasked && after[view].isLocked, "seed \(seed &+ 80_000) view \(view): a base lock did not hold\n\(layerText)")
                }
                guard before[view].isMasked, reach[view].ruleIndex == nil, !(usesDefault && after[view].level == .default) else { continue }
                checkedViews += 1
                #expect(after[view].isMasked, "seed \(seed &+ 80_000) view \(view) (\(tree.views[view].className)): masked by the base, unmasked by an accepted layer\nbase:\n\(baseText)\nlayer:\n\(layerText)")
            }
        }
        // Both outcomes must be common, or the property is vacuous.
        #expect(accepted > Self.cases / 5 && rejected > Self.cases / 10, "accepted \(accepted), rejected \(rejected)")
        #expect(checkedViews > 1_000)
    }
}
