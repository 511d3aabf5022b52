/// The fully opaque rectangles drawn so far in a back-to-front sweep, bucketed in a
/// uniform grid, answering "does one of them contain this box?".
///
/// A box is contained in a rectangle only if its top-left corner is, so a query looks
/// only at the rectangles of the corner's cell. A rectangle is added only if no
/// rectangle already added contains it (the sweep asks first), so the cells hold no
/// rectangle that another already answers for.
///
/// - Complexity: adding a rectangle costs the cells it spans (at most 64 x 64); a query
///   the rectangles of one cell. Screens of thousands of opaque views stay near linear.
struct OcclusionGrid {
    private let bounds: Box
    private let columns: Int, rows: Int
    private let cellWidth: Double, cellHeight: Double
    private var cells: [[Int32]]
    private var rectangles: [Box] = []

    /// A grid over `bounds` sized for about `expected` rectangles.
    init(bounds: Box, expected: Int) {
        self.bounds = bounds
        var side = 1
        while side * side < expected && side < 64 { side *= 2 }
        columns = side
        rows = side
        cellWidth = max((bounds.maxX - bounds.minX) / Double(side), .leastNormalMagnitude)
        cellHeight = max((bounds.maxY - bounds.minY) / Double(side), .leastNormalMagnitude)
        cells = [[Int32]](repeating: [], count: side * side)
    }

    private func column(_ x: Double) -> Int { Self.cell((x - bounds.minX) / cellWidth, count: columns) }

    private func row(_ y: Double) -> Int { Self.cell((y - bounds.minY) / cellHeight, count: rows) }

    /// A cell index from a position in cells: clamped first, then truncated (no libm).
    private static func cell(_ position: Double, count: Int) -> Int {
        guard position > 0 else { return 0 }  // also not a number
        return position < Double(count) ? min(count - 1, Int(position)) : count - 1
    }

    /// Whether a rectangle added contains `box`.
    func covers(_ box: Box) -> Bool {
        guard !rectangles.isEmpty, bounds.contains(Box(minX: box.minX, minY: box.minY, maxX: box.minX, maxY: box.minY)) else { return false }
        for index in cells[row(box.minY) * columns + column(box.minX)] where rectangles[Int(index)].contains(box) {
            return true
        }
        return false
    }

    /// Adds an opaque rectangle (inside the grid's bounds).
    mutating func add(_ box: Box) {
        let index = Int32(rectangles.count)
        rectangles.append(box)
        let firstColumn = column(box.minX), lastColumn = column(box.maxX)
        for row in row(box.minY)...row(box.maxY) {
            for column in firstColumn...lastColumn { cells[row * columns + column].append(index) }
        }
    }
}
