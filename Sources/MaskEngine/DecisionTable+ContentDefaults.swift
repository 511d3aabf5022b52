/// Per-dimension defaults by content (format 1.1): a view of no dimension (kind `other`
/// or `webview`, no text input: a button, a cell, a Compose `View`, an XCUITest `Other`)
/// that carries text or an image of its own takes, on level 5, the stricter of
/// `default` and the default of what it carries. `default: unmask` with
/// `defaults: {text: mask}` means "mask all text", and a button's own title or a cell's
/// combined label is text wherever the capture puts it; `images: mask` masks a
/// button's image.
///
/// Carried text: a non-empty string in a text-bearing field (`text`, `placeholder`,
/// `accessibilityLabel`, `accessibilityValue`) or in a field the engine does not know
/// (which a masked view masks: anything it does not understand is content). A carried
/// image: an `image` field. Only level 5 changes: a rule that decides the view (levels 1
/// to 4) still decides, and the views of a dimension keep their own default.
extension DecisionTable {
    /// Whether carried content can change a level-5 decision: `defaults.text` masks
    /// while `default` unmasks, or `defaults.images` masks some image `default` shows.
    public var contentDefaultsApply: Bool {
        defaultAction == .unmask && (defaults.text == .mask || defaults.images == .mask || defaults.images == .maskNonBundled)
    }

    /// `decision`, or, when it shows a view at level 5 whose kind (`kind`) has no
    /// dimension and whose carried content a dimension's default masks, the view
    /// masked on level 5 with that dimension named (``MaskDecision/contentDimension``).
    /// - Parameters:
    ///   - carriesText: the view holds text of its own (see above).
    ///   - image: the view's image, when it has one: its source (nil: unknown).
    public func contentDefault(_ decision: MaskDecision, kind: SelectorKind, carriesText: Bool, image: ImageSource??) -> MaskDecision {
        guard contentDefaultsApply, !decision.isMasked, decision.level == .default, decision.ruleIndex == nil, decision.detector == nil,
              kind.dimension == nil else { return decision }
        if carriesText, defaultState(for: .text) == .mask { return decision.maskedByContent(.text) }
        if let image, defaultState(for: .image).masks(imageSource: image) { return decision.maskedByContent(.images) }
        return decision
    }

    /// Whether the content defaults read a view decided `decision`: shown at level 5
    /// by no rule or detector, under a policy whose defaults can mask it.
    @inline(__always)
    public func contentDefaultsRead(_ decision: MaskDecision) -> Bool {
        !decision.isMasked && decision.level == .default && decision.ruleIndex == nil && decision.detector == nil && contentDefaultsApply
    }
}

extension DecisionTable {
    /// What decided a view when no rule did, as reports name it in a few words: the
    /// safety net's detector (`detect:email`), the echo guard (`echo of a masked view's
    /// text`), a content default (`defaults.text mask`), the default of the view's kind
    /// (`defaults.images unmask`), the inputs' default a view inside a text input takes
    /// when it is stricter (`defaults.inputs mask (inside a text input)`), or `default
    /// unmask`. nil when a rule decided.
    public func decidedWithoutRule(_ decision: MaskDecision, _ facts: ViewFacts) -> String? {
        if let detector = decision.detector { return "detect:\(detector.rawValue)" }
        if decision.echoSource != nil { return "echo of a masked view's text" }
        guard rule(for: decision) == nil else { return nil }
        if let dimension = decision.contentDimension {
            return "defaults.\(dimension.rawValue) \(defaults.value(of: dimension) ?? "mask")"
        }
        let kind = selectorKind(of: facts)
        let own = kind.dimension.flatMap { dimension in defaults.value(of: dimension).map { "defaults.\(dimension.rawValue) \($0)" } }
            ?? "default \(defaultAction.rawValue)"
        // Masked on level 5 though its own default shows it: the text input around it.
        if decision.isMasked, !decision.isForcedMask, !defaultState(for: kind).masks(imageSource: facts.imageSource),
           defaultState(for: .input).masks(imageSource: facts.imageSource) {
            return (defaults.inputs.map { "defaults.inputs \($0.rawValue)" } ?? "default \(defaultAction.rawValue)") + " (inside a text input)"
        }
        return own
    }
}
