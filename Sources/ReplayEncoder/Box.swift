import MaskEngine

/// A rectangle as its edges, in window coordinates: what clipping and covering compare.
struct Box: Sendable, Hashable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// Everything: the clip of a view with no clipping ancestor.
    static let everything = Box(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// A frame's edges; a negative width or height counts as zero.
    init(_ frame: ViewFrame) {
        minX = frame.x
        minY = frame.y
        maxX = frame.x + max(0, frame.width)
        maxY = frame.y + max(0, frame.height)
    }

    /// Whether the box has positive, finite area.
    @inline(__always) var hasArea: Bool {
        // Comparisons only: an edge above minus infinity and below the other, itself
        // below infinity, is finite, and not a number fails them all. `isFinite` on
        // each edge was a mask and an integer compare more, twice a view entered.
        maxX > minX && maxY > minY && minX > -.infinity && minY > -.infinity && maxX < .infinity && maxY < .infinity
    }

    /// The part of the box inside `other` (possibly empty).
    func intersection(_ other: Box) -> Box {
        Box(minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// The smallest box holding both.
    func union(_ other: Box) -> Box {
        Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Nothing: what an infinite inset leaves; whatever it meets, the result has no area.
    static let nothing = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    /// The box with each edge moved `distance` (at least 0) inward: no area when the
    /// edges cross, ``nothing`` when `distance` is infinite.
    func inset(by distance: Double) -> Box {
        guard distance < .infinity else { return .nothing }
        return Box(minX: minX + distance, minY: minY + distance, maxX: maxX - distance, maxY: maxY - distance)
    }

    /// Whether `other` lies entirely inside this box.
    func contains(_ other: Box) -> Bool {
        minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
    }

    /// The box as a frame.
    var frame: ViewFrame { ViewFrame(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
}
