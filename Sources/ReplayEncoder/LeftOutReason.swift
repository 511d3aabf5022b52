/// Why a view entered is not in the frame.
public enum LeftOutReason: UInt8, Sendable, Hashable, CaseIterable {
    /// Hidden, or inside a hidden view.
    case hidden
    /// Alpha 0, or inside a view of alpha 0.
    case transparent
    /// Its frame has no area (or is not finite).
    case zeroArea
    /// Its frame lies outside what its ancestors clip to (the subtree goes with it).
    case clipped
    /// No content, no visible background, no border: it draws nothing (its children
    /// are still visited).
    case drawsNothing
    /// Entirely under a fully opaque view drawn later.
    case covered
    /// Below a view whose children the masking decision does not emit (maps,
    /// `recurse: false` classes).
    case notEmitted

    /// The name `--stats` prints.
    public var name: String {
        switch self {
        case .hidden: return "hidden"
        case .transparent: return "transparent"
        case .zeroArea: return "zero-area"
        case .clipped: return "clipped"
        case .drawsNothing: return "draws-nothing"
        case .covered: return "covered"
        case .notEmitted: return "not-emitted"
        }
    }
}

/// What an encoder did with the views it was given.
public struct EncodingStats: Sendable, Hashable {
    /// Views entered.
    public var viewsIn = 0
    /// Views in the frames.
    public var viewsDrawn = 0
    /// Views left out, by reason (indexed by ``LeftOutReason/rawValue``).
    public var leftOut = [Int](repeating: 0, count: LeftOutReason.allCases.count)

    /// Creates empty statistics.
    public init() {}

    /// Views left out for `reason`.
    public subscript(reason: LeftOutReason) -> Int {
        get { leftOut[Int(reason.rawValue)] }
        set { leftOut[Int(reason.rawValue)] = newValue }
    }

    /// Adds another run's counts.
    public mutating func add(_ other: EncodingStats) {
        viewsIn += other.viewsIn
        viewsDrawn += other.viewsDrawn
        for index in leftOut.indices { leftOut[index] += other.leftOut[index] }
    }
}
