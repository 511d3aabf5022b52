import MaskEngine
import MaskJSON
import ReplayEncoder

/// Encodes view trees read from JSON (or captures converted to it) as replay frames:
/// the tree's views are entered in pre-order, each with the facts the engine decides
/// on and the appearance read from its fields (``MaskJSON/TreeDocument/appearance(of:)``).
public struct TreeFrameEncoder: Sendable {
    /// The encoder, kept from tree to tree (its caches stay warm).
    public private(set) var encoder: FrameEncoder
    private let table: DecisionTable

    /// Creates an encoder deciding with `table`.
    public init(table: DecisionTable, removingCoveredViews: Bool = true) {
        self.table = table
        encoder = FrameEncoder(table: table)
        encoder.removesCoveredViews = removingCoveredViews
    }

    /// What happened to the last tree's views.
    public var stats: EncodingStats { encoder.stats }

    /// One tree as a frame.
    /// - Parameters:
    ///   - timestamp: milliseconds since the session started.
    ///   - file, firstLine: where the tree is, for errors.
    /// - Throws: ``MaskJSON/TreeError`` for a top-level `coordinates` maskc cannot read.
    /// - Complexity: O(n) in the views and their fields.
    public mutating func encode(_ document: TreeDocument, timestamp: UInt64, file: String, firstLine: Int = 1) throws(TreeError) -> ReplayFrame {
        let tree = document.tree
        encoder.begin(screen: tree.screen, timestamp: timestamp, coordinates: try document.coordinates(file: file, firstLine: firstLine))
        // The `detect:` safety net and the echo guard over every field of each view, as
        // `apply` runs them: a view they mask there is masked in the frame too, whatever
        // text the frame carries.
        let decided = TreeMasker(table: table).decide(document)
        var open: [Int32] = []
        for view in 0..<tree.count {
            let parent = tree.parents[view]
            while let top = open.last, top != parent {
                encoder.leave()
                open.removeLast()
            }
            encoder.enter(tree.views[view], document.appearance(of: view), detected: decided[view].detector, echoes: decided[view].echoSource)
            open.append(Int32(view))
        }
        return encoder.finish()
    }
}
