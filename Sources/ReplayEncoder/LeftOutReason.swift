/// Why a view entered is not in the frame.
public enum LeftOutReason: UInt8, Sendable, Hashable, CaseIterable {
    /// Hidden, or inside a hidden view.
    case hidden
    /// Alpha 0, or inside a view of alpha 0.
    case transparent
    /// Its frame has no area (or is not finite), or its content frame has none and it
    /// draws no background or border (its children are still visited).
    case zeroArea
    /// Its frame lies outside what its ancestors clip to (the subtree goes with it); or
    /// its frame shows but its content (text, image) lies outside what its ancestors
    /// and its own `clipsToBounds` clip to, and it draws no background or border (its
    /// children are still visited).
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
    /// Drawn views sent without their text because it repeats a masked view's below
    /// them (``MaskEngine/MaskedEcho``), found as the masked view was entered.
    public var echoes = 0
    private var hidden = 0, transparent = 0, zeroArea = 0, clipped = 0, drawsNothing = 0, covered = 0, notEmitted = 0

    /// Creates empty statistics.
    public init() {}

    /// Views left out for `reason`.
    public subscript(reason: LeftOutReason) -> Int {
        get {
            switch reason {
            case .hidden: return hidden
            case .transparent: return transparent
            case .zeroArea: return zeroArea
            case .clipped: return clipped
            case .drawsNothing: return drawsNothing
            case .covered: return covered
            case .notEmitted: return notEmitted
            }
        }
        set {
            switch reason {
            case .hidden: hidden = newValue
            case .transparent: transparent = newValue
            case .zeroArea: zeroArea = newValue
            case .clipped: clipped = newValue
            case .drawsNothing: drawsNothing = newValue
            case .covered: covered = newValue
            case .notEmitted: notEmitted = newValue
            }
        }
    }

    /// Adds another run's counts.
    public mutating func add(_ other: EncodingStats) {
        viewsIn += other.viewsIn
        viewsDrawn += other.viewsDrawn
        echoes += other.echoes
        for reason in LeftOutReason.allCases { self[reason] += other[reason] }
    }
}
