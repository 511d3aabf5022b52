/// Unsigned LEB128, the stream's numbers: 7 bits a byte, low bits first, the high bit
/// set on every byte but the last.
enum VarInt {
    /// Appends `value`.
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(truncatingIfNeeded: rest))
    }

    /// Appends a count or an index.
    static func append(_ value: Int, to out: inout [UInt8]) {
        append(UInt64(max(0, value)), to: &out)
    }

    /// Appends a string as its UTF-8 length and bytes.
    static func append(_ text: String, to out: inout [UInt8]) {
        append(text.utf8.count, to: &out)
        out.append(contentsOf: text.utf8)
    }
}
