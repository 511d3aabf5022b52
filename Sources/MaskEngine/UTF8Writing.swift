/// Writing scalars as UTF-8 bytes without a `String` (the folds of names and texts).
enum UTF8Writing {
    /// Appends a scalar value's UTF-8 bytes (a scalar value: at most 0x10FFFF, no
    /// surrogate).
    @inline(__always)
    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(0xC0 | UInt8(value >> 6))
            bytes.append(0x80 | UInt8(value & 0x3F))
        case ..<0x10000:
            bytes.append(0xE0 | UInt8(value >> 12))
            bytes.append(0x80 | UInt8((value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(value & 0x3F))
        default:
            bytes.append(0xF0 | UInt8(value >> 18))
            bytes.append(0x80 | UInt8((value >> 12) & 0x3F))
            bytes.append(0x80 | UInt8((value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(value & 0x3F))
        }
    }
}
