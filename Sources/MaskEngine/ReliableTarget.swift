/// Reliable targets: stable view identities that survive layout changes.
///
/// A view with an accessibility identifier has the short form
/// `Class[ai:Screen.identifier]`. Any other view has the path form: `[root]`, then one
/// step per view from the tree's root down to the view, joined by `>`. A step is
/// `Class[ri:Screen.identifier]` for a view with a restoration identifier, else
/// `Class[tg:N]` for a view with a non-zero tag, else `Class:eq(N)` where N is the
/// view's index among its siblings of the same class (the roots of a tree with
/// several are siblings of each other). Without a screen the
/// `Screen.` prefix is left out.
///
/// Written without a screen, `Home.title` could be an identifier or a screen and an
/// identifier: see ``namesScreen(_:)`` for how a `target` selector reads it.
public enum ReliableTarget {
    /// The short form for a view with an accessibility identifier.
    public static func short(className: String, accessibilityIdentifier: String, screen: String?) -> String {
        "\(className)[ai:\(qualified(accessibilityIdentifier, screen))]"
    }

    /// One step of the path form.
    /// - Parameter sameClassIndex: the view's index among its siblings of the same class.
    public static func step(className: String, restorationIdentifier: String?, tag: Int?, sameClassIndex: Int, screen: String?) -> String {
        className + stepSuffix(restorationIdentifier: restorationIdentifier, tag: tag, sameClassIndex: sameClassIndex, screen: screen)
    }

    /// What follows the class name in a step: `[ri:...]`, `[tg:N]` or `:eq(N)`.
    static func stepSuffix(restorationIdentifier: String?, tag: Int?, sameClassIndex: Int, screen: String?) -> String {
        if let ri = restorationIdentifier { return "[ri:\(qualified(ri, screen))]" }
        if let tag, tag != 0 { return "[tg:\(tag)]" }
        return ":eq(\(sameClassIndex))"
    }

    /// The path prefix every path-form target starts with.
    public static let root = "[root]"

    /// The path form from the steps, root first.
    public static func path<S: Sequence>(_ steps: S) -> String where S.Element == String {
        ([root] + steps).joined(separator: ">")
    }

    /// The target of a view, given the path-form string of its parent (`[root]` for a root).
    public static func target(of facts: ViewFacts, parentPath: String, sameClassIndex: Int, screen: String?) -> (target: String, path: String) {
        let path = parentPath + ">" + step(
            className: facts.className, restorationIdentifier: facts.restorationIdentifier,
            tag: facts.tag, sameClassIndex: sameClassIndex, screen: screen)
        if let ai = facts.accessibilityIdentifier {
            return (short(className: facts.className, accessibilityIdentifier: ai, screen: screen), path)
        }
        return (path, path)
    }

    /// The target of one view of a tree, computed from its ancestors alone.
    /// - Complexity: O(n) for the sibling counts and O(depth) for the path.
    public static func target(of view: Int, in tree: ViewTree) -> String {
        let facts = tree.views[view]
        if let ai = facts.accessibilityIdentifier {
            return short(className: facts.className, accessibilityIdentifier: ai, screen: tree.screen)
        }
        var chain: [Int] = []
        var current = view
        while current >= 0 {
            chain.append(current)
            current = Int(tree.parents[current])
        }
        let steps = chain.reversed().map { v -> String in
            let f = tree.views[v]
            let parent = Int(tree.parents[v])
            // Siblings come after their parent; roots are siblings of each other.
            var sameClass = 0
            for sibling in (parent + 1)..<v where Int(tree.parents[sibling]) == parent && tree.views[sibling].className == f.className {
                sameClass += 1
            }
            return step(className: f.className, restorationIdentifier: f.restorationIdentifier, tag: f.tag, sameClassIndex: sameClass, screen: tree.screen)
        }
        return path(steps)
    }

    private static func qualified(_ identifier: String, _ screen: String?) -> String {
        guard let screen, isScreen(screen) else { return identifier }
        return "\(screen).\(identifier)"
    }

    /// Whether a tree has a screen that targets are qualified with: a non-empty one.
    public static func isScreen(_ screen: String?) -> Bool {
        guard let screen else { return false }
        return !screen.isEmpty
    }

