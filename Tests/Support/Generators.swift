import MaskEngine

/// Deterministic generators of realistic screens and policies, for property tests and
/// benchmarks. Same seed, same output.
public struct Corpus: Sendable {
    /// Custom classes an app declares, with their superclasses.
    public static let customClasses: [(String, String)] = [
        ("PriceLabel", "UILabel"), ("ProductCell", "UICollectionViewCell"), ("AvatarView", "UIImageView"),
        ("BalanceLabel", "UILabel"), ("CardNumberField", "UITextField"), ("StoreMapView", "MKMapView"),
        ("HeaderView", "UIView"), ("PromoBanner", "UIView"), ("ChatBubble", "UILabel"), ("RatingControl", "UIControl"),
    ]

    /// Classes views are drawn from.
    public static let classes: [String] = [
        "UIView", "UIView", "UIView", "UILabel", "UILabel", "UILabel", "UIButton", "UIImageView", "UITextField",
        "UIStackView", "UIScrollView", "UITableView", "UITableViewCell", "UICollectionView", "UICollectionViewCell",
        "UISwitch", "UISegmentedControl", "UITextView", "WKWebView", "MKMapView", "SwiftUI.Text", "SwiftUI.Image",
        "android.widget.TextView", "android.widget.EditText", "android.widget.ImageView", "android.widget.Button",
        "android.widget.LinearLayout", "androidx.recyclerview.widget.RecyclerView",
    ] + customClasses.map(\.0)

    /// Words identifiers are made of.
    public static let words = ["home", "account", "profile", "cart", "checkout", "balance", "name", "email", "title",
                               "price", "card", "promo", "search", "list", "row", "header", "footer", "avatar", "map", "pin"]

    /// Screens trees are captured on.
    public static let screens = ["HomeViewController", "AccountViewController", "CheckoutViewController", "SalesViewController", "SearchActivity"]

    /// Text fragments, Unicode included.
    public static let texts = ["Jane Appleseed", "jane@example.com", "+1 415 555 0100", "café au lait", "naïve Zoë",
                               "日本語のテキスト", "👍🏽 great", "e\u{301}te\u{301}", "Total: $1,204.50", "Line one\nLine two",
                               "Tab\tseparated", "Add to bag", "IBAN DE89 3704 0044 0532 0130 00", "\"quoted\" \\ text"]

    /// Text in the scripts and sequences real screens carry beyond Latin, kana, CJK and
    /// Hangul syllables: emoji with skin tones and ZWJ sequences, flags, keycaps,
    /// combining marks (Vietnamese, Devanagari, Arabic with harakat), Thai, Hangul
    /// jamo, and scripts mixed in one string.
    public static let worldTexts = [
        "👩🏽‍💻 Dev team 👨‍👩‍👧‍👦", "🇯🇵 🇫🇷 🇧🇷 flags", "Tiếng Việt có dấu", "नमस्ते दुनिया क्षत्रिय",
        "مَرْحَبًا بِالْعَالَم", "สวัสดีครับ ภาษาไทย", "Zoë 👍🏿 café 日本 한국어", "1️⃣ 2️⃣ #️⃣ keycaps",
        "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} jamo 한글", "Ångström e\u{301} ñ", "🏳️‍🌈 🏴‍☠️ ❤️‍🔥", "Ελληνικά και русский текст",
    ]

    /// Class declarations for the custom classes.
    public static var declarations: [ClassDeclaration] {
        customClasses.map { ClassDeclaration($0.0, extends: $0.1) }
    }

    /// An identifier from the pool: `word.word` (a few thousand distinct values).
    public static func identifier<G: RandomNumberGenerator>(_ rng: inout G) -> String {
        let a = words[Int.random(in: 0..<words.count, using: &rng)]
        let b = words[Int.random(in: 0..<words.count, using: &rng)]
        return Int.random(in: 0..<4, using: &rng) == 0 ? "\(a).\(b).\(Int.random(in: 0..<8, using: &rng))" : "\(a).\(b)"
    }
}

/// One generated view, with the content emitted in JSON.
public struct GeneratedView: Sendable {
    public var facts: ViewFacts
    public var parent: Int
    public var text: String?
    public var frame: (Double, Double, Double, Double)
}

