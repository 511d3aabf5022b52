import MaskStorage
import MaskEngine

/// Turns repeated raw string bytes into one shared `String` and a dense number: class
/// names repeat across a tree, so each distinct value is decoded and allocated once, and
/// the resolver caches per class by its number.
struct StringInterner {
    /// The distinct strings, numbered in the order first seen.
    private(set) var names: [String] = []
    private var numbers = StringTable<Int32>(capacity: 1024)

    /// How many distinct strings have been numbered.
    var count: Int { names.count }

    /// The shared string for raw UTF-8 bytes that need no unescaping.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        names[number(bytes)]
    }

    /// The number of raw UTF-8 bytes that need no unescaping: 0 for the first distinct
    /// value seen, then 1, and so on.
    @inline(__always)
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let known = numbers.lookup(bytes: bytes) { return Int(known) }
        let number = names.count
        names.append(String(decoding: bytes, as: UTF8.self))
        numbers.set(Int32(number), for: names[number])
        return number
    }
}
