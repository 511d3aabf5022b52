/// Reliable targets: stable view identities that survive layout changes.
///
/// A view with an accessibility identifier has the short form
/// `Class[ai:Screen.identifier]`. Any other view has the path form: `[root]`, then one
/// step per view from the tree's root down to the view, joined by `>`. A step is
/// `Class[ri:Screen.identifier]` for a view with a restoration identifier, else
/// `Class[tg:N]` for a view with a non-zero tag, else `Class:eq(N)` where N is the
/// view's index among its siblings of the same class. Without a screen the
/// `Screen.` prefix is left out.
public enum ReliableTarget {
    /// The short form for a view with an accessibility identifier.
    public static func short(className: String, accessibilityIdentifier: String, screen: String?) -> String {
        "\(className)[ai:\(qualified(accessibilityIdentifier, screen))]"
    }

    /// One step of the path form.
    /// - Parameter sameClassIndex: the view's index among its siblings of the same class.
    public static func step(className: String, restorationIdentifier: String?, tag: Int?, sameClassIndex: Int, screen: String?) -> String {
        if let ri = restorationIdentifier { return "\(className)[ri:\(qualified(ri, screen))]" }
        if let tag, tag != 0 { return "\(className)[tg:\(tag)]" }
        return "\(className):eq(\(sameClassIndex))"
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
            var sameClass = 0
            if parent >= 0 {
                for sibling in (parent + 1)..<v where Int(tree.parents[sibling]) == parent && tree.views[sibling].className == f.className {
                    sameClass += 1
                }
            }
            return step(className: f.className, restorationIdentifier: f.restorationIdentifier, tag: f.tag, sameClassIndex: sameClass, screen: tree.screen)
        }
        return path(steps)
    }

    private static func qualified(_ identifier: String, _ screen: String?) -> String {
        guard let screen, !screen.isEmpty else { return identifier }
        return "\(screen).\(identifier)"
    }
}

extension ReliableTarget {
    /// Why `text` is not a well-formed reliable target, or nil when it is.
    ///
    /// Accepts `Class[ai:identifier]` and `[root]>step>...` with steps
    /// `Class[ri:identifier]`, `Class[tg:N]` and `Class:eq(N)`.
    public static func syntaxProblem(_ text: String) -> String? {
        if text.hasPrefix(root) {
            let rest = text.dropFirst(root.count)
            guard rest.hasPrefix(">") else { return "expected '>' after '[root]'" }
            let steps = rest.dropFirst().split(separator: ">", omittingEmptySubsequences: false)
            for (index, step) in steps.enumerated() {
                if let problem = stepProblem(step) { return "step \(index + 1) '\(step)': \(problem)" }
            }
            return nil
        }
        guard let open = text.firstIndex(of: "["), text.hasSuffix("]") else {
            return "expected 'Class[ai:identifier]' or a path starting with '[root]>'"
        }
        let className = text[..<open]
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        if className.isEmpty { return "missing class name" }
        guard inside.hasPrefix("ai:"), inside.count > 3 else { return "expected '[ai:identifier]' after the class name" }
        return nil
    }

    private static func stepProblem(_ step: Substring) -> String? {
        if step.isEmpty { return "empty step" }
        if !step.hasSuffix("]"), let colon = step.lastIndex(of: ":") {
            guard colon > step.startIndex else { return "missing class name" }
            let tail = step[step.index(after: colon)...]
            guard tail.hasPrefix("eq("), tail.hasSuffix(")"),
                  Int(tail.dropFirst(3).dropLast()).map({ $0 >= 0 }) == true else {
                return "expected ':eq(N)' with N a non-negative integer"
            }
            return nil
        }
        guard let open = step.firstIndex(of: "["), step.hasSuffix("]") else {
            return "expected 'Class[ri:...]', 'Class[tg:N]' or 'Class:eq(N)'"
        }
        if open == step.startIndex { return "missing class name" }
        let inside = step[step.index(after: open)..<step.index(before: step.endIndex)]
        if inside.hasPrefix("ri:") { return inside.count > 3 ? nil : "empty restoration identifier" }
        if inside.hasPrefix("tg:") { return Int(inside.dropFirst(3)) != nil ? nil : "expected an integer tag" }
        return "expected '[ri:...]' or '[tg:N]'"
    }
}