/// Generates screens.
public struct TreeGenerator {
    public var rng: SplitMix64

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// A screen of `count` views, at most `maxDepth` deep, pre-order.
    /// - Parameter texts: the texts views carry (``Corpus/texts`` by default).
    public mutating func views(count: Int, maxDepth: Int = 40, texts: [String] = Corpus.texts) -> [GeneratedView] {
        var views: [GeneratedView] = []
        views.reserveCapacity(count)
        var depths: [Int] = []
        for index in 0..<count {
            var parent = -1
            if index > 0 {
                // Pre-order: a new view hangs under the last view or one of its ancestors.
                parent = index - 1
                for _ in 0..<Int.random(in: 0..<3, using: &rng) where views[parent].parent >= 0 { parent = views[parent].parent }
                while depths[parent] >= maxDepth - 1 { parent = views[parent].parent }
            }
            let className = Corpus.classes[Int.random(in: 0..<Corpus.classes.count, using: &rng)]
            var facts = ViewFacts(className: className)
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 20 { facts.accessibilityIdentifier = Corpus.identifier(&rng) }
            if roll >= 20 && roll < 25 { facts.restorationIdentifier = Corpus.identifier(&rng) }
            if roll >= 25 && roll < 28 { facts.tag = Int.random(in: 1...500, using: &rng) }
            if roll >= 28 && roll < 50 { facts.id = "v\(index)" }
            if className == "UITextField" && Int.random(in: 0..<3, using: &rng) == 0 { facts.isSecureTextEntry = true }
            let hasText = className.contains("Label") || className.contains("Text") || className.contains("Button") || className == "ChatBubble"
            let text = hasText ? texts[Int.random(in: 0..<texts.count, using: &rng)] : nil
            let frame = (Double(Int.random(in: 0..<390, using: &rng)), Double(Int.random(in: 0..<844, using: &rng)),
                         Double(Int.random(in: 1..<390, using: &rng)), Double(Int.random(in: 1..<200, using: &rng)))
            views.append(GeneratedView(facts: facts, parent: parent, text: text, frame: frame))
            depths.append(parent < 0 ? 0 : depths[parent] + 1)
        }
        return views
    }

    /// The views as an engine tree.
    public static func tree(_ views: [GeneratedView], screen: String?) -> ViewTree {
        var tree = ViewTree(screen: screen)
        for view in views { tree.append(view.facts, parent: view.parent < 0 ? nil : view.parent) }
        return tree
    }

    /// The views as maskc tree JSON (`{"screen", "root"}`), compact, built iteratively.
    public static func json(_ views: [GeneratedView], screen: String?) -> String {
        var children = [[Int]](repeating: [], count: views.count)
        for (index, view) in views.enumerated() where view.parent >= 0 { children[view.parent].append(index) }
        var out = "{"
        if let screen { out += "\"screen\":" + quoted(screen) + "," }
        out += "\"root\":"
        enum Step { case open(Int), close, comma }
        var stack: [Step] = [.open(0)]
        while let step = stack.popLast() {
            switch step {
            case .close:
                out += "]}"
            case .open(let index):
                let v = views[index]
                out += "{\"class\":" + quoted(v.facts.className)
                if let id = v.facts.id { out += ",\"id\":" + quoted(id) }
                if let ai = v.facts.accessibilityIdentifier { out += ",\"accessibilityIdentifier\":" + quoted(ai) }
                if let ri = v.facts.restorationIdentifier { out += ",\"restorationIdentifier\":" + quoted(ri) }
                if let tag = v.facts.tag { out += ",\"tag\":\(tag)" }
                if v.facts.isSecureTextEntry { out += ",\"isSecureTextEntry\":true" }
                out += ",\"frame\":{\"x\":\(Int(v.frame.0)),\"y\":\(Int(v.frame.1)),\"width\":\(Int(v.frame.2)),\"height\":\(Int(v.frame.3))}"
                if let text = v.text { out += ",\"text\":" + quoted(text) }
                if v.facts.className.contains("Image") || v.facts.className == "AvatarView" { out += ",\"image\":\"asset-\(index).png\"" }
                let kids = children[index]
                if kids.isEmpty {
                    out += "}"
                } else {
                    out += ",\"children\":["
                    stack.append(.close)
                    for (k, child) in kids.enumerated().reversed() {
                        stack.append(.open(child))
                        if k > 0 { stack.append(.comma) }
                    }
                }
            case .comma:
                out += ","
            }
        }
        return out + "}"
    }

