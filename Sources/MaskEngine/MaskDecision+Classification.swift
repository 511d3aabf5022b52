extension MaskDecision {
    /// This decision with a custom classification applied.
    public func applying(_ classification: ViewClassification, facts: ViewFacts) -> MaskDecision {
        var copy = self
        copy.kind = classification.kind
        copy.isSecure = isSecure || SecureContent.isSecure(facts, kind: classification.kind)
        copy.emitsChildren = classification.recurse && classification.kind != .map
        if copy.isForcedMask { copy.isMasked = true }
        return copy
    }
}
