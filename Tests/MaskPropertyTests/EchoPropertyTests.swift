import Testing
import MaskEngine
import MaskJSON
import MaskTestSupport

/// The echo guard by property: generated screens whose containers carry combined
/// labels (their descendants' texts joined, in any case and spacing, as XCUITest cells
/// and accessibility elements do) under generated policies. No masked view's text may
/// reach the output through a container, and the guard masks exactly the containers
/// that repeat a masked descendant's text, checked against a reference computed from
/// what was planted.
@Suite("Echo guard by property")
struct EchoPropertyTests {
    static let cases = 250

    /// A generated tree whose every view carries one unique word in a text-bearing
    /// field, and whose containers (some of them) a label joining descendants' words.
    struct Planted {
        var generated: CaseTree
        var json: String
        /// Each view's own word.
        var words: [String]
        /// Each view's strings as planted in text-bearing fields (its word, its combined
        /// label when it went there) and in an unknown field (its combined label when it
        /// went there).
        var labels: [[String]]
        var others: [[String]]
    }

    static func plant(seed: UInt64) -> Planted {
        var generated = Gen.tree(seed: seed, maxViews: 60)
        var rng = SplitMix64(seed: seed ^ 0xEC40_EC40)
        let count = generated.views.count
        let words = (0..<count).map { "Echo\(seed)w\($0)k" }
        var children = [[Int]](repeating: [], count: count)
        for view in 0..<count where generated.views[view].parent >= 0 { children[generated.views[view].parent].append(view) }
        var labels = [[String]](repeating: [], count: count)
        var others = [[String]](repeating: [], count: count)
        let fields = ["text", "placeholder", "accessibilityValue"]
        let separators = [", ", "\n", " \u{00B7} ", ",\u{00A0}", "  "]
        for view in 0..<count {
            generated.views[view].unknown = []
            generated.views[view].textFields = [(fields[Int.random(in: 0..<fields.count, using: &rng)], .s(words[view]))]
            labels[view] = [words[view]]
            guard !children[view].isEmpty, Int.random(in: 0..<4, using: &rng) != 0 else { continue }
            // Children's words, and now and then a grandchild's, in tree order.
            var joined: [String] = []
            for child in children[view] {
                if Bool.random(using: &rng) { joined.append(words[child]) }
                for grandchild in children[child] where Int.random(in: 0..<3, using: &rng) == 0 { joined.append(words[grandchild]) }
            }
            guard !joined.isEmpty else { continue }
            var label = joined.joined(separator: separators[Int.random(in: 0..<separators.count, using: &rng)])
            if Int.random(in: 0..<3, using: &rng) == 0 { label = label.uppercased() }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                generated.views[view].unknown = [("summary", .obj([("shown", .s(label))]))]
                others[view].append(label)
            } else {
                generated.views[view].textFields.append(("accessibilityLabel", .s(label)))
                labels[view].append(label)
            }
        }
        return Planted(generated: generated, json: generated.json, words: words, labels: labels, others: others)
    }

    /// Texts compared as the guard documents it: lower case, white space runs as one
    /// space (reference: Swift's own `isWhitespace`).
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `holder` holds `masked` starting and ending at word edges.
    static func holds(_ holder: String, _ masked: String) -> Bool {
        let h = Array(normalized(holder).utf8), m = Array(normalized(masked).utf8)
        guard !m.isEmpty, m.count <= h.count else { return false }
        func word(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) }
        for start in 0...(h.count - m.count) where h[start..<start + m.count].elementsEqual(m) {
            let before = start == 0 || !word(h[start - 1]) || !word(m[0])
            let after = start + m.count == h.count || !word(h[start + m.count]) || !word(m[m.count - 1])
            if before && after { return true }
        }
        return false
    }

    @Test("no masked view's text reaches the output through a container; exactly the repeating containers are masked")
    func echoes() throws {
        var echoed = 0, leaksFound = 0, shownHolders = 0
        for seed in 0..<UInt64(Self.cases) {
            let planted = Self.plant(seed: seed &+ 90_000)
            let tree = planted.generated.tree
            let table = DecisionTable(policy: Gen.policy(for: tree, seed: seed &+ 90_000))
            let masker = TreeMasker(table: table)
            let input = Array(planted.json.utf8)
            let document = try masker.read(input, file: "in.json")
            let resolved = table.resolve(document.tree)
            let decisions = masker.decide(document)
            // Views below a masked one whose children are not sent count as masked.
            var notSent = [Bool](repeating: false, count: tree.count)
            for view in tree.views.indices where tree.parents[view] >= 0 {
                let parent = Int(tree.parents[view])
                notSent[view] = notSent[parent] || (!resolved[parent].emitsChildren && resolved[parent].isMasked)
            }
            let guarded = tree.views.indices.map { resolved[$0].isMasked || notSent[$0] }
            // The reference: a view the five levels show (and that is sent), with a masked
            // descendant whose label texts one of its texts holds, or whose unknown texts
            // one of its labels holds.
            for view in tree.views.indices {
                var expected: Int?
                if !guarded[view] {
                    var descendant = view + 1
                    while descendant < tree.count, isDescendant(descendant, of: view, tree) {
                        let holding = planted.labels[view] + planted.others[view]
                        if guarded[descendant],
                           planted.labels[descendant].contains(where: { masked in holding.contains { Self.holds($0, masked) } })
                            || planted.others[descendant].contains(where: { masked in planted.labels[view].contains { Self.holds($0, masked) } }) {
                            expected = expected ?? descendant
                        }
                        descendant += 1
                    }
                    if planted.labels[view].count + planted.others[view].count > 1 { shownHolders += 1 }
                }
                if expected != nil {
                    echoed += 1
                    #expect(decisions[view].isMasked && decisions[view].echoSource != nil, "seed \(seed) view \(view): repeats \(expected!) but \(decisions[view])")
                    if let source = decisions[view].echoSource {
                        #expect(guarded[source] && isDescendant(source, of: view, tree), "seed \(seed) view \(view): names \(source)")
                    }
                } else {
                    #expect(decisions[view] == resolved[view], "seed \(seed) view \(view): \(decisions[view]) but the five levels say \(resolved[view])")
                }
            }
            // The words of the views the policy masks (or does not send) never go out (a
            // container the guard masked is masked for what it repeats: its own word is
            // not the policy's to hide).
            let written = try masker.read(try masker.apply(input, file: "in.json"), file: "out.json")
            let shownTexts = written.tree.views.indices.flatMap { written.contentFields(of: $0).map(\.value) }.joined(separator: "\u{1}").lowercased()
            for view in tree.views.indices where guarded[view] && shownTexts.contains(planted.words[view].lowercased()) {
                leaksFound += 1
                if leaksFound < 10 { Issue.record("seed \(seed): masked view \(view)'s \(planted.words[view]) written in a text-bearing field") }
            }
        }
        // Not vacuous: containers repeat masked texts, and shown ones hold texts too.
        #expect(echoed > 100)
        #expect(shownHolders > echoed)
    }

    func isDescendant(_ view: Int, of ancestor: Int, _ tree: ViewTree) -> Bool {
        var parent = Int(tree.parents[view])
        while parent >= 0 {
            if parent == ancestor { return true }
            parent = Int(tree.parents[parent])
        }
        return false
    }
}
