/// SHA-256 (FIPS 180-4), for the digests that serialized tables and generated policy
/// code carry.
///
/// The engine has no dependencies, so it cannot use CryptoKit or Foundation. A digest
/// here detects a table that was cut short or damaged on its way to a device; it is not
/// a signature and says nothing about who made the table.
public struct SHA256: Sendable {
    /// The digest's size in bytes.
    public static let byteCount = 32

    private var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
    private var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
    /// Bytes not yet hashed: fewer than a block.
    private var pending: [UInt8] = []
    /// Bytes hashed so far, modulo 2^64 (as the standard counts them).
    private var length: UInt64 = 0

    /// A hasher with nothing hashed yet.
    public init() { pending.reserveCapacity(64) }

    /// The digest of `bytes`.
    /// - Complexity: O(n) for n bytes.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest as 64 lower-case hex digits.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hashes more bytes.
    /// - Complexity: O(n) for n bytes.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { update(buffer: $0) } }
    }

    private mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(truncatingIfNeeded: buffer.count)
        var schedule = [UInt32](repeating: 0, count: 64)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<taken])
            offset = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress($0, at: 0, schedule: &schedule) }
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - offset >= 64 {
            compress(buffer, at: offset, schedule: &schedule)
            offset += 64
        }
        pending.append(contentsOf: buffer[offset...])
    }

    /// Pads, hashes the last block(s) and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        var schedule = [UInt32](repeating: 0, count: 64)
        tail.withUnsafeBufferPointer { tail in
            for start in stride(from: 0, to: tail.count, by: 64) { compress(tail, at: start, schedule: &schedule) }
        }
        pending.removeAll()
        var out: [UInt8] = []
        out.reserveCapacity(Self.byteCount)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            out.append(UInt8(truncatingIfNeeded: word >> 24))
            out.append(UInt8(truncatingIfNeeded: word >> 16))
            out.append(UInt8(truncatingIfNeeded: word >> 8))
            out.append(UInt8(truncatingIfNeeded: word))
        }
        return out
    }

    /// The 64-byte block of `bytes` at `start` into the state; `w` is scratch space for
    /// the message schedule.
    private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, schedule: inout [UInt32]) {
        schedule.withUnsafeMutableBufferPointer { w in
            Self.roundConstants.withUnsafeBufferPointer { k in compress(bytes, at: start, schedule: w, constants: k) }
        }
    }

    private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, schedule w: UnsafeMutableBufferPointer<UInt32>,
                                   constants k: UnsafeBufferPointer<UInt32>) {
        for t in 0..<16 {
            let i = start + 4 * t
            w[t] = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var a = h0, b = h1, c = h2, d = h3
        var e = h4, f = h5, g = h6, h = h7
        for t in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            h = g; g = f; f = e; e = d &+ t1
            d = c; c = b; b = a; a = t1 &+ t2
        }
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
    }

    @inline(__always)
    private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
