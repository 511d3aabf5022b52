/// One screen as the replay carries it: its views in drawing order (back to front).
public struct ReplayFrame: Sendable, Hashable {
    /// The screen (view controller, activity) the frame shows; `nil` for none.
    public var screen: String?
    /// When the frame was captured: milliseconds since the session started.
    public var timestamp: UInt64
    /// The drawn views, back to front.
    public var views: [ReplayView]

    /// Creates a frame.
    public init(screen: String? = nil, timestamp: UInt64 = 0, views: [ReplayView] = []) {
        self.screen = screen
        self.timestamp = timestamp
        self.views = views
    }
}
