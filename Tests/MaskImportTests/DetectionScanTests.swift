import Testing
import MaskImport
import MaskJSON
import MaskTestSupport

/// The detector's top-level scan against the JSON reader's own tape: on generated
/// documents full of escaped keys, quotes, brackets and backslashes in strings, the
/// scan finds exactly the top-level keys the reader does.
@Suite("Detection scan")
struct DetectionScanTests {
    /// Generates JSON documents whose keys are mostly the ones detection looks at.
    struct Generator {
        var random: SplitMix64
        static let keys = ["class", "root", "activity", "activity_name", "screen", "children", "text", "x"]
        static let pieces = ["a", "\\\"", "\\\\", "{", "}", "[", "]", "Y", "_", "y", "é", "日本", "\\u0041", "\\n", " ", ":", ",", "\\/"]

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        mutating func space() -> String { chance(70) ? "" : pick([" ", "\n", "\t", "\r\n", "  "]) }

        /// A key, sometimes with one character written as a `\u` escape.
        mutating func key() -> String {
            let name = pick(Self.keys)
            guard chance(25) else { return "\"" + name + "\"" }
            let chars = Array(name.unicodeScalars)
            let k = Int(random.next() % UInt64(chars.count))
            var out = ""
            for (index, c) in chars.enumerated() {
                out += index == k ? "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16) : String(c)
            }
            return "\"" + out + "\""
        }

        mutating func string() -> String {
            var out = "\""
            for _ in 0..<Int(random.next() % (chance(10) ? 60 : 8)) { out += pick(Self.pieces) }
            return out + "\""
        }

        mutating func value(depth: Int) -> String {
            switch depth > 3 ? random.next() % 3 : random.next() % 6 {
            case 0: return string()
            case 1: return pick(["0", "-1.5e3", "true", "false", "null", "12345678901"])
            case 2: return chance(50) ? "{}" : "[]"
            case 3: return object(depth: depth + 1)
            case 4: return "[" + (0..<Int(random.next() % 4)).map { _ in space() + value(depth: depth + 1) + space() }.joined(separator: ",") + "]"
            default: return object(depth: depth + 1)
            }
        }

        mutating func object(depth: Int) -> String {
            let members = (0..<Int(random.next() % 5)).map { _ in space() + key() + space() + ":" + space() + value(depth: depth) + space() }
            return "{" + members.joined(separator: ",") + (members.isEmpty ? space() : "") + "}"
        }
    }

    /// What detection must say, from the reader's tape.
    static func expected(_ text: [UInt8]) throws -> CaptureImporter.Detection {
        let tape = try JSONReader.parse(text)
        var hasTree = false, hasRico = false
        var activity: Int?
        var k = 1
        while tape.tokens[k].kind != .objectEnd {
            switch tape.string(k) {
            case "class", "root": hasTree = true
            case "activity_name": hasRico = true
            case "activity":
                hasRico = true
                if tape.tokens[k + 1].kind == .objectStart {
                    var a = k + 2
                    while tape.tokens[a].kind != .objectEnd {
                        if tape.string(a) == "root", activity == nil { activity = Int(tape.tokens[k].start) - 1 }
                        a = tape.end(ofValueAt: a + 1)
                    }
                }
            default: break
            }
            k = tape.end(ofValueAt: k + 1)
        }
        if hasTree, let activity {
            var line = 1, column = 1
            for byte in text[..<activity] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return .ambiguous(line: line, column: column)
        }
        return .format(!hasTree && hasRico ? .rico : .json)
    }

    @Test("the scan agrees with the reader on 20,000 generated documents")
    func agreesWithReader() throws {
        var generator = Generator(random: SplitMix64(seed: 0x5EED_D07))
        var ambiguous = 0, rico = 0
        for _ in 0..<20_000 {
            let text = Array((generator.space() + generator.object(depth: 0) + generator.space()).utf8)
            let expected = try Self.expected(text)
            #expect(CaptureImporter.detect(text) == expected, "\(String(decoding: text, as: UTF8.self))")
            // The same rule read from the parsed top level (what apply uses for JSON
            // objects), with geometry kept compact as apply parses it.
            let tape = try JSONReader.parse(text, compactGeometry: true)
            #expect(CaptureImporter.detect(tape: tape) == expected, "tape: \(String(decoding: text, as: UTF8.self))")
            if case .ambiguous = expected { ambiguous += 1 }
            if expected == .format(.rico) { rico += 1 }
        }
        // The generator reaches every outcome.
        #expect(ambiguous > 100 && rico > 100)
    }
}
