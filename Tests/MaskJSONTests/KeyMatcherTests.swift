import MaskStorage
import Testing
@testable import MaskJSON

/// `KeyMatcher` compares keys by their first and last words: it must still tell every
/// name from every other key of the same length.
@Suite("Key matcher")
struct KeyMatcherTests {
    static let names = ["a", "id", "tag", "text", "class", "frame", "hidden", "masking", "children", "password",
                        "fontWeight", "superclasses", "textContentType", "accessibilityLabel", "accessibilityValue",
                        "isSecureTextEntry", "restorationIdentifier", "accessibilityIdentifier", "isUserInteractionEnabled"]

    func match(_ matcher: KeyMatcher, _ key: String) -> Int {
        let bytes = Array(key.utf8)
        return bytes.withUnsafeBufferPointer { matcher.match($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, bytes.count) }
    }

    @Test("every name is found, at its own index")
    func names() {
        let matcher = KeyMatcher(Self.names)
        for (index, name) in Self.names.enumerated() { #expect(match(matcher, name) == index, "\(name)") }
    }

    @Test("a key that differs from a name in any one byte is not that name")
    func nearMisses() {
        let matcher = KeyMatcher(Self.names)
        for name in Self.names {
            var bytes = Array(name.utf8)
            for position in bytes.indices {
                let saved = bytes[position]
                bytes[position] = saved == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                let key = String(decoding: bytes, as: UTF8.self)
                #expect(match(matcher, key) == (Self.names.firstIndex(of: key) ?? -1), "\(key)")
                bytes[position] = saved
            }
            // One byte longer or shorter.
            #expect(match(matcher, name + "s") == (Self.names.firstIndex(of: name + "s") ?? -1))
            #expect(match(matcher, String(name.dropLast())) == (Self.names.firstIndex(of: String(name.dropLast())) ?? -1))
        }
        #expect(match(matcher, "") == -1)
        #expect(match(matcher, String(repeating: "a", count: 100)) == -1)
    }
}
