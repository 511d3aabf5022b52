import MaskEngine

/// The class chains of a catalog with a policy's `types:` laid over it, walked once:
/// how many classes each chain holds, and every cycle.
///
/// Each class is walked once, whatever the length of the chains or cycles, so a policy
/// of 100,000 classes extending one another is checked in linear time.
struct ClassChains {
    /// The catalog with the policy's declarations laid over it.
    let merged: TypeCatalog
    /// Per class: the number of classes in its chain, itself and a last superclass that
    /// is not declared included (what ``TypeCatalog/chain(of:)`` returns when not cut);
    /// -1 for a class in a cycle or leading into one. Names byte for byte, as the engine
    /// walks chains: a look-alike spelling is another class, never "already walked".
    private(set) var lengths: [ExactString: Int] = [:]
    /// Every cycle: its members in superclass order (each one's superclass is the
    /// next, the last one's is the first), from the member the walk met first.
    private(set) var cycles: [[String]] = []

    /// Walks every class: the policy's in source order, then the rest by name.
    /// - Complexity: O(c log c) for c classes (the sort); the walk itself is O(c).
    init(declaring classes: [ClassDeclaration], over catalog: TypeCatalog) {
        merged = catalog.overlaid(with: classes)
        for name in classes.map(\.name) + merged.declaredNames where lengths[ExactString(name)] == nil {
            walk(from: name)
        }
    }

    /// Follows superclasses from `start` until a class already walked, a class seen on
    /// this walk (a cycle), or the end of the chain; then sets the length of every
    /// class on the way.
    private mutating func walk(from start: String) {
        var path: [String] = []
        var position: [ExactString: Int] = [:]
        var next: String? = start
        while let name = next, lengths[ExactString(name)] == nil, position[ExactString(name)] == nil {
            position[ExactString(name)] = path.count
            path.append(name)
            next = merged.declaration(of: name)?.superclass
        }
        // The length of the chain above the path's last class; -1 for a cycle.
        var above = 0
        if let name = next {
            if let loopStart = position[ExactString(name)] {
                cycles.append(Array(path[loopStart...]))
                above = -1
            } else {
                above = lengths[ExactString(name)] ?? -1
            }
        }
        for (offset, name) in path.enumerated() {
            lengths[ExactString(name)] = above < 0 ? -1 : above + path.count - offset
        }
    }
}