    /// Whether a `target` selector's text names a screen: some `ai:` or `ri:` value in
    /// it contains a `.`, as `UILabel[ai:Home.title]` and
    /// `[root]>UIView[ri:Home.form]>UILabel:eq(0)` do.
    ///
    /// A value starts after `[ai:` or `[ri:`; in the path form (text starting with
    /// `[root]`) it runs to the end of its step (the next `]>`), otherwise to the end of
    /// the text; `*` counts as written. Class names are not values, so
    /// `android.widget.TextView[ai:title]` names no screen.
    ///
    /// On a tree without a screen (absent, null or empty) the text is ambiguous:
    /// `Home.title` may be the identifier itself, or screen `Home` and identifier
    /// `title`. It is resolved toward masking: there an `unmask` rule whose target names
    /// a screen matches no view (select such views with `accessibilityIdentifier` or
    /// `restorationIdentifier`), and a `mask` rule's target matches the text as written.
    /// - Complexity: O(n) in the length of the text.
    public static func namesScreen(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        let isPath = bytes.starts(with: root.utf8)
        var index = 0
        while index + 4 <= bytes.count {
            let isMarker = bytes[index] == UInt8(ascii: "[") && bytes[index + 2] == UInt8(ascii: "i")
                && bytes[index + 3] == UInt8(ascii: ":")
                && (bytes[index + 1] == UInt8(ascii: "a") || bytes[index + 1] == UInt8(ascii: "r"))
            guard isMarker else {
                index += 1
                continue
            }
            var end = index + 4
            while end < bytes.count {
                if isPath && bytes[end] == UInt8(ascii: "]") && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: ">") { break }
                if bytes[end] == UInt8(ascii: ".") { return true }
                end += 1
            }
            index = end
        }
        return false
    }
}

extension ReliableTarget {
    /// Why `text` is not a well-formed reliable target, or nil when it is.
    ///
    /// Accepts `Class[ai:identifier]` and `[root]>step>...` with steps
    /// `Class[ri:identifier]`, `Class[tg:N]` and `Class:eq(N)`. Works on Unicode
    /// scalars, not characters, so a combining mark at the start of a name does not
    /// merge with the `>` or `[` before it.
    public static func syntaxProblem(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let rootScalars = Array(root.unicodeScalars)
        if scalars.starts(with: rootScalars) {
            let rest = scalars.dropFirst(rootScalars.count)
            guard rest.first == ">" else { return "expected '>' after '[root]'" }
            let steps = rest.dropFirst().split(separator: ">", omittingEmptySubsequences: false)
            for (index, step) in steps.enumerated() {
                if let problem = stepProblem(Array(step)) {
                    return "step \(index + 1) '\(String(String.UnicodeScalarView(step)))': \(problem)"
                }
            }
            return nil
        }
        guard let open = scalars.firstIndex(of: "["), scalars.last == "]" else {
            return "expected 'Class[ai:identifier]' or a path starting with '[root]>'"
        }
        if open == 0 { return "missing class name" }
        let inside = scalars[(open + 1)..<(scalars.count - 1)]
        guard inside.starts(with: Array("ai:".unicodeScalars)), inside.count > 3 else { return "expected '[ai:identifier]' after the class name" }
        return nil
    }

    private static func stepProblem(_ step: [Unicode.Scalar]) -> String? {
        if step.isEmpty { return "empty step" }
        if step.last != "]", let colon = step.lastIndex(of: ":") {
            guard colon > 0 else { return "missing class name" }
            let tail = step[(colon + 1)...]
            let digits = String(String.UnicodeScalarView(tail.dropFirst(3).dropLast()))
            guard tail.starts(with: Array("eq(".unicodeScalars)), tail.last == ")", let index = Int(digits), index >= 0 else {
                return "expected ':eq(N)' with N a non-negative integer"
            }
            // Paths spell N as Swift prints it: `:eq(05)` or `:eq(+5)` would never match.
            guard String(index) == digits else { return "write N as a path spells it, without a sign or leading zeros (':eq(\(index))')" }
            return nil
        }
        guard let open = step.firstIndex(of: "["), step.last == "]" else {
            return "expected 'Class[ri:...]', 'Class[tg:N]' or 'Class:eq(N)'"
        }
        if open == 0 { return "missing class name" }
        let inside = step[(open + 1)..<(step.count - 1)]
        if inside.starts(with: Array("ri:".unicodeScalars)) { return inside.count > 3 ? nil : "empty restoration identifier" }
        if inside.starts(with: Array("tg:".unicodeScalars)) {
            let text = String(String.UnicodeScalarView(inside.dropFirst(3)))
            guard let tag = Int(text) else { return "expected an integer tag" }
            // A path names a view by its tag only when the tag is not UIKit's default 0.
            if tag == 0 { return "tag 0 counts as no tag (UIKit's default), so a path never has '[tg:0]': write ':eq(N)' for that view" }
            // Paths spell N as Swift prints it: `[tg:05]` or `[tg:+5]` would never match.
            guard String(tag) == text else { return "write the tag as a path spells it, without '+' or leading zeros ('[tg:\(tag)]')" }
            return nil
        }
        return "expected '[ri:...]' or '[tg:N]'"
    }
}
