import Testing
import MaskEngine

@Suite("SHA-256")
struct SHA256Tests {
    @Test("the standard's test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func vectors(_ message: String, _ expected: String) {
        #expect(SHA256.hex(SHA256.digest(Array(message.utf8))) == expected)
    }

    @Test("a message fed in pieces of every size from 1 to 97 bytes hashes as it does at once")
    func pieces() {
        let message = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 8) }
        var hasher = SHA256()
        var offset = 0, size = 1
        while offset < message.count {
            let end = min(message.count, offset + size)
            hasher.update(message[offset..<end])
            offset = end
            size = size % 97 + 1
        }
        #expect(hasher.finalize() == SHA256.digest(message))
    }

    @Test("lengths around the padding boundary agree whether fed at once or byte by byte")
    func boundaries() {
        for length in 50...130 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var hasher = SHA256()
            for byte in message { hasher.update(CollectionOfOne(byte)) }
            #expect(hasher.finalize() == SHA256.digest(message), "length \(length)")
        }
    }
}
