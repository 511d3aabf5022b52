/// Why bytes are not a replay stream, and where: a decoder never reads past the end,
/// never crashes, and reports the first problem as one of these.
public struct ReplayDecodingError: Error, Sendable, Hashable {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// The stream does not start with the magic `MSKR`.
        case notAStream
        /// A frame of a format version this decoder does not read.
        case unsupportedVersion(UInt8)
        /// A frame kind other than full (0) and delta (1).
        case unknownFrameKind(UInt8)
        /// The bytes end inside a frame (or a frame's body ends inside a value).
        case truncated
        /// A number takes more than 64 bits.
        case numberTooLarge
        /// A count or index larger than the bytes or views that could back it.
        case countTooLarge
        /// A PDU with one of the reserved types (7, 13, 14, 15).
        case reservedViewType(UInt8)
        /// A string that is not UTF-8.
        case invalidUTF8
        /// A text for a view that does not exist or whose type carries no text.
        case textForViewWithoutText(Int)
        /// A delta before any full frame, or against a frame that is not the last full one.
        case missingBase(Int)
        /// An index in a delta or text section out of range.
        case indexOutOfRange(Int)
        /// A delta whose view count does not match the base, removals and additions.
        case viewCountMismatch(expected: Int, found: Int)
        /// Bytes left in a frame's body after its last section.
        case trailingBytes
    }

    /// The byte offset in the stream where the problem starts.
    public var offset: Int
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// One line for people: `offset N: message`.
    public var message: String {
        let what: String
        switch reason {
        case .notAStream: what = "not a replay stream (expected the magic 'MSKR')"
        case .unsupportedVersion(let version): what = "frame format version \(version) is not supported (this decoder reads version \(ReplayStream.formatVersion))"
        case .unknownFrameKind(let kind): what = "unknown frame kind \(kind) (expected 0 full or 1 delta)"
        case .truncated: what = "the bytes end inside a frame"
        case .numberTooLarge: what = "a number takes more than 64 bits"
        case .countTooLarge: what = "a count or index is larger than the frame can hold"
        case .reservedViewType(let type): what = "view type \(type) is reserved"
        case .invalidUTF8: what = "a string is not valid UTF-8"
        case .textForViewWithoutText(let index): what = "text for view \(index), which carries no text"
        case .missingBase(let base): what = "delta against frame \(base), which is not the last full frame"
        case .indexOutOfRange(let index): what = "view index \(index) is out of range or out of order"
        case .viewCountMismatch(let expected, let found): what = "the delta makes \(found) views, the frame header says \(expected)"
        case .trailingBytes: what = "bytes left after the frame's last section"
        }
        return "offset \(offset): \(what)"
    }
}
