import MaskEngine

/// The echo guard over a tree read from JSON (``MaskEngine/MaskedEcho``): a shown view
/// with children whose fields hold the text of a masked view below it is masked,
/// naming that view (``MaskEngine/MaskDecision/echoSource``).
///
/// Runs after every other decision (the resolver's, the content defaults', the
/// safety net's). Views below one whose children are not sent (a map's pins, a
/// `recurse: false` class's children) count as masked: what they say is not sent, so
/// no container may repeat it.
///
/// The texts compared. A masked view's: the strings, numbers and member names inside
/// `text`, `placeholder`, `accessibilityLabel` and `accessibilityValue` ("labels"),
/// and the string and number values of its unknown fields. A container's: its labels'
/// strings and numbers, and its unknown fields' string values (`accessibilityHint`,
/// `contentDescription`, an XCUITest `name`), which are compared with the masked
/// views' labels only: two views' unknown fields often share structure (a package,
/// a role) that is no one's text.
///
/// Each masked text is registered with the nearest
/// ``MaskEngine/MaskedEcho/maximumContainers`` open containers; a container is read
/// once, when its subtree ends, for all its masked texts at once
/// (``MaskEngine/MaskedEcho/Finder``).
enum MaskedEchoes {
    /// A shown view with children and text, still open above the view being read.
    private struct Holder {
        /// Its object's end token: views before it are inside.
        var end: Int
        var view: Int
        /// Its label texts and unknown string values, normalized.
        var labels: [[UInt8]]
        var others: [[UInt8]]
        /// The masked texts below it (indices into `masked`).
        var pending: [Int32] = []
    }

    /// A masked text below an open container: normalized, its view, and whether it
    /// came from a label field.
    private struct MaskedText {
        var bytes: [UInt8]
        var source: Int
        var fromLabel: Bool
    }

    /// Masks the views of `layout` that repeat a masked descendant's text.
    /// - Complexity: O(n) in the views, plus, for the views compared, their fields and,
    ///   per container, its texts and the masked texts registered with it.
    static func apply(_ layout: TreeLayout, to decisions: inout [MaskDecision]) {
        let tape = layout.tape
        let viewTokens = layout.viewTokens
        let count = viewTokens.count
        guard count > 1 else { return }
        let keys = TreeKeys.shared
        var open: [Holder] = []
        var masked: [MaskedText] = []
        tape.source.withUnsafeBytes { raw in
            guard let bytes = raw.baseAddress else { return }
            let tokens = tape.tokens
            /// The normalized text of a string or number token.
            func normalized(_ t: Int) -> [UInt8] {
                let token = tokens[t]
                return token.hasEscapes
                    ? MaskedEcho.normalized(tape.string(t).utf8)
                    : MaskedEcho.normalized(UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
            }
            /// The texts of a view, by field kind: `labels` from the text-bearing fields
            /// (member names inside them too when `names`), `others` from the unknown
            /// fields' values (numbers too when `unknownNumbers`).
            func texts(of view: Int, names: Bool, unknownNumbers: Bool) -> (labels: [[UInt8]], others: [[UInt8]]) {
                let object = Int(viewTokens[view])
                let objectEnd = Int(tokens[object].length)
                var labels: [[UInt8]] = [], others: [[UInt8]] = []
                var k = object + 1
                while k < objectEnd {
                    let valueEnd = tape.end(ofValueAt: k + 1)
                    let emitted = keys.meaning(tape, bytes: bytes, tokens[k], at: k).emitted
                    switch emitted {
                    case .text, .placeholder, .label, .unknown:
                        let label = emitted != .unknown
                        tape.forEachToken(inValueAt: k + 1) { t, isKey in
                            let kind = tokens[t].kind
                            guard tokens[t].length > 0, kind == .string || kind == .number,
                                  isKey ? label && names : label || kind == .string || unknownNumbers else { return }
                            let text = normalized(t)
                            guard !text.isEmpty else { return }
                            if label { labels.append(text) } else { others.append(text) }
                        }
                    default:
                        break
                    }
                    k = valueEnd
                }
                return (labels, others)
            }
            /// Reads a container that ends: masked when it holds a masked text.
            func close(_ holder: Holder) {
                guard !holder.pending.isEmpty, !decisions[holder.view].isMasked else { return }
                let finder = MaskedEcho.Finder(holder.pending.map { masked[Int($0)].bytes })
                var found: Int?
                for text in holder.labels where found == nil { found = finder.first(in: text) }
                for text in holder.others where found == nil {
                    found = finder.first(in: text, accepting: { masked[Int(holder.pending[$0])].fromLabel })
                }
                if let found { decisions[holder.view] = decisions[holder.view].echoing(masked[Int(holder.pending[found])].source) }
            }
            // Views before this token are inside one whose children are not sent.
            var notSentEnd = -1
            for view in 0..<count {
                let object = Int(viewTokens[view])
                while let last = open.last, last.end < object { close(open.removeLast()) }
                let decision = decisions[view]
                let notSent = object < notSentEnd
                if decision.isMasked || notSent {
                    if !open.isEmpty {
                        let (labels, others) = texts(of: view, names: true, unknownNumbers: true)
                        let first = masked.count
                        for text in labels where MaskedEcho.guards(text) { masked.append(MaskedText(bytes: text, source: view, fromLabel: true)) }
                        for text in others where MaskedEcho.guards(text) { masked.append(MaskedText(bytes: text, source: view, fromLabel: false)) }
                        if masked.count > first {
                            for holder in max(0, open.count - MaskedEcho.maximumContainers)..<open.count {
                                open[holder].pending.append(contentsOf: (first..<masked.count).map { Int32($0) })
                            }
                        }
                    }
                } else if view + 1 < count, Int(viewTokens[view + 1]) < Int(tokens[object].length) {
                    // Shown, with children: it may repeat theirs.
                    let (labels, others) = texts(of: view, names: false, unknownNumbers: false)
                    if !labels.isEmpty || !others.isEmpty {
                        open.append(Holder(end: Int(tokens[object].length), view: view, labels: labels, others: others))
                    }
                }
                if !decision.emitsChildren && !notSent { notSentEnd = Int(tokens[object].length) }
            }
            while let last = open.popLast() { close(last) }
        }
    }
}
