import MaskDiagnostics

/// The compiler's checks on layered policies (`extends:`), with examples that carry
/// their base files.
enum LayeringRules {
    private static let base = "version: 1\ndefault: mask\nallowUnmask:\n  - { type: UIButton }\n  - { accessibilityIdentifier: \"catalog.*\" }\n"

    private static func example(_ policy: String, bases: [(file: String, text: String)] = [("base.yaml", base)]) -> LintExample {
        LintExample(policy, bases: bases)
    }

    private static func error(_ rule: CompilerRule, _ name: String, _ summary: String, rationale: String? = nil,
                              _ triggering: [LintExample], _ nonTriggering: [LintExample]) -> LintRuleDescription {
        LintRuleDescription(id: rule.rawValue, name: name, category: .schema, severity: .error, summary: summary, rationale: rationale,
                            triggering: triggering, nonTriggering: nonTriggering)
    }

    static let descriptions: [LintRuleDescription] = [
        error(.missingBase, "Missing base", "An `extends:` entry names a file that cannot be read (paths are relative to the file that names them).",
              [example("version: 1\nextends: [↓shared/base.yaml]\n")],
              [example("version: 1\nextends: [base.yaml]\n")]),
        error(.extendsCycle, "Extends cycle", "`extends:` leads back to a policy already in the chain; reported at the entry of the file compiled that leads into the loop.",
              [example("version: 1\nextends: [↓example.yaml]\n"),
               example("version: 1\nextends: [↓a.yaml]\n", bases: [("a.yaml", "version: 1\nextends: [b.yaml]\n"), ("b.yaml", "version: 1\nextends: [a.yaml]\n")])],
              [example("version: 1\nextends: [a.yaml, base.yaml]\n", bases: [("a.yaml", "version: 1\nextends: [base.yaml]\n"), ("base.yaml", base)])]),
        error(.baseVersion, "Base of another version", "A base's `version` differs from the layer's: layers and bases are read by one format.",
              [example("version: 1\nextends: [↓base.yaml]\n", bases: [("base.yaml", "version: 2\ndefault: mask\n")])],
              [example("version: 1\nextends: [base.yaml]\n")]),
        error(.extendsDepth, "Deep extends chain", "A chain of bases deeper than \(PolicyLayers.maximumDepth) files, reported at the entry of the file compiled that leads into it.",
              rationale: "Policies are layered a few levels deep (a company base, a product line, an app); a deeper chain is almost always a mistake, and the limit keeps loading bounded.",
              [example("version: 1\nextends: [↓b1.yaml]\n", bases: (1...PolicyLayers.maximumDepth).map { ("b\($0).yaml", "version: 1\nextends: [b\($0 + 1).yaml]\n") }
                        + [("b\(PolicyLayers.maximumDepth + 1).yaml", "version: 1\ndefault: mask\n")])],
              [example("version: 1\nextends: [b1.yaml]\n", bases: (1..<PolicyLayers.maximumDepth).map { ("b\($0).yaml", "version: 1\nextends: [b\($0 + 1).yaml]\n") }
                        + [("b\(PolicyLayers.maximumDepth).yaml", "version: 1\ndefault: mask\n")])]),
        error(.loosensBase, "Loosens its base", "A layer unmasks what its base does not allow: an unmask rule, `default: unmask`, an `allowUnmask:` entry, or a class declaration that exposes more, not covered by the base's `allowUnmask:` entries.",
              rationale: """
                  Layers can only tighten unless the base says otherwise. An `allowUnmask:` \
                  entry (a selector, with `screen` and `recursive` as on rules, or `default`) \
                  covers a layer's unmask when every view the unmask decides, the entry reaches: \
                  same selector key; for `type`, the unmasked class is the allowed class or a \
                  subclass of it; for identifiers, ids and targets, the unmask's pattern lies \
                  inside the allowed glob (an exact identifier in `catalog.*`, or a narrower \
                  glob); a screen-scoped unmask lies inside an unscoped entry, never the \
                  reverse; a recursive unmask needs a recursive entry. `default: unmask` needs \
                  the entry `default` (when the base's default is mask). A class the layer \
                  declares loosens when, on some screen, a view of it or below it would be \
                  decided less strictly than under the base's classes (a type mask or lock \
                  lost, a type unmask gained, a `secure-text` or `map` kind changed, \
                  `recurse: false` turned true); it is covered by an entry on its type. A \
                  layer's own `allowUnmask:` entries must be covered by its bases' entries. \
                  What the whole chain adds over each file below it (every base, and every \
                  base of a base) is checked as one layer over that file too, so a class \
                  moved under an allowed class in one layer (or by a second base) and the \
                  allowed unmask in the next are refused together. Locks are inherited: a \
                  base's lock decides whatever a layer says.
                  """,
              [example("version: 1\nextends: [base.yaml]\nrules:\n  - ↓unmask: { type: UILabel }\n    reason: static\n"),
               example("version: 1\nextends: [base.yaml]\ndefault: ↓unmask\n"),
               example("version: 1\nextends: [base.yaml]\nrules:\n  - ↓unmask: { accessibilityIdentifier: \"cat*\" }\n    reason: static\n"),
               example("version: 1\nextends: [base.yaml]\ntypes:\n  ↓AccountLabel: { extends: UIButton }\n", bases: [("base.yaml", "version: 1\ndefault: mask\nrules:\n  - unmask: { type: UIButton }\n    reason: static\n")])],
              [example("version: 1\nextends: [base.yaml]\nrules:\n  - unmask: { type: UIButton }\n    reason: static\n  - unmask: { accessibilityIdentifier: catalog.title, screen: Catalog }\n    reason: static\n  - mask: { type: UILabel }\n"),
               example("version: 1\nextends: [base.yaml]\ntypes:\n  PinField: { extends: UITextField, kind: secure-text }\n")]),
    ]
}
