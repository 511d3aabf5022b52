import MaskDiagnostics
import MaskEngine

/// What a policy file says about layers: the bases it extends, the unmasks it lets
/// layers over it make, and whether it gives its own `default`.
public struct ParsedLayering: Sendable {
    /// `extends:` entries, in order: paths relative to the file.
    public var bases: [ParsedBaseReference] = []
    /// `allowUnmask:` entries; nil when the file has no `allowUnmask:` key.
    public var allowUnmask: [AllowUnmaskEntry]?
    /// Whether the file has a `default` key (a layer may leave it to its bases).
    public var givesDefault = true

    /// Creates an empty layering (a file on its own).
    public init() {}
}

/// One `extends:` entry.
public struct ParsedBaseReference: Sendable, Hashable {
    /// The path as written, relative to the file.
    public var path: String
    /// Where it was written.
    public var range: SourceRange
}

/// One `allowUnmask:` entry: what layers over the policy may unmask.
public struct AllowUnmaskEntry: Sendable {
    /// What the entry allows.
    public enum Allowance: Sendable, Hashable {
        /// Unmask rules (and class declarations) inside this reach (``RuleCoverage``).
        case reach(SelectorReach)
        /// `default: unmask` (the entry `- default`).
        case unmaskedDefault
    }

    /// What it allows.
    public var allowance: Allowance
    /// Where it was written.
    public var range: SourceRange
    /// The file that declares it.
    public var file: String { range.file }

    /// `{ accessibilityIdentifier: catalog.* }`, `default`: for messages.
    public var description: String {
        switch allowance {
        case .unmaskedDefault: return "default"
        case .reach(let reach):
            var text = reach.selector.description
            if let screen = reach.screen { text += " on \(screen)" }
            if !reach.recursive { text += " (not recursive)" }
            return text
        }
    }
}
