import MaskEngine

/// Per-dimension defaults by the content a view carries, over a tree read from JSON
/// (``DecisionTable/contentDefault(_:kind:carriesText:image:)``): a view shown on
/// level 5 whose kind has no dimension is masked when it carries text (a non-empty
/// string or a number in a text-bearing field, or in a field the engine does not know)
/// and `defaults.text` masks, or an `image` that `defaults.images` masks.
enum ContentDefaults {
    /// What the view object at `object` carries: text (a non-empty string or a number
    /// in a text-bearing field or one the engine does not know), and its images (with
    /// the source of the one image, nil for two or more).
    static func carried(_ object: Int, tape: JSONTape, bytes: UnsafePointer<UInt8>, tokens: UnsafePointer<JSONToken>,
                        reader: ViewObjectReader) -> (text: Bool, images: Int, source: ImageSource?) {
        let keys = TreeKeys.shared
        let objectEnd = Int(tokens[object].length)
        var carriesText = false, images = 0
        var source: ImageSource?
        var k = object + 1
        while k < objectEnd {
            let valueEnd = reader.end(ofValueAt: k + 1)
            switch keys.meaning(tape, bytes: bytes, tokens[k], at: k).emitted {
            case .text, .placeholder, .label, .unknown:
                if !carriesText {
                    carriesText = (k + 1..<valueEnd).contains { t in
                        (tokens[t].kind == .string && tokens[t].length > 0) || tokens[t].kind == .number
                    }
                }
            case .image where tokens[k + 1].kind != .null:
                // Two images: which one is drawn is unknown, so neither is bundled.
                images += 1
                source = images == 1 ? reader.imageSource(at: k + 1) : nil
            default:
                break
            }
            k = valueEnd
        }
        return (carriesText, images, source)
    }

    /// Masks the views of `layout` that the content defaults of `table` mask.
    /// - Complexity: O(n) in the size of the views shown on level 5; nothing when the
    ///   policy's defaults cannot mask by content.
    static func apply(_ layout: TreeLayout, table: DecisionTable, to decisions: inout [MaskDecision]) {
        guard table.contentDefaultsApply else { return }
        let tape = layout.tape
        var interner = StringInterner()
        tape.source.withUnsafeBytes { byteBuffer in
            tape.tokens.withUnsafeBufferPointer { tokenBuffer in
                guard let bytes = byteBuffer.baseAddress, let tokens = tokenBuffer.baseAddress else { return }
                let reader = ViewObjectReader(tape: tape, bytes: bytes, tokens: tokens, root: 0, rootPath: "$")
                for (view, object) in layout.viewTokens.enumerated() where table.contentDefaultsRead(decisions[view]) {
                    let (carriesText, images, source) = carried(Int(object), tape: tape, bytes: bytes, tokens: tokens, reader: reader)
                    guard carriesText || images > 0 else { continue }
                    // The view's kind, from its class and the superclasses it brings (read
                    // without error before: the tree was built from this tape).
                    guard let facts = try? reader.facts(of: Int(object), interner: &interner) else { continue }
                    let kind = table.selectorKind(of: ViewFacts(className: reader.text(facts.classToken, &interner), superclasses: facts.superclasses))
                    decisions[view] = table.contentDefault(decisions[view], kind: kind, carriesText: carriesText, image: images > 0 ? .some(source) : nil)
                }
            }
        }
    }
}

extension TreeDocument {
    /// What a view carries for the content defaults
    /// (``DecisionTable/contentDefault(_:kind:carriesText:image:)``): whether it holds
    /// text, and its image (`.some(nil)`: an image of unknown source, or two), if any.
    public func carriedContent(of view: Int) -> (text: Bool, image: ImageSource??) {
        tape.source.withUnsafeBytes { byteBuffer in
            tape.tokens.withUnsafeBufferPointer { tokenBuffer in
                guard let bytes = byteBuffer.baseAddress, let tokens = tokenBuffer.baseAddress else { return (false, nil) }
                let reader = ViewObjectReader(tape: tape, bytes: bytes, tokens: tokens, root: 0, rootPath: "$")
                let (text, images, source) = ContentDefaults.carried(Int(viewTokens[view]), tape: tape, bytes: bytes, tokens: tokens, reader: reader)
                return (text, images > 0 ? .some(source) : nil)
            }
        }
    }
}
