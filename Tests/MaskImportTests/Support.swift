import Foundation
import Testing
import MaskEngine
import MaskImport
import MaskJSON

/// The repository's `Tests/Fixtures/Captures` folder.
let capturesFolder: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Captures")

/// The bytes of a capture fixture, e.g. `"xcuitest/settings_top.xml"`.
func fixture(_ relativePath: String) throws -> [UInt8] {
    Array(try Data(contentsOf: capturesFolder.appendingPathComponent(relativePath)))
}

/// A capture converted and read back by maskc's own tree reader.
struct Converted {
    /// The maskc tree JSON.
    let json: [UInt8]
    /// The tape of that JSON.
    let tape: JSONTape
    /// The tree as maskc reads it.
    let document: TreeDocument
    /// Each view's decision under a mask-everything policy.
    let decisions: [MaskDecision]

    var text: String { String(decoding: json, as: UTF8.self) }
    var views: [ViewFacts] { document.tree.views }

    /// How many views there are of each class.
    var classCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for view in views { counts[view.className, default: 0] += 1 }
        return counts
    }

    /// Every string value stored under `key` anywhere in the JSON, in document order.
    func strings(_ key: String) -> [String] {
        var found: [String] = []
        // Open containers: whether an object, whether its next token is a key, its last key.
        var stack: [(isObject: Bool, expectingKey: Bool, key: String)] = []
        for k in tape.tokens.indices {
            let kind = tape.tokens[k].kind
            if kind == .objectEnd || kind == .arrayEnd { stack.removeLast(); continue }
            if let top = stack.last, top.isObject, top.expectingKey {
                stack[stack.count - 1].key = tape.string(k)
                stack[stack.count - 1].expectingKey = false
                continue
            }
            if let top = stack.last, top.isObject {
                if kind == .string, top.key == key { found.append(tape.string(k)) }
                stack[stack.count - 1].expectingKey = true
            }
            if kind == .objectStart || kind == .arrayStart {
                stack.append((kind == .objectStart, true, ""))
            }
        }
        return found
    }
}

/// The decision table of a policy that masks every view.
let maskEverything = DecisionTable(policy: MaskingPolicy())

/// Converts `bytes` as `format` and reads the result with `JSONReader` and `TreeMasker`.
func convertAndRead(_ bytes: [UInt8], format: CaptureFormat, file: String = "capture") throws -> Converted {
    let json = try CaptureImporter.convert(bytes, format: format, file: file)
    let tape = try JSONReader.parse(json)
    let masker = TreeMasker(table: maskEverything)
    let document = try masker.read(json, file: file + ".json")
    return Converted(json: json, tape: tape, document: document, decisions: masker.decide(document))
}

/// Converts UTF-8 text and returns the JSON as text.
func convertText(_ text: String, format: CaptureFormat) throws -> String {
    String(decoding: try CaptureImporter.convert(Array(text.utf8), format: format, file: "t.xml"), as: UTF8.self)
}

/// The import error for `text`, or nil when it converts.
func importError(_ text: String, format: CaptureFormat = .uiautomator, file: String = "bad.xml") -> ImportError? {
    importError(Array(text.utf8), format: format, file: file)
}

/// The import error for `bytes`, or nil when they convert.
func importError(_ bytes: [UInt8], format: CaptureFormat, file: String = "bad.xml") -> ImportError? {
    do {
        _ = try CaptureImporter.convert(bytes, format: format, file: file)
        return nil
    } catch {
        return error
    }
}

/// UTF-16 bytes of `text` with a byte order mark.
func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
        let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
        out.append(contentsOf: bigEndian ? [high, low] : [low, high])
    }
    return out
}
