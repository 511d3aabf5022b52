import Foundation
import Testing

/// Loosenings a layer could slip past tighten-only: a class's kind moved away from a
/// base's locked kind mask or into a dimension the base shows, a class the base knows
/// moved under an allowed class, a second base that loosens the first. Each is a
/// `loosens-base` error (exit 3); the layers beside them that only tighten compile.
@Suite("Layers: loosenings through classes, kinds and several bases")
struct LayerLooseningTests {
    static func folder(_ name: String, _ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-layer-loosening/\(name)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, text) in files { try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        return folder
    }

    static let lockedKinds = """
        version: 1.1
        default: unmask
        rules:
          - mask: { kind: input, lock: true }
            reason: typed text never leaves
          - mask: { kind: text, lock: true }
            reason: labels too
        """
    static let allowsButtons = """
        version: 1
        default: mask
        rules:
          - mask: { type: UITextField }
        allowUnmask:
          - { type: UIButton }
        """

    static let loosening: [(name: String, files: [String: String], message: String)] = [
        ("a locked kind mask lost to a kind change", ["base.yaml": lockedKinds, "layer.yaml": """
            version: 1.1
            extends: [base.yaml]
            types:
              UITextField: { kind: image }
            """], "views of 'UITextField' would no longer be locked"),
        ("a locked kind mask lost by a label made other", ["base.yaml": lockedKinds, "layer.yaml": """
            version: 1.1
            extends: [base.yaml]
            types:
              UILabel: { kind: other }
            """], "views of 'UILabel' would no longer be locked"),
        ("a kind moved into the dimension the base shows", ["base.yaml": "version: 1.1\ndefault: mask\ndefaults: { images: unmask }\n", "layer.yaml": """
            version: 1.1
            extends: [base.yaml]
            types:
              UILabel: { kind: image }
            """], "views of 'UILabel' would be unmasked"),
        ("a new image class where the base shows bundled images", ["base.yaml": "version: 1.1\ndefault: mask\ndefaults: { images: mask-non-bundled }\n",
                                                                    "layer.yaml": """
            version: 1.1
            extends: [base.yaml]
            types:
              UserCard: { extends: UIView, kind: image }
            """], "views of 'UserCard' would be unmasked where the base masks them (with a bundled image)"),
        ("a known class moved under an allowed one, with the allowed unmask", ["base.yaml": allowsButtons, "layer.yaml": """
            version: 1
            extends: [base.yaml]
            types:
              UILabel: { extends: UIButton }
            rules:
              - unmask: { type: UIButton }
                reason: buttons
            """], "views of 'UILabel' would be unmasked"),
        ("a known class moved under an allowed one, unmasked by name", ["base.yaml": allowsButtons, "layer.yaml": """
            version: 1
            extends: [base.yaml]
            types:
              UILabel: { extends: UIButton }
            rules:
              - unmask: { type: UILabel }
                reason: labels
            """], "'unmask' of type=UILabel loosens base 'base.yaml'"),
        ("a second base's unmask", ["base.yaml": allowsButtons, "permissive.yaml": "version: 1\ndefault: unmask\nrules:\n  - unmask: { type: UILabel }\n    reason: x\n",
                                    "layer.yaml": "version: 1\nextends: [permissive.yaml, base.yaml]\nrules:\n  - mask: { type: UISwitch }\n"],
         "'unmask' of type=UILabel loosens base 'base.yaml': none of its allowUnmask entries covers it ('layer.yaml' extends both)"),
        ("a second base's class declaration", ["m1.yaml": "version: 1\ndefault: mask\ntypes:\n  NoteView: { extends: UITextView }\nrules:\n  - mask: { type: UITextView }\n",
                                               "m2.yaml": "version: 1\ndefault: unmask\ntypes:\n  NoteView: { extends: UIView }\n",
                                               "layer.yaml": "version: 1\nextends: [m1.yaml, m2.yaml]\n"],
         "declaring 'NoteView' loosens base 'm1.yaml'"),
        ("a simple name whose unmask reaches a qualified class the base masks", ["base.yaml": allowsButtons, "layer.yaml": """
            version: 1
            extends: [base.yaml]
            types:
              EditText: { extends: UIButton }
            rules:
              - unmask: { type: EditText }
                reason: promo buttons
            """], "'unmask' of type=EditText loosens base 'base.yaml'"),
        ("a simple name declared over a base's qualified class", ["base.yaml": """
            version: 1
            default: mask
            types:
              MyApp.AccountBalanceLabel: { extends: UILabel }
            rules:
              - mask: { type: UILabel }
            allowUnmask:
              - { type: UIButton }
            """, "layer.yaml": """
            version: 1
            extends: [base.yaml]
            types:
              AccountBalanceLabel: { extends: UIButton }
            rules:
              - unmask: { type: AccountBalanceLabel }
                reason: promo button
            """], "'unmask' of type=AccountBalanceLabel loosens base 'base.yaml'"),
        ("a known class moved under an allowed one in one layer, the allowed unmask in the next",
         ["base.yaml": allowsButtons,
          "moved.yaml": "version: 1\nextends: [base.yaml]\ntypes:\n  UILabel: { extends: UIButton }\n",
          "layer.yaml": "version: 1\nextends: [moved.yaml]\nrules:\n  - unmask: { type: UIButton }\n    reason: buttons\n"],
         "declaring 'UILabel' loosens base 'base.yaml': views of 'UILabel' would be unmasked where the base masks them (with what the layers up to 'layer.yaml' add over it)"),
        ("a known class moved under an allowed one by a second base, the allowed unmask in the layer",
         ["base.yaml": allowsButtons,
          "moves.yaml": "version: 1\ndefault: mask\ntypes:\n  UILabel: { extends: UIButton }\nallowUnmask:\n  - { type: UIButton }\n",
          "layer.yaml": "version: 1\nextends: [base.yaml, moves.yaml]\nrules:\n  - unmask: { type: UIButton }\n    reason: buttons\n"],
         "declaring 'UILabel' loosens base 'base.yaml'"),
        ("an input known by its name moved under an allowed class, with the allowed unmask",
         ["base.yaml": "version: 1.1\ndefault: mask\nrules:\n  - mask: { kind: input }\nallowUnmask:\n  - { type: UIButton }\n",
          "layer.yaml": "version: 1.1\nextends: [base.yaml]\ntypes:\n  MDCOutlinedTextField: { extends: UIButton }\nrules:\n  - unmask: { type: UIButton }\n    reason: buttons\n"],
         "declaring 'MDCOutlinedTextField' loosens base 'base.yaml'"),
        ("an input by its name's ending moved under an allowed class, over the inputs' default",
         ["base.yaml": "version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\nallowUnmask:\n  - { type: UIButton }\n",
          "layer.yaml": "version: 1.1\nextends: [base.yaml]\ntypes:\n  MyCardTextField: { extends: UIButton }\nrules:\n  - unmask: { type: UIButton }\n    reason: buttons\n"],
         "declaring 'MyCardTextField' loosens base 'base.yaml'"),
        ("an input known by its name moved under an allowed class and unmasked by name",
         ["base.yaml": "version: 1.1\ndefault: mask\nrules:\n  - mask: { kind: input }\nallowUnmask:\n  - { type: UIButton }\n",
          "layer.yaml": "version: 1.1\nextends: [base.yaml]\ntypes:\n  RCTUITextView: { extends: UIButton }\nrules:\n  - unmask: { type: RCTUITextView }\n    reason: buttons\n"],
         "'unmask' of type=RCTUITextView loosens base 'base.yaml'"),
        ("a kind the base's kind entry does not allow", ["base.yaml": "version: 1.1\ndefault: mask\nallowUnmask:\n  - { kind: text }\n",
                                                         "layer.yaml": "version: 1.1\nextends: [base.yaml]\nrules:\n  - unmask: { kind: input }\n    reason: search\n"],
         "loosens base 'base.yaml'"),
    ]

