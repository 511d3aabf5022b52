import MaskEngine

/// The descriptions of the checks the compiler itself makes (syntax and schema). Their
/// findings are errors: a policy with one does not compile.
enum CompilerRules {
    private static func error(_ rule: CompilerRule, _ name: String, _ category: LintCategory, _ summary: String, rationale: String? = nil,
                              _ triggering: [String], _ nonTriggering: [String]) -> LintRuleDescription {
        LintRuleDescription(id: rule.rawValue, name: name, category: category, severity: .error, summary: summary, rationale: rationale,
                            triggering: triggering.map { LintExample($0) }, nonTriggering: nonTriggering.map { LintExample($0) })
    }

    static let descriptions: [LintRuleDescription] = singleFile + LayeringRules.descriptions

    private static let valid = "version: 1\ndefault: mask\n"

    /// A policy declaring `T1` to `Tn`, each extending the one before, `T1` extending
    /// `UIView` (whose own chain is UIView, UIResponder, NSObject): `Tn`'s chain holds
    /// n + 3 classes. With `marked`, the last `extends` value carries the `↓` of the
    /// finding a chain over the limit gets.
    private static func chain(of count: Int, marked: Bool = false) -> String {
        var text = valid + "types:\n  T1: { extends: UIView }\n"
        for index in 2...count { text += "  T\(index): { extends: \(marked && index == count ? "↓" : "")T\(index - 1) }\n" }
        return text
    }

    static let singleFile: [LintRuleDescription] = [
        error(.syntax, "YAML syntax", .syntax, "The file is not valid YAML (or holds several documents, tags, or non-text keys).",
              ["version: 1\ndefault: [mask\n↓", "version: 1\n↓\tdefault: mask\n"], [valid]),
        error(.anchorAlias, "Anchors and aliases", .syntax, "YAML anchors and aliases are rejected: policies never need them, and alias expansion is a denial-of-service vector.",
              ["version: 1\ndefault: ↓&d mask\n"], [valid]),
        error(.duplicateKey, "Duplicate key", .syntax, "A key appears twice in the same mapping; reported at the repeated key.",
              ["version: 1\ndefault: mask\n↓default: unmask\n"], [valid]),
        error(.inputLimit, "Input limit", .syntax, "The policy is larger than 16 MiB or nested deeper than 64 levels.",
              ["version: 1\ndefault: mask\nx: " + String(repeating: "[", count: 63) + "↓" + String(repeating: "[", count: 7) + String(repeating: "]", count: 70) + "\n"], [valid]),
        error(.unknownKey, "Unknown key", .schema, "A key the policy format does not define, with the closest known key as a hint.",
              ["version: 1\ndefault: mask\nrules:\n  - mask: { ↓typo: UILabel }\n"], ["version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n"]),
        error(.wrongType, "Wrong value type", .schema, "A value of the wrong type: a list where a mapping is expected, text where a boolean is, and so on.",
              ["version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, recursive: ↓yes }\n"], ["version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, recursive: false }\n"]),
        error(.invalidValue, "Invalid value", .schema, "A value outside its allowed set: a version other than 1 or 1.1, a default other than mask or unmask, an unknown kind, a malformed target, a `*` in a class or screen name (screens are compared exactly), `tag: 0` (tag 0 counts as no tag), an unknown detector in `detect`, a key of policy format 1.1 (`defaults`, `detect`, a `kind` selector) in a policy that says `version: 1`.",
              ["version: ↓2\ndefault: mask\n", "version: 1\ndefault: ↓hide\n",
               "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, screen: ↓\"Checkout*\" }\n",
               "version: 1\ndefault: mask\nrules:\n  - mask: { tag: ↓0 }\n",
               "version: 1\ndefault: mask\n↓defaults: { text: unmask }\n",
               "version: 1.1\ndefault: mask\ndetect: [email, ↓phon]\n"],
              [valid, "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, screen: CheckoutViewController }\n  - mask: { tag: -1 }\n",
               "version: 1.1\ndefault: mask\ndefaults: { text: unmask, images: mask-non-bundled }\ndetect: [email, phone]\nrules:\n  - mask: { kind: input }\n"]),
        error(.missingKey, "Missing key", .schema, "`version` or `default` is missing, or the file is empty.",
              ["↓default: mask\n", "↓version: 1\n"], [valid]),
        error(.selectorArity, "Selector arity", .schema, "A rule needs exactly one of mask or unmask, and a selector exactly one of type, id, accessibilityIdentifier, restorationIdentifier, tag, target.",
              ["version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, ↓id: title }\n", "version: 1\ndefault: mask\nrules:\n  - mask: ↓{ recursive: false }\n"],
              ["version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n"]),
        error(.emptyPattern, "Empty or match-all pattern", .schema, "An empty identifier, or a glob that is only `*`, which matches every view.",
              ["version: 1\ndefault: mask\nrules:\n  - unmask: { accessibilityIdentifier: ↓\"*\" }\n    reason: all\n", "version: 1\ndefault: mask\nrules:\n  - mask: { id: ↓\"\" }\n"],
              ["version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: \"account.*\" }\n"]),
        error(.typeCycle, "Type cycle", .schema, "`extends` chains that loop back on themselves.",
              ["version: 1\ndefault: mask\ntypes:\n  A: { extends: ↓B }\n  B: { extends: A }\n"],
              ["version: 1\ndefault: mask\ntypes:\n  A: { extends: UIView }\n  B: { extends: A }\n"]),
        error(.typeChainLimit, "Class chain over the limit", .schema,
              "A class chain (through `types:`, then the built-in catalog) longer than \(TypeCatalog.maximumChainLength) classes, which the engine would cut, losing the kinds and rules of the classes cut off.",
              rationale: """
                  Reported once per chain, at the `extends` of the first class, from the root \
                  down, whose chain is over the limit (when that is a built-in class below one \
                  the policy redeclares, at the nearest class above it that the policy declares \
                  with `extends`); the classes below it, over the limit too, are counted in the \
                  same message. A view tree's own `superclasses` list is used whole, whatever \
                  its length. An encoder that builds a `DecisionTable` from a policy that did \
                  not go through this check gets every view whose chain is cut masked, with \
                  its children not emitted.
                  """,
              [chain(of: TypeCatalog.maximumChainLength - 2, marked: true)], [chain(of: TypeCatalog.maximumChainLength - 3)]),
    ]
}
