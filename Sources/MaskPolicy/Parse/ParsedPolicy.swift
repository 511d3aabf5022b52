import MaskDiagnostics
import MaskEngine

/// A policy read from YAML, every part still carrying where it was written.
///
/// This is the stage between the YAML tree and the engine's ``MaskingPolicy``; the
/// linter works on it so every finding can point at the source.
public struct ParsedPolicy: Sendable {
    /// The file as the user named it.
    public var file: String
    /// The `version` value.
    public var version: Int
    /// The `default` value and where it was written.
    public var defaultAction: MaskAction
    /// Where `default`'s value was written.
    public var defaultRange: SourceRange
    /// The `types:` entries, in source order.
    public var classes: [ParsedClass]
    /// The rules, in source order.
    public var rules: [ParsedRule]
    /// The format the policy is written in (`version: 1` or `version: 1.1`).
    public var format: PolicyFormat = .v1
    /// The per-dimension defaults (format 1.1), and where each value was written.
    public var defaults = DimensionDefaults()
    public var defaultsRanges: [DefaultDimension: SourceRange] = [:]
    /// The `detect:` detectors (format 1.1), each once, in source order, and where each
    /// was written.
    public var detectors: [ContentDetector] = []
    public var detectorRanges: [SourceRange] = []
    /// `extends:` and `allowUnmask:`, and whether the file gives its own `default`.
    public var layering = ParsedLayering()

    /// The policy as the engine takes it.
    public var policy: MaskingPolicy {
        MaskingPolicy(default: defaultAction, classes: classes.map(\.declaration), rules: rules.map(\.rule),
                      defaults: defaults, detectors: detectors)
    }
}

/// The versions of the policy format this build reads.
public enum PolicyFormat: String, Sendable, Hashable, CaseIterable {
    /// `version: 1`.
    case v1 = "1"
    /// `version: 1.1`: version 1 plus `kind` selectors, `defaults:` and `detect:`.
    case v1_1 = "1.1"

    /// The format a YAML float names, compared as a number, as the JSON Schema's
    /// `const` compares it: `1.0` is 1 and `1.10` is 1.1.
    init?(number text: String) {
        guard let value = Double(text) else { return nil }
        switch value {
        case 1: self = .v1
        case 1.1: self = .v1_1
        default: return nil
        }
    }

    /// `1 and 1.1`, for messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: " and ") }
}

/// One `types:` entry.
public struct ParsedClass: Sendable {
    /// The declaration.
    public var declaration: ClassDeclaration
    /// Where the class name (the key) was written.
    public var nameRange: SourceRange
    /// Where the `extends` value was written, if any.
    public var extendsRange: SourceRange?
    /// Where the `kind` value was written, if any.
    public var kindRange: SourceRange?
}

/// One rule.
public struct ParsedRule: Sendable {
    /// The rule.
    public var rule: MaskRule
    /// The whole rule item.
    public var range: SourceRange
    /// The action key (`mask:` / `unmask:`); the rule's origin.
    public var actionRange: SourceRange
    /// The selector's value (`UIButton` in `{ type: UIButton }`).
    public var selectorRange: SourceRange
    /// The `screen` value, if any.
    public var screenRange: SourceRange?
}
