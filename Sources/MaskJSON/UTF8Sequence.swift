/// UTF-8 encoding and validation shared by the JSON reader and the capture importers.
public enum UTF8Sequence {
    /// Why a sequence is not UTF-8.
    public enum Problem: Error, Sendable, Hashable {
        /// A byte that cannot start a sequence.
        case invalidLead
        /// The input ends inside a sequence.
        case truncated
        /// A continuation byte out of range (overlong forms, surrogates, past U+10FFFF).
        case invalidContinuation
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a lead byte
    /// of 0x80 or more), or the problem with it. RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF.
    @inline(__always)
    public static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Result<Int, Problem> {
        var length = 0
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return .failure(.invalidLead)
        }
        guard index + length <= bytes.count else { return .failure(.truncated) }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return .failure(.invalidContinuation) }
        for k in 2..<max(2, length) where bytes[index + k] & 0xC0 != 0x80 { return .failure(.invalidContinuation) }
        return .success(length)
    }

    /// Appends the UTF-8 encoding of a scalar value (one that is a valid scalar).
    public static func append(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0..<0x80: out.append(UInt8(value))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (value >> 6))); out.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (value >> 12))); out.append(UInt8(0x80 | ((value >> 6) & 0x3F))); out.append(UInt8(0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (value >> 18))); out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F))); out.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}
