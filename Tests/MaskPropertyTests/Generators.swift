import MaskEngine
import MaskTestSupport

/// Seeded generators for the property tests, built on MaskTestSupport's `TreeGenerator`
/// (shape, classes, identifiers) and `SplitMix64`. Same seed, same case.

/// A JSON value, for writing trees with every kind of field.
enum J: Sendable {
    case s(String), n(Int), b(Bool), null, arr([J]), obj([(String, J)])

    func write(to out: inout String) {
        switch self {
        case .s(let s): out += quote(s)
        case .n(let n): out += String(n)
        case .b(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .arr(let items):
            out += "["
            for (i, item) in items.enumerated() { if i > 0 { out += "," }; item.write(to: &out) }
            out += "]"
        case .obj(let members):
            out += "{"
            for (i, (k, v)) in members.enumerated() { if i > 0 { out += "," }; out += quote(k) + ":"; v.write(to: &out) }
            out += "}"
        }
    }

    /// Every string inside the value.
    var strings: [String] {
        switch self {
        case .s(let s): return [s]
        case .arr(let items): return items.flatMap(\.strings)
        case .obj(let members): return members.flatMap { [$0.0] + $0.1.strings }
        default: return []
        }
    }
}

/// JSON string quoting (the shared generator's).
func quote(_ s: String) -> String { TreeGenerator.quoted(s) }

/// One generated view: the engine's facts plus the fields written to JSON.
struct CaseView {
    var facts: ViewFacts
    var parent: Int
    /// Text-bearing fields: text, placeholder, accessibilityLabel, accessibilityValue.
    var textFields: [(String, J)] = []
    /// Fields the engine does not know (masked with the view).
    var unknown: [(String, J)] = []
    /// `image`, when the view has one.
    var image: String?
    /// Known visual fields (kept even when masked).
    var visual: [(String, J)] = []
}

/// A generated screen.
struct CaseTree {
    var screen: String?
    var views: [CaseView]
    /// Unknown keys of the `{"screen", "root"}` wrapper (always masked).
    var wrapperExtras: [(String, J)] = []

    var tree: ViewTree {
        var tree = ViewTree(screen: screen)
        for view in views { tree.append(view.facts, parent: view.parent < 0 ? nil : view.parent) }
        return tree
    }

    /// The tree as maskc JSON, wrapped.
    var json: String {
        var children = [[Int]](repeating: [], count: views.count)
        for (i, v) in views.enumerated() where v.parent >= 0 { children[v.parent].append(i) }
        func node(_ i: Int) -> J {
            let v = views[i]
            var m: [(String, J)] = [("class", .s(v.facts.className))]
            if let sc = v.facts.superclasses { m.append(("superclasses", .arr(sc.map { .s($0) }))) }
            if let id = v.facts.id { m.append(("id", .s(id))) }
            if let ai = v.facts.accessibilityIdentifier { m.append(("accessibilityIdentifier", .s(ai))) }
            if let ri = v.facts.restorationIdentifier { m.append(("restorationIdentifier", .s(ri))) }
            if let tag = v.facts.tag { m.append(("tag", .n(tag))) }
            if v.facts.isSecureTextEntry { m.append(("isSecureTextEntry", .b(true))) }
            if let t = v.facts.textContentType { m.append(("textContentType", .s(t))) }
            if let t = v.facts.inputType { m.append(("inputType", .n(t))) }
            if let hints = v.facts.autofillHints { m.append(("autofillHints", .arr(hints.map { .s($0) }))) }
            m += v.visual
            m += v.textFields
            if let image = v.image {
                if let source = v.facts.imageSource {
                    m.append(("image", .obj([("source", .s(source.rawValue)), ("name", .s(image))])))
                } else {
                    m.append(("image", .s(image)))
                }
            }
            m += v.unknown
            if !children[i].isEmpty { m.append(("children", .arr(children[i].map(node)))) }
            return .obj(m)
        }
        var members: [(String, J)] = []
        if let screen { members.append(("screen", .s(screen))) }
        members += wrapperExtras
        members.append(("root", node(0)))
        var out = ""
        J.obj(members).write(to: &out)
        return out
    }
}

enum Gen {
    /// Superclass chains a capture may give (nearest first; the whole chain).
    static let chains: [[String]] = [
        ["UILabel", "UIView", "UIResponder", "NSObject"], ["UIControl", "UIView"], ["UIView"],
        ["HeaderView", "UIView"], ["UIImageView", "UIView"], ["PriceLabel", "UILabel", "UIView"],
        ["MKMapView", "UIView"], ["UITextField", "UIControl", "UIView"], ["ChartView", "UIView"], [],
        ["MyApp.PriceLabel", "UILabel", "UIView"],
    ]

