/// Reads a byte array front to back, never past its end: every read checks the bytes
/// left and throws ``ReplayDecodingError`` instead.
struct ByteReader {
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var offset: Int
    /// One past the last byte this reader may read.
    private(set) var end: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        offset = 0
        end = bytes.count
    }

    /// Bytes left before ``end``.
    var remaining: Int { end - offset }

    /// Whether every byte is read.
    var isAtEnd: Bool { offset >= end }

    mutating func byte() throws(ReplayDecodingError) -> UInt8 {
        guard offset < end else { throw ReplayDecodingError(offset: offset, reason: .truncated) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// `count` bytes.
    mutating func bytes(_ count: Int) throws(ReplayDecodingError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw ReplayDecodingError(offset: offset, reason: .truncated) }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// An unsigned LEB128 number of at most 64 bits (10 bytes).
    mutating func varint() throws(ReplayDecodingError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try self.byte()
            if shift == 63 && byte > 1 { throw ReplayDecodingError(offset: start, reason: .numberTooLarge) }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            if shift > 63 { throw ReplayDecodingError(offset: start, reason: .numberTooLarge) }
        }
    }

    /// A count or an index: a varint no larger than `limit` (and never above
    /// `Int32.max`, so 32-bit platforms read the same streams).
    mutating func count(atMost limit: Int) throws(ReplayDecodingError) -> Int {
        let start = offset
        let value = try varint()
        guard value <= UInt64(Int32.max), Int(value) <= limit else {
            throw ReplayDecodingError(offset: start, reason: .countTooLarge)
        }
        return Int(value)
    }

    /// Limits reading to the next `length` bytes (a frame's body).
    mutating func limit(to length: Int) throws(ReplayDecodingError) {
        guard length >= 0, length <= remaining else { throw ReplayDecodingError(offset: offset, reason: .truncated) }
        end = offset + length
    }

    /// Lifts a ``limit(to:)``.
    mutating func unlimit() { end = bytes.count }
}
