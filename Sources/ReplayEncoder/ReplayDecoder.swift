/// One frame read back from a stream.
public struct DecodedFrame: Sendable, Hashable {
    /// The frame's position in the stream, from 0.
    public var number: Int
    /// How it was sent.
    public var kind: ReplayStream.FrameKind
    /// For a delta, the number of the full frame it is against.
    public var base: Int?
    /// Where the frame starts in the stream, and how many bytes it takes.
    public var offset: Int, byteCount: Int
    /// The screen as the player draws it: every view, deltas applied.
    public var frame: ReplayFrame
}

/// Reads a session stream back into frames, for the player side and for tests.
///
/// Every read is bounds-checked: malformed or truncated bytes end in a
/// ``ReplayDecodingError`` naming the offset, never a crash or a read past the end.
///
/// ```swift
/// var decoder = try ReplayDecoder(bytes)
/// while let decoded = try decoder.next() { draw(decoded.frame) }
/// ```
public struct ReplayDecoder: Sendable {
    private var reader: ByteReader
    private var number = 0
    private var baseNumber = -1
    private var baseViews: [ReplayView] = []

    /// Starts reading a stream.
    /// - Throws: ``ReplayDecodingError/Reason/notAStream`` when the bytes do not start
    ///   with the magic.
    public init(_ bytes: [UInt8]) throws(ReplayDecodingError) {
        reader = ByteReader(bytes)
        guard bytes.count >= ReplayStream.magic.count, bytes.prefix(ReplayStream.magic.count).elementsEqual(ReplayStream.magic) else {
            throw ReplayDecodingError(offset: 0, reason: .notAStream)
        }
        _ = try reader.bytes(ReplayStream.magic.count)
    }

    /// Every frame of a stream.
    /// - Throws: the first ``ReplayDecodingError``.
    /// - Complexity: O(bytes + views of the frames).
    public static func decode(_ bytes: [UInt8]) throws(ReplayDecodingError) -> [DecodedFrame] {
        var decoder = try ReplayDecoder(bytes)
        var frames: [DecodedFrame] = []
        while let frame = try decoder.next() { frames.append(frame) }
        return frames
    }

    /// The next frame, or `nil` at the end of the stream.
    /// - Throws: ``ReplayDecodingError`` for a malformed or truncated frame.
    public mutating func next() throws(ReplayDecodingError) -> DecodedFrame? {
        guard !reader.isAtEnd else { return nil }
        let start = reader.offset
        let version = try reader.byte()
        guard version == ReplayStream.formatVersion else { throw ReplayDecodingError(offset: start, reason: .unsupportedVersion(version)) }
        let kindByte = try reader.byte()
        guard let kind = ReplayStream.FrameKind(rawValue: kindByte) else {
            throw ReplayDecodingError(offset: start + 1, reason: .unknownFrameKind(kindByte))
        }
        let length = try reader.count(atMost: Int(Int32.max))
        try reader.limit(to: length)  // a frame longer than the bytes left: truncated
        var frame = ReplayFrame()
        frame.timestamp = try reader.varint()
        let screen = try string()
        frame.screen = screen.isEmpty ? nil : screen
        let countOffset = reader.offset
        var base: Int?
        switch kind {
        case .full:
            let count = try reader.count(atMost: reader.remaining / 5)
            frame.views.reserveCapacity(count)
            for _ in 0..<count { frame.views.append(try ReplayView.readPDU(&reader)) }
            let fresh = [Bool](repeating: true, count: count)
            try readTexts(into: &frame.views, fresh: fresh)
        case .delta:
            let count = try reader.count(atMost: Int(Int32.max))
            let baseOffset = reader.offset
            let number = try reader.count(atMost: Int(Int32.max))
            guard number == baseNumber else { throw ReplayDecodingError(offset: baseOffset, reason: .missingBase(number)) }
            base = number
            frame.views = try applyDelta(count: count, countOffset: countOffset)
        }
        guard reader.isAtEnd else { throw ReplayDecodingError(offset: reader.offset, reason: .trailingBytes) }
        reader.unlimit()
        if kind == .full {
            baseNumber = number
            baseViews = frame.views
        }
        defer { number += 1 }
        return DecodedFrame(number: number, kind: kind, base: base, offset: start, byteCount: reader.offset - start, frame: frame)
    }