    @Test("each loosening is a loosens-base error, exit 3", arguments: 0..<loosening.count)
    func loosenings(_ index: Int) throws {
        let (name, files, message) = Self.loosening[index]
        let folder = try Self.folder("bad-\(index)", files)
        let result = try CLIHarness.run(["compile", "layer.yaml"], directory: folder.path)
        #expect(result.exit == 3, "\(name): \(result.stderr)")
        #expect(result.stderr.contains("[loosens-base]") && result.stderr.contains(message), "\(name): \(result.stderr)")
    }

    static let tightening: [(name: String, files: [String: String])] = [
        ("a kind change that keeps the lock", ["base.yaml": lockedKinds, "layer.yaml": "version: 1.1\nextends: [base.yaml]\ntypes:\n  UITextField: { kind: text }\n"]),
        ("a new subclass of an allowed class, unmasked", ["base.yaml": allowsButtons, "layer.yaml": """
            version: 1
            extends: [base.yaml]
            types:
              PromoButton: { extends: UIButton }
            rules:
              - unmask: { type: PromoButton }
                reason: promotions
            """]),
        ("a kind unmask the base allows by kind", ["base.yaml": "version: 1.1\ndefault: mask\nallowUnmask:\n  - { kind: text }\n",
                                                   "layer.yaml": "version: 1.1\nextends: [base.yaml]\nrules:\n  - unmask: { kind: text }\n    reason: static copy\n"]),
        ("two bases, the second only masking more", ["base.yaml": allowsButtons, "strict.yaml": "version: 1\ndefault: mask\nrules:\n  - mask: { type: UISwitch }\n",
                                                     "layer.yaml": "version: 1\nextends: [base.yaml, strict.yaml]\n"]),
        ("a new subclass of an allowed class in one layer, unmasked in the next", ["base.yaml": allowsButtons,
            "promo.yaml": "version: 1\nextends: [base.yaml]\ntypes:\n  PromoButton: { extends: UIButton }\n",
            "layer.yaml": "version: 1\nextends: [promo.yaml]\nrules:\n  - unmask: { type: PromoButton }\n    reason: promotions\n"]),
        ("a diamond: two layers over one base", ["base.yaml": allowsButtons,
                                                 "a.yaml": "version: 1\nextends: [base.yaml]\nrules:\n  - unmask: { type: UIButton }\n    reason: buttons\n",
                                                 "b.yaml": "version: 1\nextends: [base.yaml]\nrules:\n  - mask: { type: UISwitch }\n",
                                                 "layer.yaml": "version: 1\nextends: [a.yaml, b.yaml]\n"]),
    ]

