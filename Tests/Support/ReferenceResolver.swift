import MaskEngine

/// A plain resolver written straight from the documented semantics: it walks the five
/// levels one by one and scans every rule, with no index and no cache. The property
/// tests check the engine against it; the benchmark measures the engine's speed-up.
public struct ReferenceResolver: Sendable {
    public let policy: MaskingPolicy
    public let catalog: TypeCatalog

    public init(policy: MaskingPolicy) {
        self.policy = policy
        self.catalog = TypeCatalog.builtin.overlaid(with: policy.classes)
    }

    /// The decision for every view of `tree`.
    public func resolve(_ tree: ViewTree) -> [MaskDecision] {
        (0..<tree.count).map { decide($0, in: tree) }
    }

    func applies(_ rule: MaskRule, _ tree: ViewTree) -> Bool {
        guard rule.screen == nil || rule.screen == tree.screen else { return false }
        // Without a screen, an unmask target naming one (a dotted ai:/ri: value) matches nothing.
        if rule.action == .unmask, case .target(let pattern) = rule.selector, (tree.screen ?? "").isEmpty {
            return !Self.namesScreen(pattern.text)
        }
        return true
    }

    /// Whether a target's text has an `ai:` or `ri:` value with a `.` in it: values run
    /// from `[ai:`/`[ri:` to the end of their path step (`]>`), or to the end of a
    /// short-form target. Written apart from the engine's, from the README.
    static func namesScreen(_ text: String) -> Bool {
        let isPath = text.hasPrefix("[root]")
        var rest = Substring(text)
        while let marker = [rest.firstRange(of: "[ai:"), rest.firstRange(of: "[ri:")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            var value = rest[marker.upperBound...]
            if isPath, let stepEnd = value.firstRange(of: "]>") { value = value[..<stepEnd.lowerBound] }
            if value.contains(".") { return true }
            rest = rest[value.endIndex...]
        }
        return false
    }

    func chain(_ view: Int, _ tree: ViewTree) -> [String] {
        let facts = tree.views[view]
        if let superclasses = facts.superclasses {
            // A generic class of a given chain is followed by its bare name.
            var result: [String] = []
            let given = [facts.className] + superclasses
            for (index, name) in given.enumerated() {
                result.append(name)
                if let open = name.firstIndex(of: "<"), open != name.startIndex {
                    let bare = String(name[..<open])
                    if index + 1 >= given.count || given[index + 1] != bare { result.append(bare) }
                }
            }
            return result
        }
        var result = [facts.className]
        while let next = declared(result[result.count - 1])?.superclass, !result.contains(next), result.count < TypeCatalog.maximumChainLength {
            result.append(next)
        }
        return result
    }

    /// A class's declaration: its own name's, else its simple name's (README: a
    /// module-qualified `MyApp.PrimaryButton` answers to `PrimaryButton`); a generic
    /// class (`SwiftUI.SecureField<SwiftUI.Text>`) with no superclass declared extends
    /// its name before the `<`. Written apart from the engine's.
    func declared(_ name: String) -> ClassDeclaration? {
        var found = catalog.declaration(named: name) ?? Self.simpleName(name).flatMap { catalog.declaration(named: $0) }
        if found?.superclass == nil, let open = name.firstIndex(of: "<"), open != name.startIndex {
            found = found ?? ClassDeclaration(name)
            found?.superclass = String(name[..<open])
        }
        return found
    }

