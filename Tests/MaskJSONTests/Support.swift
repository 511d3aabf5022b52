import Testing
import MaskEngine
import MaskJSON
import MaskPolicy

/// A policy that masks everything by default.
let maskAllPolicy = "version: 1\ndefault: mask\n"
/// A policy that unmasks everything by default.
let unmaskAllPolicy = "version: 1\ndefault: unmask\n"

/// Compiles YAML policy text (file name `p.yaml`) into a table.
func compileTable(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DecisionTable {
    let compilation = PolicyCompiler.compile(yaml, file: "p.yaml")
    return try #require(compilation.table, "policy did not compile: \(compilation.diagnostics)", sourceLocation: sourceLocation)
}

/// Masks a JSON tree given as text with a YAML policy; returns the output as text.
func masked(_ json: String, policy: String = maskAllPolicy, explain: Bool = false,
            sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let masker = TreeMasker(table: try compileTable(policy, sourceLocation: sourceLocation), options: EmitOptions(explain: explain))
    let out = try masker.apply(Array(json.utf8), file: "t.json")
    return String(decoding: out, as: UTF8.self)
}

/// Masks raw bytes with a YAML policy; returns the output bytes.
func maskedBytes(_ bytes: [UInt8], policy: String = maskAllPolicy, explain: Bool = false,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    let masker = TreeMasker(table: try compileTable(policy, sourceLocation: sourceLocation), options: EmitOptions(explain: explain))
    return try masker.apply(bytes, file: "t.json")
}

/// Parses text with the JSON reader.
func parse(_ text: String) throws(JSONSyntaxError) -> JSONTape {
    try JSONReader.parse(Array(text.utf8))
}

/// The syntax error the reader reports for `bytes`, or nil when they parse.
func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONReader.parse(bytes)
        return nil
    } catch {
        return error
    }
}

/// The syntax error the reader reports for `text`, or nil when it parses.
func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8))
}

/// The tree error TreeMasker.read reports for `text`, or nil when it reads.
func treeError(_ text: String, file: String = "t.json", firstLine: Int = 1) -> TreeError? {
    let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy()))
    do {
        _ = try masker.read(Array(text.utf8), file: file, firstLine: firstLine)
        return nil
    } catch {
        return error
    }
}

/// Reads a tree document from text.
func readDocument(_ text: String) throws -> TreeDocument {
    let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy()))
    return try masker.read(Array(text.utf8), file: "t.json")
}

/// Compares two (possibly huge) byte arrays without printing them: on a mismatch,
/// reports the lengths and a short window around the first difference.
func expectSameBytes(_ actual: [UInt8], _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let same = actual == expected
    if same {
        #expect(same, sourceLocation: sourceLocation)
        return
    }
    var index = 0
    while index < actual.count && index < expected.count && actual[index] == expected[index] { index += 1 }
    let from = max(0, index - 40)
    let got = String(decoding: actual[from..<min(actual.count, index + 40)], as: UTF8.self)
    let want = String(decoding: expected[from..<min(expected.count, index + 40)], as: UTF8.self)
    Issue.record("bytes differ at \(index) (lengths \(actual.count) vs \(expected.count)): got …\(got)… expected …\(want)…",
                 sourceLocation: sourceLocation)
}
