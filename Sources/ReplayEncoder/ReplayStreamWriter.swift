/// Writes a session: the stream magic, then one frame per screen captured, each sent
/// whole or as a delta against the last full frame, whichever is smaller, with a full
/// frame at least every ``fullFrameInterval`` frames.
///
/// ```swift
/// var writer = ReplayStreamWriter()
/// writer.append(encoder.finish())
/// send(writer.takeBytes())
/// ```
public struct ReplayStreamWriter: Sendable {
    /// A full frame is sent at least once every this many frames (1: every frame is full).
    public let fullFrameInterval: Int
    /// The bytes written and not yet taken.
    public private(set) var bytes: [UInt8]
    /// Frames written so far.
    public private(set) var frameCount = 0

    private var baseNumber = -1
    private var baseViews: [ReplayView] = []
    private var framesSinceFull = 0
    private var full: [UInt8] = []
    private var delta: [UInt8] = []

    /// Creates a writer; the stream starts with its magic.
    /// - Parameter fullFrameInterval: at most this many frames between full frames (at
    ///   least 1; the default sends one every 30 frames, every 30 s at one frame a second).
    public init(fullFrameInterval: Int = 30) {
        self.fullFrameInterval = max(1, fullFrameInterval)
        bytes = ReplayStream.magic
    }

    /// Appends a frame, as a delta when one is allowed and smaller than the full frame.
    /// A text on a view whose type carries none (a placeholder) is never written.
    /// - Returns: how it was sent.
    /// - Complexity: O(views of the frame and of the last full frame).
    @discardableResult
    public mutating func append(_ frame: ReplayFrame) -> ReplayStream.FrameKind {
        full.removeAll(keepingCapacity: true)
        frame.appendHeader(to: &full)
        var texts: [(index: Int, text: String)] = []
        for (index, view) in frame.views.enumerated() {
            view.appendPDU(to: &full)
            if let text = view.sendableText { texts.append((index, text)) }
        }
        appendTexts(texts, to: &full)

        var kind = ReplayStream.FrameKind.full
        if baseNumber >= 0 && framesSinceFull + 1 < fullFrameInterval {
            delta.removeAll(keepingCapacity: true)
            frame.appendHeader(to: &delta)
            FrameDelta(base: baseViews, new: frame.views).append(base: baseNumber, to: &delta)
            if delta.count < full.count { kind = .delta }
        }
        bytes.append(ReplayStream.formatVersion)
        bytes.append(kind.rawValue)
        let body = kind == .full ? full : delta
        VarInt.append(body.count, to: &bytes)
        bytes.append(contentsOf: body)
        if kind == .full {
            baseNumber = frameCount
            baseViews = frame.views
            framesSinceFull = 0
        } else {
            framesSinceFull += 1
        }
        frameCount += 1
        return kind
    }

    /// The bytes written since the last call (the stream so far, the first time).
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }
}
