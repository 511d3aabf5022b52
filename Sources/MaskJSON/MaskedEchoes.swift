import MaskEngine

/// The echo guard over a tree read from JSON (``MaskEngine/MaskedEcho``): a shown view
/// with children whose text-bearing fields hold the text of a masked view below it is
/// masked, naming that view (``MaskEngine/MaskDecision/echoSource``).
///
/// Runs after every other decision (the resolver's, the content defaults', the
/// safety net's). The texts compared: a container's strings and numbers in `text`,
/// `placeholder`, `accessibilityLabel` and `accessibilityValue` (where platforms
/// combine labels); a masked view's the same, and the string values of its unknown
/// fields (member names and numbers there are structure, not text).
enum MaskedEchoes {
    /// A shown view with children and text, still open above the view being read.
    private struct Holder {
        /// Its object's end token: views before it are inside.
        var end: Int
        var view: Int
        /// Its texts, normalized.
        var texts: [[UInt8]]
    }

    /// Masks the views of `layout` that repeat a masked descendant's text.
    /// - Complexity: O(n) in the views, plus the fields of the shown views with
    ///   children and, below one that holds text, of the masked views (each compared with
    ///   at most ``MaskEngine/MaskedEcho/maximumContainers`` holders).
    static func apply(_ layout: TreeLayout, to decisions: inout [MaskDecision]) {
        let tape = layout.tape
        let viewTokens = layout.viewTokens
        let count = viewTokens.count
        guard count > 1 else { return }
        let keys = TreeKeys.shared
        var open: [Holder] = []
        tape.source.withUnsafeBytes { raw in
            guard let bytes = raw.baseAddress else { return }
            let tokens = tape.tokens
            /// The texts of a view, normalized; those that guard nothing left out when
            /// `guarding` (a masked view's).
            func texts(of view: Int, guarding: Bool) -> [[UInt8]] {
                let object = Int(viewTokens[view])
                let objectEnd = Int(tokens[object].length)
                var found: [[UInt8]] = []
                var k = object + 1
                while k < objectEnd {
                    let valueEnd = tape.end(ofValueAt: k + 1)
                    let emitted = keys.meaning(tape, bytes: bytes, tokens[k], at: k).emitted
                    switch emitted {
                    case .text, .placeholder, .label, .unknown where guarding:
                        // A container's text-bearing fields only (where platforms combine
                        // labels); a masked view's unknown fields too, their string values
                        // only: member names, counts and offsets are structure two views
                        // share, not text a platform combines.
                        let numbers = emitted != .unknown
                        tape.forEachToken(inValueAt: k + 1) { t, isKey in
                            let token = tokens[t]
                            guard !isKey, token.length > 0, token.kind == .string || (numbers && token.kind == .number) else { return }
                            let text = token.hasEscapes
                                ? MaskedEcho.normalized(tape.string(t).utf8)
                                : MaskedEcho.normalized(UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
                            if guarding ? MaskedEcho.guards(text) : !text.isEmpty { found.append(text) }
                        }
                    default:
                        break
                    }
                    k = valueEnd
                }
                return found
            }
            for view in 0..<count {
                let object = Int(viewTokens[view])
                while let last = open.last, last.end < object { open.removeLast() }
                let decision = decisions[view]
                if decision.isMasked {
                    guard !open.isEmpty else { continue }
                    let masked = texts(of: view, guarding: true)
                    guard !masked.isEmpty else { continue }
                    for holder in open.suffix(MaskedEcho.maximumContainers).reversed() where !decisions[holder.view].isMasked {
                        if masked.contains(where: { text in holder.texts.contains { MaskedEcho.holds($0, text) } }) {
                            decisions[holder.view] = decisions[holder.view].echoing(view)
                        }
                    }
                } else if view + 1 < count, Int(viewTokens[view + 1]) < Int(tokens[object].length) {
                    // Shown, with children: it may repeat theirs.
                    let held = texts(of: view, guarding: false)
                    if !held.isEmpty { open.append(Holder(end: Int(tokens[object].length), view: view, texts: held)) }
                }
            }
        }
    }
}
