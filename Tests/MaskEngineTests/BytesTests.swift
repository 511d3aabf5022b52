import MaskStorage
import Testing
import MaskEngine

/// `Bytes.equal` compares by words with overlapping tails: every length and every
/// position of a difference must still count.
@Suite("Byte comparison")
struct BytesTests {
    @Test("equal bytes are equal and any one differing byte is seen, at every length up to 40")
    func equalAtEveryLength() {
        for length in 0...40 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var b = a
            a.withUnsafeBytes { pa in
                b.withUnsafeBytes { pb in
                    #expect(Bytes.equal(pa.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, pb.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, length))
                }
            }
            for position in 0..<length {
                b[position] ^= 0x40
                a.withUnsafeBytes { pa in
                    b.withUnsafeBytes { pb in
                        #expect(!Bytes.equal(pa.baseAddress!, pb.baseAddress!, length), "length \(length), byte \(position)")
                    }
                }
                b[position] ^= 0x40
            }
        }
    }

    @Test("the hash tells apart values that differ in one byte or in length")
    func hashSpreads() {
        var inputs = Set<[UInt8]>()
        for length in 0...24 {
            for variant in 0..<8 {
                var bytes = [UInt8](repeating: 0x61, count: length)
                if length > 0 { bytes[variant % length] = UInt8(0x30 + variant) }
                inputs.insert(bytes)
            }
        }
        let hashes = Set(inputs.map { bytes in bytes.withUnsafeBufferPointer { Bytes.hash($0) } })
        #expect(hashes.count == inputs.count)
    }
}
