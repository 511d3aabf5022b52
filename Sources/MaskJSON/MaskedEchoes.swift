import MaskEngine

/// The echo guard over a tree read from JSON (``MaskEngine/MaskedEcho``): a shown view
/// with children whose fields hold the text of a masked view below it is masked,
/// naming that view (``MaskEngine/MaskDecision/echoSource``).
///
/// Runs after every other decision (the resolver's, the content defaults', the
/// safety net's). Views below a masked one whose children are not sent (a map's pins)
/// count as masked: what they say is not sent, so no container may repeat it. Below a
/// shown `recurse: false` class, only views masked by their own decision count.
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
    /// A shown view with children and text, still open above the view being read. Its
    /// texts are read only when a masked text below it is to be compared with them.
    private struct Holder {
        /// Its object's end token: views before it are inside.
        var end: Int
        var view: Int
        /// The masked texts below it, each once: its index into `masked`, and the
        /// first view below it that holds it.
        var pending: [(text: Int32, source: Int32)] = []
        var registered: Set<Int32> = []
    }

    /// A masked text below an open container: normalized, and whether it came from a
    /// label field. Each distinct text is kept once (list rows repeat their texts): a
    /// container reads each once.
    private struct MaskedText: Hashable {
        var bytes: [UInt8]
        var fromLabel: Bool
        /// A secure view's: found anywhere, word edges or not.
        var anywhere: Bool
    }

    /// Whether an unknown field's value of a masked view is read as its text: not a
    /// lone lower-case ASCII token (`button`, `card`, `com.example.app`: a role, a
    /// style, a package) nor a number of fewer than three digits (an index, a row).
    /// Read on the value as written, not normalized: a name (`Priya`, `SMITH`) is
    /// lower case only once normalized, and is text.
    static func readsUnknown<Bytes: Collection<UInt8>>(_ value: Bytes, number: Bool) -> Bool {
        if number { return value.lazy.filter { $0 >= 0x30 && $0 <= 0x39 }.count >= 3 }
        return !value.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
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
        var known: [MaskedText: Int32] = [:]
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
            /// A string or number token's bytes as written (escapes decoded).
            func written(_ t: Int) -> [UInt8] {
                let token = tokens[t]
                return token.hasEscapes ? Array(tape.string(t).utf8)
                    : Array(UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
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
                            if label {
                                labels.append(text)
                            } else if !unknownNumbers || readsUnknown(written(t), number: kind == .number) {
                                others.append(text)
                            }
                        }
                    default:
                        break
                    }
                    k = valueEnd
                }
                return (labels, others)
            }
            /// Whether a view holds a non-empty string or number in a text-bearing field, or
            /// a non-empty string value in an unknown field: what makes it a container the
            /// guard reads (the bytes looked at, nothing decoded).
            func holdsText(_ view: Int) -> Bool {
                let object = Int(viewTokens[view])
                let objectEnd = Int(tokens[object].length)
                var k = object + 1
                while k < objectEnd {
                    let valueEnd = tape.end(ofValueAt: k + 1)
                    switch keys.meaning(tape, bytes: bytes, tokens[k], at: k).emitted {
                    case .text, .placeholder, .label:
                        for t in k + 1..<valueEnd where tokens[t].length > 0 && (tokens[t].kind == .string || tokens[t].kind == .number) {
                            return true
                        }
                    case .unknown:
                        // A string that is not a member name: any string after the first token
                        // of an object value may be one, so any string counts (a container
                        // counted for a member name is read and holds nothing).
                        for t in k + 1..<valueEnd where tokens[t].length > 0 && tokens[t].kind == .string { return true }
                    default:
                        break
                    }
                    k = valueEnd
                }
                return false
            }
            /// Reads a container that ends: masked when it holds a masked text.
            func close(_ holder: Holder) {
                guard !holder.pending.isEmpty, !decisions[holder.view].isMasked else { return }
                let (labels, others) = texts(of: holder.view, names: false, unknownNumbers: false)
                // Only masked texts no longer than the container's longest can be in it.
                let longest = (labels + others).map(\.count).max() ?? 0
                let candidates = holder.pending.filter { masked[Int($0.text)].bytes.count <= longest }
                guard !candidates.isEmpty else { return }
                let texts = candidates.map { masked[Int($0.text)] }
                let finder = MaskedEcho.Finder(texts.map(\.bytes), anywhere: texts.map(\.anywhere))
                var found: Int?
                for text in labels where found == nil { found = finder.first(in: text) }
                for text in others where found == nil { found = finder.first(in: text, accepting: { texts[$0].fromLabel }) }
                if let found { decisions[holder.view] = decisions[holder.view].echoing(Int(candidates[found].source)) }
            }
            // Views before this token are inside a masked view whose children are not sent
            // (a map's pins): they count as masked. Below a shown one (an unmasked
            // `recurse: false` class), a view counts as masked only by its own decision:
            // the policy shows that class, which may well repeat what its children say.
            var notSentEnd = -1
            for view in 0..<count {
                let object = Int(viewTokens[view])
                while let last = open.last, last.end < object { close(open.removeLast()) }
                // With no container open, no masked text registered so far is read again:
                // the texts of one subtree are not kept to the end of the tree.
                if open.isEmpty && !masked.isEmpty {
                    masked.removeAll(keepingCapacity: true)
                    known.removeAll(keepingCapacity: true)
                }
                let decision = decisions[view]
                let notSent = object < notSentEnd
                // A view whose text alone is masked (an image shown by `defaults.images`)
                // counts as masked for its text, which is all the guard reads.
                if decision.hidesText || notSent {
                    if !open.isEmpty {
                        let (labels, others) = texts(of: view, names: true, unknownNumbers: true)
                        var ids: [Int32] = []
                        for (list, fromLabel) in [(labels, true), (others, false)] {
                            for text in list where MaskedEcho.guards(text) {
                                let key = MaskedText(bytes: text, fromLabel: fromLabel, anywhere: decision.isSecure)
                                if let id = known[key] {
                                    ids.append(id)
                                } else {
                                    let id = Int32(masked.count)
                                    masked.append(key)
                                    known[key] = id
                                    ids.append(id)
                                }
                            }
                        }
                        if !ids.isEmpty {
                            for holder in max(0, open.count - MaskedEcho.maximumContainers)..<open.count {
                                for id in ids where open[holder].registered.insert(id).inserted {
                                    open[holder].pending.append((id, Int32(view)))
                                }
                            }
                        }
                    }
                } else if view + 1 < count, Int(viewTokens[view + 1]) < Int(tokens[object].length) {
                    // Shown, with children: it may repeat theirs.
                    if holdsText(view) { open.append(Holder(end: Int(tokens[object].length), view: view)) }
                }
                if !decision.emitsChildren && decision.isMasked && !notSent { notSentEnd = Int(tokens[object].length) }
            }
            while let last = open.popLast() { close(last) }
        }
    }
}
