import MaskEngine

/// Per-dimension defaults by the content a view carries, over a tree read from JSON
/// (``DecisionTable/contentDefault(_:kind:carriesText:image:)``): a view shown on
/// level 5 whose kind has no dimension is masked when it carries text (a non-empty
/// string or a number in a text-bearing field, or in a field the engine does not know,
/// or a value without its field's shape in a structural field: `"selected": "Jane Doe"`)
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
            let meaning = keys.meaning(tape, bytes: bytes, tokens[k], at: k)
            switch meaning.emitted {
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
                // User text in a structural field (`"selected": "Jane Doe"`): masked like
                // an unknown field's when the view is, so it is text the view carries.
                if !carriesText, let shape = meaning.shape, shape != .className {
                    carriesText = !fits(shape, valueAt: k + 1, tape: tape, bytes: bytes, tokens: tokens)
                }
            }
            k = valueEnd
        }
        return (carriesText, images, source)
    }

    /// Whether the value at `value` has a structural field's shape, as the writer keeps
    /// it in a masked view (``FieldShape``): every string and number of it accepted, an
    /// object only where the shape takes one, a font object's members only a font's
    /// attributes.
    static func fits(_ shape: FieldShape, valueAt value: Int, tape: JSONTape, bytes: UnsafePointer<UInt8>,
                     tokens: UnsafePointer<JSONToken>) -> Bool {
        var fits = true
        var depth = 0
        tape.forEachToken(inValueAt: value) { t, isKey in
            guard fits else { return }
            let token = tokens[t]
            if isKey {
                // A member name that may be content (``MemberName``), or not a font's attribute.
                let key = tape.string(t)
                fits = MemberName.isPlain(key) && (shape != .font || ShapeVocabulary.fontAttributes.contains(key))
                return
            }
            switch token.kind {
            case .string:
                fits = token.hasEscapes ? shape.accepts(string: tape.string(t))
                    : shape.accepts(string: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
            case .number:
                fits = shape.accepts(number: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
            case .objectStart:
                // A font's attributes are one level deep (a font object inside one is masked).
                depth += 1
                if !shape.acceptsObjects || (shape == .font && depth > 1) { fits = false }
            default:
                break
            }
        }
        return fits
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
