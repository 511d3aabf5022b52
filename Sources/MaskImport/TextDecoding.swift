import MaskJSON

/// Brings a capture's bytes to UTF-8: strips a UTF-8 byte order mark at the start of a
/// file, converts UTF-16 (LE or BE, with a BOM, or without one when the text starts with
/// an ASCII character) and checks that the result is valid UTF-8.
enum TextDecoding {
    /// A decoding failure at a byte offset of the UTF-8 produced so far.
    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String

        /// A failure at `offset` of the UTF-8 `text` (the input, or the output so far).
        init(offset: Int, in text: [UInt8], message: String) {
            (line, column) = ImportError.position(of: offset, in: text)
            self.message = message
        }
    }

    /// The capture as UTF-8, without a byte order mark.
    /// - Parameter atFileStart: whether `bytes` start the file (a whole file, or the
    ///   first line of an NDJSON file). A UTF-8 byte order mark is skipped there only;
    ///   anywhere else it is a character like any other.
    static func utf8(_ bytes: [UInt8], atFileStart: Bool = true) throws(Failure) -> [UInt8] {
        if atFileStart, hasByteOrderMark(bytes) {
            let rest = Array(bytes[3...])
            try validateUTF8(rest)
            return rest
        }
        if let (start, bigEndian) = utf16Start(bytes) { return try fromUTF16(bytes, from: start, bigEndian: bigEndian) }
        try validateUTF8(bytes)
        return bytes
    }

    /// Whether `bytes` start with the UTF-8 byte order mark (EF BB BF).
    static func hasByteOrderMark<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        let s = bytes.startIndex
        return bytes.count >= 3 && bytes[s] == 0xEF && bytes[s + 1] == 0xBB && bytes[s + 2] == 0xBF
    }

    /// Where UTF-16 text starts and its byte order, when `bytes` are UTF-16: after a
    /// UTF-16 byte order mark, or from the start when an ASCII character sits next to a
    /// zero byte (UTF-8 text never holds a zero byte there); nil for anything else.
    static func utf16Start<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (start: Int, bigEndian: Bool)? where Bytes.Index == Int {
        guard bytes.count >= 2 else { return nil }
        let b0 = bytes[bytes.startIndex], b1 = bytes[bytes.startIndex + 1]
        if b0 == 0xFF, b1 == 0xFE { return (2, false) }
        if b0 == 0xFE, b1 == 0xFF { return (2, true) }
        guard bytes.count % 2 == 0 else { return nil }
        if b0 != 0, b0 < 0x80, b1 == 0 { return (0, false) }
        if b0 == 0, b1 != 0, b1 < 0x80 { return (0, true) }
        return nil
    }

    /// Converts UTF-16 code units starting at `start` to UTF-8.
    static func fromUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2 + 16)
        var i = start
        func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        while i < bytes.count {
            guard i + 1 < bytes.count else {
                throw Failure(offset: out.count, in: out, message: "UTF-16 text ends in the middle of a code unit")
            }
            var scalar = unit(i)
            i += 2
            if (0xD800...0xDBFF).contains(scalar) {
                guard i + 1 < bytes.count, (0xDC00...0xDFFF).contains(unit(i)) else {
                    throw Failure(offset: out.count, in: out, message: "invalid UTF-16: a high surrogate without a low surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(i) - 0xDC00)
                i += 2
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw Failure(offset: out.count, in: out, message: "invalid UTF-16: a low surrogate without a high surrogate")
            }
            appendUTF8(scalar, to: &out)
        }
        return out
    }

    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        UTF8Sequence.append(v, to: &out)
    }

    /// Rejects malformed UTF-8 (bad lead or continuation bytes, overlong forms,
    /// surrogates, code points past U+10FFFF, truncated sequences).
    static func validateUTF8(_ bytes: [UInt8]) throws(Failure) {
        let problem: (offset: Int, truncated: Bool)? = bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                if buffer[i] < 0x80 { i += 1; continue }
                switch UTF8Sequence.length(in: buffer, at: i) {
                case .success(let length): i += length
                case .failure(let problem): return (i, problem == .truncated)
                }
            }
            return nil
        }
        guard let problem else { return }
        throw Failure(offset: problem.offset, in: bytes, message: problem.truncated
            ? "invalid UTF-8: a truncated sequence at the end of the input"
            : "invalid UTF-8 (the capture is not UTF-8 or UTF-16 text)")
    }
}
