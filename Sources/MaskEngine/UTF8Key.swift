/// A string compared and hashed by its UTF-8 bytes, not by Unicode canonical
/// equivalence: selectors match identifiers byte for byte, the same way globs do.
struct UTF8Key: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: UTF8Key, b: UTF8Key) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
