/// Brings a capture's bytes to UTF-8: strips a UTF-8 byte order mark, converts UTF-16
/// (LE or BE, with a BOM, or without one when the text starts with an ASCII character)
/// and checks that the result is valid UTF-8.
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
    static func utf8(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            let rest = Array(bytes[3...])
            try validateUTF8(rest)
            return rest
        }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return try fromUTF16(bytes, from: 2, bigEndian: false) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return try fromUTF16(bytes, from: 2, bigEndian: true) }
        // UTF-16 without a BOM: an ASCII character next to a zero byte.
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 { return try fromUTF16(bytes, from: 0, bigEndian: false) }
            if bytes[0] == 0, bytes[1] != 0, bytes[1] < 0x80 { return try fromUTF16(bytes, from: 0, bigEndian: true) }
        }
        try validateUTF8(bytes)
        return bytes
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
        switch v {
        case 0..<0x80: out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (v >> 6))); out.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (v >> 12))); out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (v >> 18))); out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Rejects malformed UTF-8 (bad lead or continuation bytes, overlong forms,
    /// surrogates, code points past U+10FFFF, truncated sequences).
    static func validateUTF8(_ bytes: [UInt8]) throws(Failure) {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            var need = 0
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; high = 0x9F
            case 0xF0: need = 3; low = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; high = 0x8F
            default: throw Failure(offset: i, in: bytes, message: "invalid UTF-8 (the capture is not UTF-8 or UTF-16 text)")
            }
            guard i + need < n else { throw Failure(offset: i, in: bytes, message: "invalid UTF-8: a truncated sequence at the end of the input") }
            let second = bytes[i + 1]
            guard second >= low, second <= high else { throw Failure(offset: i, in: bytes, message: "invalid UTF-8 (the capture is not UTF-8 or UTF-16 text)") }
            var k = 2
            while k <= need {
                guard bytes[i + k] & 0xC0 == 0x80 else { throw Failure(offset: i, in: bytes, message: "invalid UTF-8 (the capture is not UTF-8 or UTF-16 text)") }
                k += 1
            }
            i += need + 1
        }
    }
}
