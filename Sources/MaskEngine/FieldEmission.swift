/// What emission does with one field of a view: the masking contract. Every consumer
/// (the JSON writer, the SVG preview, `explain`, the audit, encoders) asks the decision
/// through ``MaskDecision/emission(for:)`` and applies the answer with ``emit(_:)`` (a
/// `String`) or ``Placeholder/simplePattern(_:_:bullets:into:)`` (UTF-8 bytes).
public enum FieldEmission: UInt8, Sendable, Hashable, CaseIterable {
    /// Written as it came.
    case keep
    /// Every string, number and object key inside becomes the `la` pattern (numbers
    /// as the pattern of their literal, a string); booleans and `null` stay.
    case mask
    /// Every string, number and object key inside becomes bullets.
    case bullets
    /// Strings inside become the `la` pattern; numbers, keys, booleans and `null` stay
    /// (a masked view's geometry, which should hold numbers only).
    case maskStrings
    /// Left out.
    case drop
    /// Kept where the value has the field's ``FieldShape`` (a structural field of a
    /// masked view: its class, flags, colours, fonts); a value of another shape is
    /// masked as ``mask`` masks it. Arrays are read element by element; an object is
    /// read member by member where the shape takes objects (names that are not field
    /// names masked), else masked whole.
    case keepShaped

    /// A string value of a field with this emission, as emitted; `nil` when the field is
    /// dropped. Under ``keepShaped`` a value is kept only where it has `shape` (no
    /// shape given: masked).
    /// - Complexity: O(n).
    public func emit(_ text: String, shape: FieldShape? = nil) -> String? {
        switch self {
        case .keep: return text
        case .keepShaped: return shape?.accepts(string: text) == true ? text : Placeholder.laPattern(text)
        case .mask, .maskStrings: return Placeholder.laPattern(text)
        case .bullets: return Placeholder.bullets(text)
        case .drop: return nil
        }
    }
}

/// A field of a captured view as emission tells fields apart: its ``ViewField`` role,
/// and on their own the few fields that a placeholder or an explanation replaces.
public enum EmittedField: UInt8, Sendable, Hashable, CaseIterable {
    /// `text`: dropped for masked SwiftUI text (drawn as a rectangle).
    case text
    /// `placeholder`: replaced when a masked view carries a placeholder marker.
    case placeholder
    /// `accessibilityLabel`, `accessibilityValue`.
    case label
    /// Identifiers, class, flags, colours, fonts: kept as they are, in a masked view
    /// where the value has the field's ``FieldShape``.
    case structural
    /// Geometry and metrics (``ViewField/numericFields``): numbers kept; a string found
    /// in a masked view's is masked.
    case metric
    /// `masking`: written by emission only (with `--explain`); an input's is dropped,
    /// so a tree cannot forge one.
    case annotation
    /// `image`.
    case image
    /// `children`.
    case children
    /// Anything else.
    case unknown

    /// The field a key names.
    public init(key: String) {
        switch key {
        case "text": self = .text
        case "placeholder": self = .placeholder
        case "masking": self = .annotation
        default:
            switch ViewField.role(of: key) {
            case .text: self = .label
            case .structural: self = ViewField.numericFields.contains(key) ? .metric : .structural
            case .image: self = .image
            case .children: self = .children
            case .unknown: self = .unknown
            }
        }
    }
}

extension MaskDecision {
    /// What emission does with a field of this view. For ``EmittedField/children``,
    /// `keep` means the children are emitted (as views, each by its own decision).
    ///
    /// - A secure view (or one inside it) is masked, its text-bearing fields as bullets.
    /// - A masked view: text-bearing and unknown fields are masked, keys and numbers
    ///   inside included; `image` is dropped; structural fields are kept where their
    ///   values have the field's shape (``FieldEmission/keepShaped``), strings under
    ///   geometry masked; a placeholder marker replaces `placeholder` (and SwiftUI
    ///   text's `text`).
    /// - A view shown whose text is masked (``masksText``: an image shown by
    ///   `defaults.images` under a masking text default): text-bearing and unknown
    ///   fields masked as above, structural fields kept where they have their shapes,
    ///   the image kept.
    /// - An unmasked view: kept as it is.
    /// - An input's `masking` is always dropped.
    @inlinable
    public func emission(for field: EmittedField) -> FieldEmission {
        switch field {
        case .structural: return isMasked || masksText ? .keepShaped : .keep
        case .metric: return isMasked || masksText ? .maskStrings : .keep
        case .annotation: return .drop
        case .children: return emitsChildren ? .keep : .drop
        case .image: return isMasked ? .drop : .keep
        case .unknown: return isMasked || masksText ? .mask : .keep
        case .text, .placeholder, .label:
            if isMasked {
                if field == .placeholder && Placeholder.marker(for: kind) != nil { return .drop }
                if field == .text && kind == .swiftUIText { return .drop }
            }
            if isSecure { return .bullets }
            return isMasked || masksText ? .mask : .keep
        }
    }

    /// The placeholder marker emission adds to this view (`IMG`, `RECT`, `MAP`), last
    /// among its fields; `nil` for none.
    public var placeholder: String? {
        isMasked ? Placeholder.marker(for: kind) : nil
    }
}