    /// JSON string quoting with escapes for quotes, backslashes and control characters.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Generates policies.
public struct PolicyGenerator {
    public var rng: SplitMix64

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// A policy of `count` rules mixing type rules, exact identifiers, globs and screen
    /// scoping; with `targets`, some reliable-target rules too; with `locks`, about one
    /// mask rule in four is locked.
    public mutating func policy(rules count: Int, targets: Bool = false, locks: Bool = false, default action: MaskAction = .mask) -> MaskingPolicy {
        var rules: [MaskRule] = []
        rules.reserveCapacity(count)
        for _ in 0..<count {
            let act: MaskAction = Bool.random(using: &rng) ? .mask : .unmask
            let recursive = Int.random(in: 0..<5, using: &rng) != 0
            let screen = Int.random(in: 0..<10, using: &rng) == 0 ? Corpus.screens[Int.random(in: 0..<Corpus.screens.count, using: &rng)] : nil
            let roll = Int.random(in: 0..<100, using: &rng)
            let selector: ViewSelector
            switch roll {
            case 0..<30:
                selector = .type(Corpus.classes[Int.random(in: 0..<Corpus.classes.count, using: &rng)])
            case 30..<55:
                selector = .accessibilityIdentifier(GlobPattern(Corpus.identifier(&rng)))
            case 55..<62:
                selector = .restorationIdentifier(GlobPattern(Corpus.identifier(&rng)))
            case 62..<67:
                selector = .id(GlobPattern("v\(Int.random(in: 0..<5000, using: &rng))"))
            case 67..<70:
                selector = .tag(Int.random(in: 1...500, using: &rng))
            case 70..<80:
                selector = .accessibilityIdentifier(GlobPattern(Corpus.words[Int.random(in: 0..<Corpus.words.count, using: &rng)] + ".*"))
            case 80..<88:
                selector = .accessibilityIdentifier(GlobPattern("*." + Corpus.words[Int.random(in: 0..<Corpus.words.count, using: &rng)]))
            case 88..<93:
                let a = Corpus.words[Int.random(in: 0..<Corpus.words.count, using: &rng)]
                selector = .restorationIdentifier(GlobPattern("\(a)*.\(Int.random(in: 0..<8, using: &rng))"))
            default:
                if targets {
                    let cls = Corpus.classes[Int.random(in: 0..<Corpus.classes.count, using: &rng)]
                    selector = Bool.random(using: &rng)
                        ? .target(GlobPattern("\(cls)[ai:*.\(Corpus.identifier(&rng))]"))
                        : .target(GlobPattern("[root]>UIView:eq(0)>*"))
                } else {
                    selector = .id(GlobPattern("v\(Int.random(in: 0..<50, using: &rng))*"))
                }
            }
            let locked = locks && act == .mask && Int.random(in: 0..<4, using: &rng) == 0
            rules.append(MaskRule(act, selector, recursive: recursive, screen: screen, locked: locked))
        }
        return MaskingPolicy(default: action, classes: Corpus.declarations, rules: rules)
    }

    /// The policy as YAML text.
    public static func yaml(_ policy: MaskingPolicy) -> String {
        var lines = ["version: 1", "default: \(policy.defaultAction.rawValue)", "types:"]
        for c in policy.classes { lines.append("  \(c.name): { extends: \(c.superclass ?? "UIView") }") }
        lines.append("rules:")
        for rule in policy.rules {
            var selector = "\(rule.selector.key.rawValue): \(rule.selector.key == .tag ? rule.selector.value : TreeGenerator.quoted(rule.selector.value))"
            if !rule.recursive { selector += ", recursive: false" }
            if let screen = rule.screen { selector += ", screen: \(screen)" }
            if rule.locked { selector += ", lock: true" }
            lines.append("  - \(rule.action.rawValue): { \(selector) }")
            if rule.action == .unmask { lines.append("    reason: \"generated\"") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
