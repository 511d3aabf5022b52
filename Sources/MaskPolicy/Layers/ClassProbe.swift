import MaskEngine

/// How a class is judged by what a policy change does to its views: a view of the class
/// and a child below it (a class no policy declares, to see what the class hands down),
/// without an image source and with a bundled one, decided on every screen given by each
/// pair of tables. Tighten-only layering (``Tightening``) and `maskc diff` both ask it.
public enum ClassProbe {
    /// The child class no policy declares.
    static let childClass = "maskc.layer-probe"

    /// A change `compare` finds between a pair's `old` and `new` decisions.
    public struct Finding<Change> {
        /// What `compare` returned.
        public var change: Change
        /// Whether it is the child's decision (else the class's own view's).
        public var isChild: Bool
        /// The probe's image source (nil, or a bundled image).
        public var source: ImageSource?
        /// The screen it was decided on.
        public var screen: String?
    }

    /// The first change `compare(old, new)` finds, screens in the order given.
    public static func first<Change>(_ name: String, screens: [String?], pairs: [(old: DecisionTable, new: DecisionTable)],
                                     _ compare: (MaskDecision, MaskDecision) -> Change?) -> Finding<Change>? {
        for screen in screens {
            for source in [nil, ImageSource.bundle] as [ImageSource?] {
                var tree = ViewTree(screen: screen)
                tree.append(ViewFacts(className: name, imageSource: source), parent: nil)
                tree.append(ViewFacts(className: childClass, imageSource: source), parent: 0)
                for pair in pairs {
                    let before = pair.old.resolve(tree), after = pair.new.resolve(tree)
                    for view in 0..<2 {
                        if let change = compare(before[view], after[view]) {
                            return Finding(change: change, isChild: view == 1, source: source, screen: screen)
                        }
                    }
                }
            }
        }
        return nil
    }
}