    // MARK: Sections

    private mutating func string() throws(ReplayDecodingError) -> String {
        let offset = reader.offset
        let length = try reader.count(atMost: reader.remaining)
        let bytes = try reader.bytes(length)
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces invalid UTF-8; a string that does not come back the same was not UTF-8.
        guard text.utf8.elementsEqual(bytes) else { throw ReplayDecodingError(offset: offset, reason: .invalidUTF8) }
        return text
    }

    /// Gap-coded ascending indices below `limit`, each followed by what `body` reads.
    private mutating func indexed(below limit: Int, _ body: (inout Self, Int) throws(ReplayDecodingError) -> Void) throws(ReplayDecodingError) {
        let count = try reader.count(atMost: reader.remaining)
        var next = 0
        for _ in 0..<count {
            let offset = reader.offset
            let gap = try reader.count(atMost: Int(Int32.max))
            // `next <= limit`: compared so, the sum cannot overflow a 32-bit Int.
            guard gap < limit - next else { throw ReplayDecodingError(offset: offset, reason: .indexOutOfRange(gap)) }
            let index = next + gap
            try body(&self, index)
            next = index + 1
        }
    }

    /// A text section: texts for views marked `fresh` whose type carries text.
    private mutating func readTexts(into views: inout [ReplayView], fresh: [Bool]) throws(ReplayDecodingError) {
        var copy = views
        try indexed(below: views.count) { decoder, index throws(ReplayDecodingError) in
            let offset = decoder.reader.offset
            let text = try decoder.string()
            guard fresh[index], copy[index].type.carriesText else {
                throw ReplayDecodingError(offset: offset, reason: .textForViewWithoutText(index))
            }
            copy[index].text = text
        }
        views = copy
    }

    /// A delta's sections against the last full frame: removed, changed, added, texts.
    private mutating func applyDelta(count: Int, countOffset: Int) throws(ReplayDecodingError) -> [ReplayView] {
        let base = baseViews
        var removed = [Bool](repeating: false, count: base.count)
        var removedCount = 0
        try indexed(below: base.count) { _, index throws(ReplayDecodingError) in
            removed[index] = true
            removedCount += 1
        }
        var kept = base
        var changed = [Bool](repeating: false, count: base.count)
        try indexed(below: base.count) { decoder, index throws(ReplayDecodingError) in
            let offset = decoder.reader.offset
            guard !removed[index] else { throw ReplayDecodingError(offset: offset, reason: .indexOutOfRange(index)) }
            kept[index] = try ReplayView.readPDU(&decoder.reader)
            changed[index] = true
        }
        var keptViews: [ReplayView] = []
        var keptFresh: [Bool] = []
        keptViews.reserveCapacity(base.count - removedCount)
        for index in base.indices where !removed[index] {
            keptViews.append(kept[index])
            keptFresh.append(changed[index])
        }
        var added: [(index: Int, view: ReplayView)] = []
        try indexed(below: Int(Int32.max)) { decoder, index throws(ReplayDecodingError) in
            added.append((index, try ReplayView.readPDU(&decoder.reader)))
        }
        let total = keptViews.count + added.count
        guard total == count else { throw ReplayDecodingError(offset: countOffset, reason: .viewCountMismatch(expected: count, found: total)) }
        if let last = added.last, last.index >= total {
            throw ReplayDecodingError(offset: countOffset, reason: .indexOutOfRange(last.index))
        }
        var views: [ReplayView] = []
        var fresh: [Bool] = []
        views.reserveCapacity(total)
        var a = 0, k = 0
        for index in 0..<total {
            if a < added.count && added[a].index == index {
                views.append(added[a].view)
                fresh.append(true)
                a += 1
            } else {
                // Changed and added views are sent again with their text, if any.
                var view = keptViews[k]
                if keptFresh[k] { view.text = nil }
                views.append(view)
                fresh.append(keptFresh[k])
                k += 1
            }
        }
        try readTexts(into: &views, fresh: fresh)
        return views
    }
}