    /// Policy-declared classes: the corpus' custom classes plus some with kinds and recurse.
    static let declarations: [ClassDeclaration] = Corpus.declarations + [
        ClassDeclaration("ChartView", extends: "UIView", kind: .image, recurse: false),
        ClassDeclaration("SecretLabel", extends: "UILabel", kind: .secureText),
        ClassDeclaration("SwiftUI.Text", kind: .swiftUIText),
        ClassDeclaration("UIStackView", recurse: false),
        ClassDeclaration("PrimaryButton", extends: "UIButton"),
        ClassDeclaration("Shop.SecretLabel", extends: "UILabel"),
    ]

    /// More classes, module-qualified ones among them (which answer to their simple
    /// names: `MyApp.ChartView` to `ChartView`'s declaration and rules).
    static let extraClasses = ["ChartView", "SecretLabel", "UIControl", "UIView", "MyApp.PrimaryButton", "MyApp.ChartView",
                               "Shop.SecretLabel", "MyApp.Outer.PriceLabel", "com.example.TextView"]

    /// Text values: the corpus' texts and random Unicode, some unique per view.
    static func text(_ rng: inout SplitMix64, _ salt: Int) -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return Corpus.texts[Int.random(in: 0..<Corpus.texts.count, using: &rng)]
        case 1: return "secret\(salt)-" + Corpus.words[Int.random(in: 0..<Corpus.words.count, using: &rng)]
        default:
            let alphabet: [String] = ["a", "Z", "0", " ", "\u{A0}", "é", "e\u{301}", "👍🏽", "日", "\"", "\\", "\n", "\r\n", "\u{1}",
                                      "•", "l", "ß", "🇫🇷", "\u{200D}", "x", "Q", "\u{2028}", "ـ", "9"]
            let n = Int.random(in: 1...12, using: &rng)
            return (0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }.joined()
        }
    }

    /// A random screen: TreeGenerator's shape and identifiers, plus given superclasses,
    /// more classes, text-bearing and unknown fields.
    static func tree(seed: UInt64, maxViews: Int = 40) -> CaseTree {
        var shape = TreeGenerator(seed: seed)
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
        let count = Int.random(in: 1...maxViews, using: &rng)
        let generated = shape.views(count: count, maxDepth: Int.random(in: 2...8, using: &rng))
        var views: [CaseView] = []
        for (i, g) in generated.enumerated() {
            var facts = g.facts
            if Int.random(in: 0..<8, using: &rng) == 0 { facts.className = extraClasses[Int.random(in: 0..<extraClasses.count, using: &rng)] }
            if Int.random(in: 0..<6, using: &rng) == 0 { facts.superclasses = chains[Int.random(in: 0..<chains.count, using: &rng)] }
            if facts.tag == nil && Int.random(in: 0..<20, using: &rng) == 0 { facts.tag = 0 }
            if facts.id == nil && Int.random(in: 0..<10, using: &rng) == 0 { facts.id = "v\(i)" }
            if Int.random(in: 0..<15, using: &rng) == 0 { facts.textContentType = ["password", "name", "oneTimeCode", "username"][Int.random(in: 0..<4, using: &rng)] }
            var view = CaseView(facts: facts, parent: g.parent)
            if let t = g.text { view.textFields.append(("text", .s(t))) }
            else if Int.random(in: 0..<4, using: &rng) == 0 { view.textFields.append(("text", .s(text(&rng, i)))) }
            if Int.random(in: 0..<4, using: &rng) == 0 { view.textFields.append(("placeholder", .s(text(&rng, i)))) }
            if Int.random(in: 0..<3, using: &rng) == 0 { view.textFields.append(("accessibilityLabel", .s(text(&rng, i)))) }
            if Int.random(in: 0..<5, using: &rng) == 0 { view.textFields.append(("accessibilityValue", .s(text(&rng, i)))) }
            if facts.className.contains("Image") || facts.className == "AvatarView" || Int.random(in: 0..<10, using: &rng) == 0 {
                view.image = "img-\(i)-\(text(&rng, i))"
            }
            if Int.random(in: 0..<4, using: &rng) == 0 { view.unknown.append(("note", .s(text(&rng, i)))) }
            if Int.random(in: 0..<6, using: &rng) == 0 {
                view.unknown.append(("meta", .obj([("owner", .s(text(&rng, i))), ("list", .arr([.s(text(&rng, i)), .n(3), .b(true), .null]))])))
            }
            if Int.random(in: 0..<3, using: &rng) == 0 { view.visual.append(("font", .s("Helvetica-Bold"))) }
            if Int.random(in: 0..<3, using: &rng) == 0 { view.visual.append(("alpha", .n(1))) }
            views.append(view)
        }
        let screen: String? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : Corpus.screens[Int.random(in: 0..<Corpus.screens.count, using: &rng)]
        var result = CaseTree(screen: screen, views: views)
        if Int.random(in: 0..<4, using: &rng) == 0 { result.wrapperExtras.append(("session", .s("session-" + text(&rng, -1)))) }
        return result
    }

    /// A glob derived from a value: exact, a prefix with `*`, `*` and a suffix, or a star inside.
    static func glob(_ value: String, _ rng: inout SplitMix64) -> GlobPattern {
        let bytes = Array(value.utf8)
        guard bytes.count >= 2 else { return GlobPattern(value) }
        let cut = Int.random(in: 1..<bytes.count, using: &rng)
        let head = String(decoding: bytes[..<cut], as: UTF8.self), tail = String(decoding: bytes[cut...], as: UTF8.self)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return GlobPattern(head + "*")
        case 1: return GlobPattern("*" + tail)
        case 2: return GlobPattern(head + "*" + String(tail.dropFirst()))
        default: return GlobPattern(value)
        }
    }

    /// A random rule aimed at a tree's views (so rules match often): every selector kind,
    /// globs, index-path ids (`0.1*`), targets in both forms, tags, type rules on classes
    /// and superclasses, screens, non-recursive rules.
    static func rule(for tree: ViewTree, _ rng: inout SplitMix64, action: MaskAction? = nil) -> MaskRule {
        let act = action ?? (Bool.random(using: &rng) ? .mask : .unmask)
        let recursive = Int.random(in: 0..<4, using: &rng) != 0
        var screen: String?
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: screen = tree.screen ?? "HomeViewController"
        case 1: screen = Corpus.screens[Int.random(in: 0..<Corpus.screens.count, using: &rng)]
        default: screen = nil
        }
        let view = Int.random(in: 0..<tree.count, using: &rng)
        let facts = tree.views[view]
        let reference = ReferenceResolver(policy: MaskingPolicy(classes: declarations))
        let selector: ViewSelector
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1:
            let chain = [facts.className] + (facts.superclasses ?? Array(reference.catalog.chain(of: facts.className).dropFirst()))
            let simpleNames = chain.compactMap(ReferenceResolver.simpleName)
            let pool = chain + simpleNames + ["UIView", "UIControl", "UILabel", "NSObject", "ChartView", "PrimaryButton"]
            selector = .type(pool[Int.random(in: 0..<pool.count, using: &rng)])
        case 2:
            if let id = facts.id, Bool.random(using: &rng) { selector = .id(glob(id, &rng)) } else {
                // Index paths: exact, or a prefix with a star (`0.1*`).
                let path = tree.indexPath(of: view)
                selector = .id(Bool.random(using: &rng) ? GlobPattern(path) : GlobPattern(String(path.prefix(Int.random(in: 1...path.count, using: &rng))) + "*"))
            }
        case 3, 4:
            if let ai = facts.accessibilityIdentifier { selector = .accessibilityIdentifier(glob(ai, &rng)) }
            else { selector = .accessibilityIdentifier(glob(Corpus.identifier(&rng), &rng)) }
        case 5:
            if let ri = facts.restorationIdentifier { selector = .restorationIdentifier(glob(ri, &rng)) }
            else { selector = .restorationIdentifier(GlobPattern(Corpus.words[Int.random(in: 0..<Corpus.words.count, using: &rng)] + ".*")) }
        case 6:
            selector = .tag(facts.tag.flatMap { $0 == 0 ? nil : $0 } ?? Int.random(in: 1...500, using: &rng))
        default:
            let target = reference.target(view, tree)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: selector = .target(GlobPattern(target))
            case 1: selector = .target(glob(target, &rng))
            default: selector = .target(GlobPattern(["[root]>UIView:eq(0)>*", "*[tg:*", "*:eq(1)", "UILabel[ai:*"][Int.random(in: 0..<4, using: &rng)]))
            }
        }
        return MaskRule(act, selector, recursive: recursive, screen: screen)
    }

    /// A random policy of 0...`maxRules` rules aimed at `tree`.
    static func policy(for tree: ViewTree, seed: UInt64, maxRules: Int = 12) -> MaskingPolicy {
        var rng = SplitMix64(seed: seed ^ 0xA5A5_5A5A_1234_5678)
        let count = Int.random(in: 0...maxRules, using: &rng)
        let rules = (0..<count).map { _ in rule(for: tree, &rng) }
        return MaskingPolicy(default: Bool.random(using: &rng) ? .mask : .unmask, classes: declarations, rules: rules)
    }
}