    @Test("a layer repeating a base's class declaration keeps the fields it leaves unset: a secure kind, recurse: false")
    func repeatedDeclaration() throws {
        let folder = try Self.folder("repeated", [
            "base.yaml": """
                version: 1
                default: mask
                types:
                  PinLabel: { extends: UILabel, kind: secure-text }
                  CardNumberView: { extends: UIView, recurse: false }
                rules:
                  - unmask: { type: UILabel }
                    reason: labels show static copy
                """,
            "layer.yaml": "version: 1\nextends: [base.yaml]\ntypes:\n  PinLabel: { extends: UILabel }\n  CardNumberView: { extends: UIView }\n",
            "tree.json": """
                {"screen": "Pay", "root": {"class": "UIView", "children": [
                  {"class": "PinLabel", "text": "4921"},
                  {"class": "CardNumberView", "children": [{"class": "UILabel", "text": "4111 1111 1111 1111"}]}]}}
                """,
        ])
        for policy in ["base.yaml", "layer.yaml"] {
            let result = try CLIHarness.run(["apply", "tree.json", "--policy", policy], directory: folder.path)
            #expect(result.exit == 0, "\(policy): \(result.stderr)")
            #expect(result.stdout.contains("\"••••\"") && !result.stdout.contains("4921") && !result.stdout.contains("4111"), "\(policy): \(result.stdout)")
        }
        let table = try CLIHarness.run(["compile", "layer.yaml", "--emit", "table", "-o", "layer.mtab"], directory: folder.path)
        #expect(table.exit == 0, "\(table.stderr)")
        let shipped = try CLIHarness.run(["apply", "tree.json", "--policy", "layer.mtab"], directory: folder.path)
        #expect(shipped.exit == 0 && !shipped.stdout.contains("4921") && !shipped.stdout.contains("4111"), "\(shipped.stdout)\(shipped.stderr)")
    }

    @Test("layers that only tighten still compile", arguments: 0..<tightening.count)
    func tightenings(_ index: Int) throws {
        let (name, files) = Self.tightening[index]
        let folder = try Self.folder("good-\(index)", files)
        let result = try CLIHarness.run(["compile", "layer.yaml"], directory: folder.path)
        #expect(result.exit == 0, "\(name): \(result.stderr)")
    }
}
