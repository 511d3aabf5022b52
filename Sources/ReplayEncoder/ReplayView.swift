import MaskEngine

/// One drawn view as the replay carries it: its type, its rectangle in window
/// coordinates (whole points, 0 to 65,535), and its text when the masking contract lets
/// it be sent as it is.
public struct ReplayView: Sendable, Hashable {
    /// The type on the wire.
    public var type: ReplayViewType
    /// Left edge, relative to the window.
    public var x: UInt16
    /// Top edge, relative to the window.
    public var y: UInt16
    /// Width.
    public var width: UInt16
    /// Height.
    public var height: UInt16
    /// The view's text, sent in the frame's text section; `nil` for every masked,
    /// secure or placeholder view.
    public var text: String?

    /// Creates a view from wire values.
    public init(type: ReplayViewType, x: UInt16, y: UInt16, width: UInt16, height: UInt16, text: String? = nil) {
        self.type = type
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.text = text
    }

    /// Creates a view from a rectangle in window coordinates: each value is rounded to
    /// the nearest integer (halves away from zero) and clamped to 0...65,535 (negative
    /// positions become 0; a non-finite value becomes 0).
    public init(type: ReplayViewType, frame: ViewFrame, text: String? = nil) {
        self.init(type: type, x: Self.wireValue(frame.x), y: Self.wireValue(frame.y),
                  width: Self.wireValue(frame.width), height: Self.wireValue(frame.height), text: text)
    }

    /// A coordinate as the wire holds it: rounded half away from zero, clamped to 0...65,535.
    @inline(__always) public static func wireValue(_ value: Double) -> UInt16 {
        // Compared and truncated by hand: the library stays clear of libm (no rint or
        // round to link on Linux), and for values in 0..<65,535 this is exact.
        guard value.isFinite, value >= 0.5 else { return 0 }
        guard value < 65_534.5 else { return UInt16.max }
        let whole = UInt16(value)  // toward zero
        return value - Double(whole) >= 0.5 ? whole + 1 : whole
    }
}

extension ReplayView {
    /// The text the stream carries for this view: its text, if its type carries text.
    var sendableText: String? { type.carriesText ? text : nil }
}
