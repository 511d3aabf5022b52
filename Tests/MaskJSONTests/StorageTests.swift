import MaskEngine
import MaskJSON
import Testing

/// The owning buffers and tables of the hot paths, against plain Swift models, with
/// each type's invariant check run after every phase (the checks assert in debug builds).
@Suite("Storage")
struct StorageTests {
    @Test("StringTable agrees with a dictionary through growth, overwrites, tags and removeAll")
    func stringTable() {
        var table = StringTable<Int>(capacity: 4)
        var model: [String: Int] = [:]
        func key(_ i: Int) -> String { i % 3 == 0 ? "k\(i)" : "a longer key, number \(i), past the small-string size" }
        for round in 0..<2 {
            for i in 0..<5_000 {
                let tag = UInt8(i % 3)
                table.set(i + round, for: key(i), tag: tag)
                model["\(tag)/\(key(i))"] = i + round
            }
            table.checkInvariants()
            for i in stride(from: 0, to: 5_000, by: 7) {
                let tag = UInt8(i % 3)
                table.set(-i, for: key(i), tag: tag)
                model["\(tag)/\(key(i))"] = -i
            }
            table.checkInvariants()
            #expect(table.count == model.count)
            for i in 0..<5_100 {
                for tag in UInt8(0)..<3 {
                    // Twice: once hashed, once from the recent-strings cache.
                    let k = key(i)
                    #expect(table.value(for: k, tag: tag) == model["\(tag)/\(k)"])
                    #expect(table.value(for: k, tag: tag) == model["\(tag)/\(k)"])
                }
            }
            table.removeAll()
            model.removeAll()
            table.checkInvariants()
            #expect(table.count == 0 && table.value(for: key(1), tag: 1) == nil)
        }
    }

    @Test("an empty StringTable answers nil to every key (the empty key too) before its first key, and holds that key after")
    func emptyStringTable() {
        var table = StringTable<Int>()
        table.checkInvariants()
        #expect(table.value(for: "") == nil && table.value(for: "UILabel") == nil && table.lookup("UILabel", tag: 2) == nil)
        table.set(1, for: "")
        table.checkInvariants()
        #expect(table.value(for: "") == 1 && table.value(for: "UILabel") == nil && table.count == 1)
        table.removeAll()
        #expect(table.value(for: "") == nil && table.count == 0)
        table.set(2, for: "UILabel", tag: 2)
        #expect(table.lookup("UILabel", tag: 2) == 2 && table.lookup("UILabel") == nil)
    }

    @Test("ByteBuffer keeps every byte across growth, truncation and draining")
    func byteBuffer() {
        var buffer = ByteBuffer(capacity: 1)
        var model: [UInt8] = []
        for i in 0..<10_000 {
            if i % 97 == 0 {
                let chunk = [UInt8](repeating: UInt8(i & 0x7F), count: i % 300)
                buffer.append(chunk)
                model += chunk
            } else {
                buffer.append(UInt8(i & 0xFF))
                model.append(UInt8(i & 0xFF))
            }
            if i % 1_000 == 999 {
                buffer.truncate(to: buffer.count - 10)
                model.removeLast(10)
            }
        }
        buffer.append("tail")
        model += Array("tail".utf8)
        buffer.checkInvariants()
        var out: [UInt8] = [1, 2]
        buffer.drain(into: &out)
        #expect(out == [1, 2] + model)
        #expect(buffer.count == 0)
    }

    /// Counts live instances, to see a stack deinitialize what it still holds.
    final class Tracked {
        let counter: Counter
        init(_ counter: Counter) {
            self.counter = counter
            counter.live += 1
        }
        deinit { counter.live -= 1 }
    }

    final class Counter { var live = 0 }

    @Test("UnsafeStack pushes and pops like an array, and releases what it holds when it ends")
    func unsafeStack() {
        let counter = Counter()
        do {
            var stack = UnsafeStack<Tracked>()
            var model: [Tracked] = []
            for i in 0..<1_000 {
                if i % 5 == 4, let popped = stack.popLast() {
                    #expect(popped === model.removeLast())
                } else {
                    let item = Tracked(counter)
                    stack.append(item)
                    model.append(item)
                }
                #expect(stack.count == model.count)
                #expect(stack.last === model.last)
            }
            stack.checkInvariants()
            // Bound first: inside `#expect` the call expanded to a closure whose result
            // was unused (the compiler warned), so the check could not fail.
            let same = Array(stack.elements).elementsEqual(model, by: ===)
            #expect(same)
            model.removeAll()
            #expect(counter.live == stack.count)
        }
        // The stack's lifetime ended: its elements were deinitialized, not leaked.
        #expect(counter.live == 0)
    }

    @Test("KeyMatcher files every name under its length and frees itself")
    func keyMatcher() {
        weak var released: KeyMatcher?
        do {
            let names = (0..<200).map { "key\($0)" + String(repeating: "x", count: $0 % 70) }
            let matcher = KeyMatcher(names)
            matcher.checkInvariants()
            for (index, name) in names.enumerated() where name.utf8.count < 64 {
                let bytes = Array(name.utf8)
                #expect(bytes.withUnsafeBufferPointer { matcher.match($0.baseAddress!, bytes.count) } == index)
            }
            released = matcher
            #expect(released != nil)
        }
        #expect(released == nil)
    }
}
