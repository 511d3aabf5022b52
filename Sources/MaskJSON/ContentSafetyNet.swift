import MaskEngine

/// The policy's `detect:` safety net over a tree read from JSON
/// (``DecisionTable/safetyNet(_:content:)``): every unmasked view's content, as the
/// tape holds it, goes through the policy's detectors, and a view one matches is
/// masked. Each text is decoded (escapes and all) before it is scanned, unless its raw
/// bytes show it cannot match (``ValueDetectors/mayMatch(_:)``).
enum ContentSafetyNet {
    /// Masks the views of `layout` whose content a detector of `table` matches.
    /// - Complexity: O(n) in the size of the unmasked views' content; nothing when the
    ///   policy has no `detect:`.
    static func apply(_ layout: TreeLayout, table: DecisionTable, to decisions: inout [MaskDecision]) {
        guard !table.detectors.isEmpty else { return }
        let tape = layout.tape
        let keys = TreeKeys.shared
        // What the detectors found in texts seen before (a detector code, or `none`):
        // texts repeat within a tree, and scanning is the cost.
        var memo = StringTable<UInt8>(capacity: 1024)
        let none: UInt8 = 0xFF
        tape.source.withUnsafeBytes { raw in
            guard let bytes = raw.baseAddress else { return }
            let tokens = tape.tokens
            for (view, object) in layout.viewTokens.enumerated() where !decisions[view].isMasked {
                let decision = decisions[view]
                let objectEnd = Int(tokens[Int(object)].length)
                var k = Int(object) + 1
                var found: ContentDetector?
                while k < objectEnd, found == nil {
                    let valueEnd = tape.end(ofValueAt: k + 1)
                    let meaning = keys.meaning(tape, bytes: bytes, tokens[k], at: k)
                    let field = meaning.emitted
                    if table.safetyNetReads(field, of: decision) {
                        // A structural or geometry field: only what masking would change,
                        // the values that do not have the field's shape.
                        let shape = field == .structural || field == .metric ? meaning.shape : nil
                        // The field's value, and every key and value inside it; an
                        // unknown field's own key too (it may be content).
                        var t = field == .unknown ? k : k + 1
                        while t < valueEnd, found == nil {
                            switch tokens[t].kind {
                            case .string, .number:
                                let token = tokens[t]
                                let text = UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length))
                                if let shape, token.kind == .number ? shape.accepts(number: text)
                                    : token.hasEscapes ? shape.accepts(string: tape.string(t)) : shape.accepts(string: text) {
                                    // Kept as it is: not content.
                                } else if token.hasEscapes {
                                    found = table.detector(matching: tape.string(t))
                                } else if ValueDetectors.mayMatch(text) {
                                    if let code = memo.lookup(bytes: text) {
                                        found = code == none ? nil : ContentDetector(code: code)
                                    } else {
                                        let decoded = String(decoding: text, as: UTF8.self)
                                        found = table.detector(matching: decoded)
                                        if memo.count >= 65_536 { memo.removeAll() }
                                        memo.set(found?.code ?? none, for: decoded)
                                    }
                                }
                            default: break
                            }
                            t += 1
                        }
                    }
                    k = valueEnd
                }
                if let found { decisions[view] = decision.detected(by: found) }
            }
        }
    }
}
