/// The policy's `detect:` safety net (format 1.1): at apply time, the content of every
/// view the policy leaves unmasked is run through the policy's detectors; a view whose
/// content one matches is masked, its decision at level 0 naming the detector as its
/// rule (``MaskDecision/detected(by:)``).
///
/// What is content: every field masking would change (``MaskDecision/emission(for:)``
/// of the masked view is not `keep`): the text-bearing fields, unknown fields (strings,
/// numbers and keys inside), `image`, strings under geometry fields, and values of
/// structural fields that do not have the field's ``FieldShape``; never the children,
/// which are views decided on their own. Masked views are not scanned: the
/// safety net only ever masks.
extension DecisionTable {
    /// The first of the policy's detectors, in the policy's order, that finds personal
    /// data in `text`; nil when none does or the policy has no `detect:`.
    /// - Complexity: O(n) in the length of `text`; O(1) with no detectors.
    public func detector(matching text: String) -> ContentDetector? {
        guard !detectors.isEmpty else { return nil }
        var text = text
        guard text.withUTF8({ ValueDetectors.mayMatch($0) }) else { return nil }
        let found = ValueDetectors.scan(text)
        return detectors.first { found.contains($0) }
    }

    /// `decision`, or, when it leaves the view unmasked and one of the policy's
    /// detectors matches a text of `content` (the view's content, see above), the view
    /// masked by that detector.
    /// - Complexity: O(total length of the texts) for an unmasked view, until a match.
    public func safetyNet(_ decision: MaskDecision, content: some Sequence<String>) -> MaskDecision {
        guard !detectors.isEmpty, !decision.isMasked else { return decision }
        for text in content {
            if let detector = detector(matching: text) { return decision.detected(by: detector) }
        }
        return decision
    }

    /// Whether the safety net reads `field` of a view decided `decision`: the decision
    /// sends it as it is (an image view whose text is masked, ``MaskDecision/masksText``,
    /// sends no text to scan), masking the view would change it, and it is not the
    /// children.
    public func safetyNetReads(_ field: EmittedField, of decision: MaskDecision) -> Bool {
        guard field != .children, decision.emission(for: field) == .keep else { return false }
        var masked = decision
        masked.isMasked = true
        return masked.emission(for: field) != .keep
    }
}