    /// The part after the last `.` before any `<`, if there is one and it is not empty.
    public static func simpleName(_ name: String) -> String? {
        let head = name.split(separator: "<", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let dot = head.lastIndex(of: ".") else { return nil }
        let rest = name[name.index(after: dot)...]
        return rest.isEmpty || rest.hasPrefix("<") ? nil : String(rest)
    }

    /// The first kind declared along the chain; `secure-text` for a chain that takes
    /// input with a class named for secure entry before that declaration
    /// (Docs/secure-markers.md, the row "the class's name").
    func kind(along chain: [String]) -> ViewKind {
        let first = chain.firstIndex { self.declared($0)?.kind != nil }
        let declaredKind = first.flatMap { self.declared(chain[$0])?.kind }
        if declaredKind != .secureText, declaredKind != .map, chain.contains(where: Self.takesInput),
           chain[..<(first ?? chain.count)].contains(where: TypeCatalog.namesSecureEntry) {
            return .secureText
        }
        return declaredKind ?? .other
    }

    /// An input class by the README's list: one of the input classes, itself or by its
    /// simple name, a name ending (after at least one byte) in one of the endings, or a
    /// name for secure entry shaped as an input's (the words themselves are
    /// `SecureEntryNameTests`').
    static func takesInput(_ name: String) -> Bool {
        if TypeCatalog.textInputClasses.contains(name) || simpleName(name).map(TypeCatalog.textInputClasses.contains) == true { return true }
        // An anonymous class (`PasswordEditText$1`) by the name it is numbered in.
        var named = name
        while let dollar = named.lastIndex(of: "$"), named.index(after: dollar) < named.endIndex, dollar > named.index(after: named.startIndex),
              named[named.index(after: dollar)...].allSatisfy({ $0.isASCII && $0.isNumber }) {
            named = String(named[..<dollar])
        }
        let endings = TypeCatalog.inputNameEndings + TypeCatalog.valuePickerNameEndings
        return endings.contains { named.utf8.count > $0.utf8.count && named.hasSuffix($0) } || TypeCatalog.namesSecureInput(name)
    }

    func recurses(along chain: [String]) -> Bool {
        chain.lazy.compactMap { self.declared($0)?.recurse }.first ?? true
    }

    /// The reliable target, computed from scratch by walking to the root.
    public func target(_ view: Int, _ tree: ViewTree) -> String {
        let facts = tree.views[view]
        let screenPrefix = tree.screen.map { $0.isEmpty ? "" : $0 + "." } ?? ""
        if let ai = facts.accessibilityIdentifier { return "\(facts.className)[ai:\(screenPrefix)\(ai)]" }
        var steps: [String] = []
        var current = view
        while current >= 0 {
            let f = tree.views[current]
            let parent = Int(tree.parents[current])
            var step: String
            if let ri = f.restorationIdentifier {
                step = "\(f.className)[ri:\(screenPrefix)\(ri)]"
            } else if let tag = f.tag, tag != 0 {
                step = "\(f.className)[tg:\(tag)]"
            } else {
                var sameClass = 0
                if parent >= 0 {
                    for sibling in 0..<current where Int(tree.parents[sibling]) == parent && tree.views[sibling].className == f.className {
                        sameClass += 1
                    }
                }
                step = "\(f.className):eq(\(sameClass))"
            }
            steps.append(step)
            current = parent
        }
        return "[root]>" + steps.reversed().joined(separator: ">")
    }

    func matchesInstance(_ rule: MaskRule, _ view: Int, _ tree: ViewTree) -> Bool {
        let facts = tree.views[view]
        switch rule.selector {
        case .type, .kind: return false
        case .id(let p): return p.matches(facts.id ?? tree.indexPath(of: view))
        case .accessibilityIdentifier(let p): return facts.accessibilityIdentifier.map(p.matches) ?? false
        case .restorationIdentifier(let p): return facts.restorationIdentifier.map(p.matches) ?? false
        case .tag(let n): return facts.tag == n && n != 0
        case .target(let p): return p.matches(target(view, tree))
        }
    }

    /// Mask wins; the first rule in source order of the winning action is named.
    func pick(_ candidates: [Int]) -> Int? {
        candidates.first { policy.rules[$0].action == .mask } ?? candidates.first
    }

    func typeRule(_ view: Int, _ tree: ViewTree, recursiveOnly: Bool) -> Int? {
        for name in chain(view, tree) {
            let candidates = policy.rules.indices.filter { index in
                let rule = policy.rules[index]
                guard case .type(let t) = rule.selector, t == name || t == Self.simpleName(name), applies(rule, tree) else { return false }
                return !recursiveOnly || rule.recursive
            }
            if let winner = pick(candidates) { return winner }
        }
        // No type rule on the chain: the rules on the view's kind (a type rule beats a kind rule).
        let kind = selectorKind(view, tree)
        let candidates = policy.rules.indices.filter { index in
            let rule = policy.rules[index]
            guard case .kind(let k) = rule.selector, k == kind, applies(rule, tree) else { return false }
            return !recursiveOnly || rule.recursive
        }
        return pick(candidates)
    }

    /// The kind `kind:` selectors see, from the README: `secure-text` when the chain's
    /// kind is; `input` when a class of the chain is a text input class and the chain's
    /// kind is `text` or `other`; else the chain's kind.
    public func selectorKind(_ view: Int, _ tree: ViewTree) -> SelectorKind {
        let classes = chain(view, tree)
        let kind = kind(along: classes)
        // A qualified name answers to its simple name here too (`__C.UITextField`).
        let input = classes.contains(where: Self.takesInput)
        if input && (kind == .text || kind == .other) { return .input }
        return SelectorKind(rawValue: kind.rawValue) ?? .other
    }

    /// Level 5 for a view: its dimension's default when the policy gives one (`text`:
    /// text and SwiftUI text; `inputs`: inputs; `images`: images, `mask-non-bundled`
    /// showing bundle and asset images only), else `default`; inside a text input (an
    /// ancestor of kind `input`), also masked when the inputs' default masks.
    func defaultMasks(_ view: Int, _ tree: ViewTree) -> Bool {
        let fallback = policy.defaultAction == .mask
        let defaults = policy.defaults
        var ancestor = Int(tree.parents[view])
        while ancestor >= 0 {
            if selectorKind(ancestor, tree) == .input { if defaults.inputs.map({ $0 == .mask }) ?? fallback { return true }; break }
            ancestor = Int(tree.parents[ancestor])
        }
        switch selectorKind(view, tree) {
        case .text, .swiftUIText: return defaults.text.map { $0 == .mask } ?? fallback
        case .input: return defaults.inputs.map { $0 == .mask } ?? fallback
        case .image:
            guard let images = defaults.images else { return fallback }
            let source = tree.views[view].imageSource
            return images == .mask || (images == .maskNonBundled && source != .bundle && source != .asset)
        default: return fallback
        }
    }

    /// The lock deciding a view, written from the README: the view's own instance lock,
    /// else its own type lock (any class of its chain, most specific first, then a
    /// locked `kind` rule on its kind), else the
    /// nearest ancestor's recursive lock (instance before type); first in source order.
    func lock(_ view: Int, in tree: ViewTree) -> (level: PrecedenceLevel, rule: Int)? {
        let locks = policy.rules.indices.filter { policy.rules[$0].locked && policy.rules[$0].action == .mask && applies(policy.rules[$0], tree) }
        func instanceLock(_ v: Int, recursiveOnly: Bool) -> Int? {
            locks.first { matchesInstance(policy.rules[$0], v, tree) && (!recursiveOnly || policy.rules[$0].recursive) }
        }
        func typeLock(_ v: Int, recursiveOnly: Bool) -> Int? {
            for name in chain(v, tree) {
                if let found = locks.first(where: { index in
                    guard case .type(let t) = policy.rules[index].selector, t == name || t == Self.simpleName(name) else { return false }
                    return !recursiveOnly || policy.rules[index].recursive
                }) { return found }
            }
            // Then a locked `kind` rule on the view's kind.
            let kind = selectorKind(v, tree)
            return locks.first { index in
                guard case .kind(let k) = policy.rules[index].selector, k == kind else { return false }
                return !recursiveOnly || policy.rules[index].recursive
            }
        }
        if let rule = instanceLock(view, recursiveOnly: false) { return (.instance, rule) }
        if let rule = typeLock(view, recursiveOnly: false) { return (.type, rule) }
        var ancestor = Int(tree.parents[view])
        while ancestor >= 0 {
            if let rule = instanceLock(ancestor, recursiveOnly: true) { return (.parentInstance, rule) }
            if let rule = typeLock(ancestor, recursiveOnly: true) { return (.parentType, rule) }
            ancestor = Int(tree.parents[ancestor])
        }
        return nil
    }

    func decide(_ view: Int, in tree: ViewTree) -> MaskDecision {
        var level = PrecedenceLevel.default
        var rule: Int?
        let own = policy.rules.indices.filter { applies(policy.rules[$0], tree) && matchesInstance(policy.rules[$0], view, tree) }
        if let winner = pick(own) {
            level = .instance; rule = winner
        } else {
            var ancestor = Int(tree.parents[view])
            while ancestor >= 0 {
                let candidates = policy.rules.indices.filter {
                    policy.rules[$0].recursive && applies(policy.rules[$0], tree) && matchesInstance(policy.rules[$0], ancestor, tree)
                }
                if let winner = pick(candidates) { level = .parentInstance; rule = winner; break }
                ancestor = Int(tree.parents[ancestor])
            }
        }
        if rule == nil, let winner = typeRule(view, tree, recursiveOnly: false) {
            level = .type; rule = winner
        }
        if rule == nil {
            var ancestor = Int(tree.parents[view])
            while ancestor >= 0 {
                if let winner = typeRule(ancestor, tree, recursiveOnly: true) { level = .parentType; rule = winner; break }
                ancestor = Int(tree.parents[ancestor])
            }
        }
        let masks = rule.map { policy.rules[$0].action == .mask } ?? defaultMasks(view, tree)
        let classes = chain(view, tree)
        let kind = kind(along: classes)
        let facts = tree.views[view]
        // Secure: the view's own markers, or any ancestor's (walked from scratch).
        var secure = false
        var current = view
        while current >= 0 && !secure {
            secure = ownSecure(current, tree)
            current = Int(tree.parents[current])
        }
        // A chain cut at the limit lost classes that may have said `map`: masked, no children.
        var cut = false
        if facts.superclasses == nil, classes.count == TypeCatalog.maximumChainLength,
           let next = declared(classes[classes.count - 1])?.superclass, !classes.contains(next) {
            cut = true
        }
        let locked = lock(view, in: tree)
        if let locked { (level, rule) = (locked.level, locked.rule) }
        let isMasked = masks || kind == .map || cut || secure || locked != nil
        // An image view shown on level 5 sends its image; its text follows the text
        // default (README, `defaults`).
        let textMasked = !isMasked && rule == nil && selectorKind(view, tree) == .image
            && (policy.defaults.text.map { $0 == .mask } ?? (policy.defaultAction == .mask))
        return MaskDecision(isMasked: isMasked, level: level, ruleIndex: rule, kind: kind, isSecure: secure,
                            emitsChildren: recurses(along: classes) && kind != .map && !cut, isLocked: locked != nil, masksText: textMasked)
    }

    /// The secure markers of a view itself, spelled out from Docs/secure-markers.md.
    func ownSecure(_ view: Int, _ tree: ViewTree) -> Bool {
        let facts = tree.views[view]
        if kind(along: chain(view, tree)) == .secureText || facts.isSecureTextEntry { return true }
        let names: Set<String> = ["password", "newpassword", "currentpassword", "onetimecode", "creditcardnumber", "ccnumber",
                                  "creditcardsecuritycode", "cccsc", "smsotpcode", "emailotpcode", "2faappotpcode"]
        func folded(_ name: String) -> String { name.lowercased().filter { !"-_. ".contains($0) } }
        if let type = facts.textContentType, names.contains(folded(type)) { return true }
        if let hints = facts.autofillHints, hints.contains(where: { names.contains(folded($0)) }) { return true }
        if let inputType = facts.inputType {
            if inputType < 0 { return true }
            let variation = inputType & 0xFF0
            switch inputType & 0xF {
            case 1: if [0x80, 0x90, 0xE0].contains(variation) { return true }
            case 2: if variation == 0x10 { return true }
            default: break
            }
        }
        return false
    }
}
