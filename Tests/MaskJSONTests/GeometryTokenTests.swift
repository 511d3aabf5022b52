import MaskEngine
import MaskJSON
import MaskPolicy
import Testing

/// `apply` keeps objects of numbers under `frame`, `bounds` and `contentFrame` as one
/// token and copies them through; the result must equal the token-by-token path.
@Suite("Geometry tokens")
struct GeometryTokenTests {
    static func masker(_ yaml: String = "version: 1\ndefault: mask\n") throws -> TreeMasker {
        TreeMasker(table: try #require(PolicyCompiler.compile(yaml, file: "p.yaml").table))
    }

    /// Output of `apply` (compact geometry) and of read + decide + write (token by token).
    static func both(_ json: String, _ masker: TreeMasker) throws -> (String, String) {
        let bytes = Array(json.utf8)
        let fast = String(decoding: try masker.apply(bytes, file: "t.json"), as: UTF8.self)
        let document = try masker.read(bytes, file: "t.json")
        var out: [UInt8] = []
        masker.write(document, decisions: masker.decide(document), to: &out, flush: { _ in })
        return (fast, String(decoding: out, as: UTF8.self) + "\n")
    }

    @Test("compact and token-by-token emission agree", arguments: [
        #"{"class":"UIView","frame":{"x":1,"y":-2.5,"width":3e2,"height":0}}"#,
        #"{"class":"UIView","frame": { "x" : 1 ,"y":2 }, "bounds":{}}"#,
        #"{"class":"UIView","frame":{"x":"1","y":2}}"#,
        #"{"class":"UIView","frame":{"x":{"nested":1}}}"#,
        #"{"class":"UIView","frame":[1,2,3,4]}"#,
        #"{"class":"UIView","meta":{"frame":{"x":1}},"text":"secret"}"#,
        #"{"class":"UITextField","isSecureTextEntry":true,"text":{"frame":{"x":12,"y":34}}}"#,
        #"{"class":"UILabel","text":{"frame":{"x":12}}}"#,
    ])
    func agree(_ json: String) throws {
        let (fast, slow) = try Self.both(json, try Self.masker())
        #expect(fast == slow)
    }

    @Test("whitespace inside geometry is dropped, numbers kept as written")
    func compacted() throws {
        let (fast, _) = try Self.both(#"{"class":"UIView","frame": { "x" : 1e3 ,"y":-0 }}"#, try Self.masker())
        #expect(fast == #"{"class":"UIView","frame":{"x":1e3,"y":-0}}"# + "\n")
    }

    @Test("numbers and keys under a secure text field become bullets even inside geometry")
    func secureNumbers() throws {
        let (fast, slow) = try Self.both(#"{"class":"UITextField","isSecureTextEntry":true,"text":{"frame":{"x":12}}}"#, try Self.masker())
        #expect(fast == #"{"class":"UITextField","isSecureTextEntry":true,"text":{"•••••":{"•":"••"}}}"# + "\n")
        #expect(fast == slow)
    }

    @Test("invalid geometry is still an error at the right place")
    func invalid() throws {
        #expect(throws: TreeError.self) { try Self.masker().apply(Array(#"{"class":"UIView","frame":{"x":01}}"#.utf8), file: "t.json") }
        #expect(throws: TreeError.self) { try Self.masker().apply(Array(#"{"class":"UIView","frame":{"x":1,}}"#.utf8), file: "t.json") }
    }
}
