import MaskEngine
import Testing
@testable import MaskJSON

/// `TreeKeys` is the one classifier of view keys: read from raw bytes, escaped, or as
/// text, a key means the same to the reader and the writer.
@Suite("Tree keys")
struct TreeKeysTests {
    /// The meaning of each key of `object`, read from the tape's bytes.
    func meanings(_ json: String) throws -> [TreeKeys.Meaning] {
        let tape = try JSONReader.parse(Array(json.utf8))
        var result: [TreeKeys.Meaning] = []
        var k = 1
        while tape.tokens[k].kind != .objectEnd {
            result.append(TreeKeys.shared.meaning(tape, k))
            k = tape.end(ofValueAt: k + 1)
        }
        return result
    }

    @Test("every known key, raw or escaped, means what its name means; the reader's and the writer's views agree with their own tables")
    func knownKeys() throws {
        let names = TreeKeys.shared.names
        #expect(Set(names).count == names.count)
        for name in TreeBuilder.Field.byName.keys { #expect(names.contains(name)) }
        for name in ViewField.structuralFields + ViewField.textFields { #expect(names.contains(name)) }
        for name in names + ["frame", "somethingElse", "x"] {
            let expected = TreeKeys.Meaning(field: TreeBuilder.Field.byName[name] ?? .other, emitted: EmittedField(key: name), shape: FieldShape.of(key: name))
            // The first character escaped as \uXXXX: the slow path, same answer.
            let hex = String(name.unicodeScalars.first!.value, radix: 16)
            let escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex + String(name.unicodeScalars.dropFirst())
            let found = try meanings("{\"\(name)\": 1, \"\(escaped)\": 2}")
            #expect(found == [expected, expected], "\(name)")
            #expect(TreeKeys.meaning(of: name) == expected)
        }
    }

    @Test("a key that is one byte off a known key means nothing")
    func nearMisses() throws {
        for name in TreeKeys.shared.names {
            let altered = String(name.dropLast()) + (name.last == "z" ? "y" : "z")
            guard !TreeKeys.shared.names.contains(altered) else { continue }
            #expect(try meanings("{\"\(altered)\": 1}") == [TreeKeys.meaning(of: altered)], "\(altered)")
            #expect(TreeKeys.meaning(of: altered).field == .other)
        }
    }
}
