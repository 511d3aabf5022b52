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

    private static func qualified(_ identifier: String, _ screen: String?) -> String {
        guard let screen, !screen.isEmpty else { return identifier }
        return "\(screen).\(identifier)"
    }
}
