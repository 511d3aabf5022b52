/// The session stream's constants: see `Docs/wire-format.md` for the byte layout.
public enum ReplayStream {
    /// The first four bytes of every stream: `MSKR`.
    public static let magic: [UInt8] = Array("MSKR".utf8)
    /// The frame format version this library writes and reads (each frame's first byte).
    public static let formatVersion: UInt8 = 1

    /// How a frame is sent.
    public enum FrameKind: UInt8, Sendable, Hashable, CaseIterable {
        /// Every view.
        case full = 0
        /// The views added, removed and changed against the last full frame.
        case delta = 1

        /// The name `maskc decode` prints.
        public var name: String { self == .full ? "full" : "delta" }
    }
}

extension ReplayFrame {
    /// Appends the frame's common header: timestamp, screen, view count.
    func appendHeader(to out: inout [UInt8]) {
        VarInt.append(timestamp, to: &out)
        VarInt.append(screen ?? "", to: &out)
        VarInt.append(views.count, to: &out)
    }
}

/// Appends a text section: the texts of `views` at `indices` (ascending), each as the
/// gap since the previous index, the UTF-8 length and the bytes.
func appendTexts(_ entries: [(index: Int, text: String)], to out: inout [UInt8]) {
    VarInt.append(entries.count, to: &out)
    var next = 0
    for entry in entries {
        VarInt.append(entry.index - next, to: &out)
        VarInt.append(entry.text, to: &out)
        next = entry.index + 1
    }
}
