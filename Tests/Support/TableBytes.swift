import MaskEngine

/// Portable-table bytes for tests that damage a table's body on purpose.
public enum TableBytes {
    /// `bytes` with the header's length and digest made to fit its body again, so a
    /// loader gets past the digest to the body's own checks.
    public static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let body = Array(bytes[TableFormat.headerSize...])
        let length = UInt32(truncatingIfNeeded: body.count)
        for i in 0..<4 { out[8 + i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i))) }
        out.replaceSubrange(12..<TableFormat.headerSize, with: SHA256.digest(body))
        return out
    }
}
