import MaskStorage
import MaskEngine

/// Turns repeated raw string bytes into one shared `String` and a dense number: class
/// names repeat across a tree, so each distinct value is decoded and allocated once, and
/// the resolver caches per class by its number.
struct StringInterner {
    /// The distinct strings, numbered in the order first seen.
    private(set) var names: [String] = []
    private var numbers = StringTable<Int32>(capacity: 1024)

    /// Lists of interned strings (a view's `superclasses`), one shared array per
    /// distinct list: the engine compares a view's chain with the one it has cached for
    /// the class, and the same array is equal at once (no string compared).
    private var lists: [[String]] = []
    private var listNumbers = StringTable<Int32>(capacity: 64)
    /// The numbers of the list being read (``appendToList(_:)``).
    private var listScratch: [Int32] = []

    /// How many distinct strings have been numbered.
    var count: Int { names.count }

    /// The shared string for raw UTF-8 bytes that need no unescaping.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        names[number(bytes)]
    }

    /// Starts reading a list of strings.
    mutating func startList() { listScratch.removeAll(keepingCapacity: true) }

    /// Adds raw UTF-8 bytes that need no unescaping to the list being read.
    mutating func appendToList(_ bytes: UnsafeBufferPointer<UInt8>) { listScratch.append(Int32(number(bytes))) }

    /// The list read since ``startList()``: the same array for the same strings.
    mutating func finishList() -> [String] {
        // Keyed by the numbers' bytes.
        let found = listScratch.withUnsafeBytes { key in key.withMemoryRebound(to: UInt8.self) { listNumbers.lookup(bytes: $0) } }
        if let found { return lists[Int(found)] }
        let list = listScratch.map { names[Int($0)] }
        let number = Int32(lists.count)
        listScratch.withUnsafeBytes { key in key.withMemoryRebound(to: UInt8.self) { listNumbers.set(number, bytes: $0) } }
        lists.append(list)
        return list
    }

    /// How many distinct lists have been read.
    var listCount: Int { lists.count }

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
