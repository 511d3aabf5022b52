import Testing
import MaskEngine
import MaskJSON

/// A chain of `depth` UIViews, each the only child of the one above, ending in `leaf`.
func deepTree(depth: Int, leaf: String, node: String = #"{"class":"UIView","children":["#, close: String = "]}") -> [UInt8] {
    let open = Array(node.utf8), close = Array(close.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(depth * (open.count + close.count) + leaf.utf8.count)
    for _ in 0..<depth { bytes.append(contentsOf: open) }
    bytes.append(contentsOf: leaf.utf8)
    for _ in 0..<depth { bytes.append(contentsOf: close) }
    return bytes
}

/// A root with `count` children of the same small shape.
func wideTree(count: Int, child: String) -> [UInt8] {
    let childBytes = Array(child.utf8)
    var bytes = Array(#"{"class":"UIView","children":["#.utf8)
    bytes.reserveCapacity(bytes.count + count * (childBytes.count + 1) + 2)
    for i in 0..<count {
        if i > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: childBytes)
    }
    bytes.append(contentsOf: "]}".utf8)
    return bytes
}

@Suite("Deep and wide trees")
struct DeepTreeTests {
    static let depth = 100_000
    /// 1,000,000 siblings take about 5 s per test in a debug build (read ~1.9 s, decide
    /// ~0.5 s, write ~2.4 s), more than a few seconds, so the wide tests use 200,000.
    static let siblings = 200_000

    @Test("a 100,000-deep tree reads into a tree of the right shape")
    func deepRead() throws {
        let bytes = deepTree(depth: Self.depth, leaf: #"{"class":"UILabel","text":"deep"}"#)
        let masker = TreeMasker(table: try compileTable(maskAllPolicy))
        let document = try masker.read(bytes, file: "deep.json")
        #expect(document.tree.count == Self.depth + 1)
        #expect(document.tree.views.last?.className == "UILabel")
        #expect(document.tree.parents.last == Int32(Self.depth - 1))
        #expect(document.tree.depth(of: Self.depth) == Self.depth)
        let decisions = masker.decide(document)
        #expect(decisions.count == Self.depth + 1)
        #expect(decisions.last?.kind == .text)
        #expect(decisions.last?.isMasked == true)
    }

    @Test("a 100,000-deep tree passes through unchanged when unmasked")
    func deepUnmasked() throws {
        let bytes = deepTree(depth: Self.depth, leaf: #"{"class":"UILabel","text":"deep \u00e9"}"#)
        let output = try maskedBytes(bytes, policy: unmaskAllPolicy)
        expectSameBytes(output, bytes + [0x0A])
    }

    @Test("a 100,000-deep tree is masked all the way down")
    func deepMasked() throws {
        let bytes = deepTree(depth: Self.depth, leaf: #"{"class":"UILabel","text":"deep secret"}"#,
                             node: #"{"class":"UIView","note":"hi","children":["#)
        let output = try maskedBytes(bytes, policy: maskAllPolicy)
        let expected = deepTree(depth: Self.depth, leaf: #"{"class":"UILabel","text":"lala alalal"}"#,
                                node: #"{"class":"UIView","note":"la","children":["#)
        expectSameBytes(output, expected + [0x0A])
    }

    @Test("a 100,000-deep tree with explain marks every view")
    func deepExplain() throws {
        let bytes = deepTree(depth: Self.depth, leaf: #"{"class":"UILabel"}"#)
        let output = try maskedBytes(bytes, policy: maskAllPolicy, explain: true)
        let expected = deepTree(
            depth: Self.depth,
            leaf: #"{"class":"UILabel","masking":{"kind":"text","level":5,"masked":true,"rule":null}}"#,
            close: #"],"masking":{"kind":"other","level":5,"masked":true,"rule":null}}"#)
        expectSameBytes(output, expected + [0x0A])
    }

    @Test("a map above a 100,000-deep subtree drops it all")
    func deepUnderMap() throws {
        var bytes = Array(#"{"class":"MKMapView","children":["#.utf8)
        bytes += deepTree(depth: Self.depth, leaf: #"{"class":"UILabel","text":"secret"}"#)
        bytes += Array("]}".utf8)
        let masker = TreeMasker(table: try compileTable(unmaskAllPolicy))
        let document = try masker.read(bytes, file: "deep.json")
        #expect(document.tree.count == Self.depth + 2)
        let output = try masker.apply(bytes, file: "deep.json")
        #expect(String(decoding: output, as: UTF8.self) == #"{"class":"MKMapView","placeholder":"MAP"}"# + "\n")
    }

    @Test("100,000-deep nesting inside an unknown field is masked without recursion")
    func deepUnknownField() throws {
        let depth = Self.depth
        var bytes = Array(#"{"class":"UIView","extra":"#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "["), count: depth)
        bytes += Array(#""abc""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        bytes += Array("}".utf8)
        let output = try maskedBytes(bytes, policy: maskAllPolicy)
        var expected = Array(#"{"class":"UIView","extra":"#.utf8)
        expected += [UInt8](repeating: UInt8(ascii: "["), count: depth)
        expected += Array(#""lal""#.utf8)
        expected += [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        expected += Array("}\n".utf8)
        expectSameBytes(output, expected)
    }

    @Test("an error at the bottom of a 100,000-deep tree names the full path")
    func deepError() throws {
        let bytes = deepTree(depth: Self.depth, leaf: #"{"text":"no class"}"#)
        let masker = TreeMasker(table: try compileTable(maskAllPolicy))
        do {
            _ = try masker.read(bytes, file: "deep.json")
            Issue.record("read a view without class")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == Self.depth * #"{"class":"UIView","children":["#.count + 1)
            let expectedPath = "$" + String(repeating: ".children[0]", count: Self.depth)
            let pathMatches = error.path == expectedPath
            #expect(pathMatches, "path of \(error.path.count) characters, expected \(expectedPath.count)")
        }
    }

    @Test("nesting beyond the reader's depth limit is a tree error, not a crash")
    func depthLimit() throws {
        let bytes = deepTree(depth: 60, leaf: #"{"class":"UILabel"}"#)
        let masker = TreeMasker(table: try compileTable(maskAllPolicy), limits: JSONLimits(maximumDepth: 100))
        do {
            _ = try masker.apply(bytes, file: "deep.json")
            Issue.record("accepted nesting beyond the limit")
        } catch {
            #expect(error.message.contains("100"))
            #expect(error.path.hasPrefix("$.children[0]"))
        }
        let shallow = deepTree(depth: 49, leaf: #"{"class":"UILabel"}"#)
        let output = try masker.apply(shallow, file: "ok.json")
        expectSameBytes(output, shallow + [0x0A])
    }

    @Test("200,000 siblings read, resolve and write")
    func manySiblings() throws {
        let bytes = wideTree(count: Self.siblings, child: #"{"class":"V","t":"ab"}"#)
        let masker = TreeMasker(table: try compileTable(maskAllPolicy))
        let document = try masker.read(bytes, file: "wide.json")
        #expect(document.tree.count == Self.siblings + 1)
        #expect(document.tree.childIndices.last == Int32(Self.siblings - 1))
        let decisions = masker.decide(document)
        #expect(decisions.count == Self.siblings + 1)
        var out: [UInt8] = []
        var flushed: [UInt8] = []
        var flushes = 0
        masker.write(document, decisions: decisions, to: &out, flush: { chunk in
            flushes += 1
            flushed.append(contentsOf: chunk)
            chunk.removeAll(keepingCapacity: true)
        })
        #expect(flushes > 0)
        expectSameBytes(flushed + out, wideTree(count: Self.siblings, child: #"{"class":"V","t":"la"}"#))
    }

    @Test("200,000 unmasked siblings pass through unchanged")
    func manySiblingsUnmasked() throws {
        let bytes = wideTree(count: Self.siblings, child: #"{"class":"V"}"#)
        let output = try maskedBytes(bytes, policy: unmaskAllPolicy)
        expectSameBytes(output, bytes + [0x0A])
    }
}
