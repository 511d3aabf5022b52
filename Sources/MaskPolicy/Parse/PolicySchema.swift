/// The keys of the policy format, version 1, for validation and spelling hints.
public enum PolicySchema {
    /// The policy format version this build reads.
    public static let version = 1
    /// Keys of the top-level mapping.
    public static let topKeys = ["version", "default", "types", "rules", "extends", "allowUnmask"]
    /// Keys of a rule.
    public static let ruleKeys = ["mask", "unmask", "reason"]
    /// The action keys of a rule.
    public static let actionKeys = ["mask", "unmask"]
    /// The selector keys (exactly one per selector).
    public static let selectorKeys = ["type", "id", "accessibilityIdentifier", "restorationIdentifier", "tag", "target"]
    /// Options of a selector.
    public static let selectorOptions = ["recursive", "screen", "lock"]
    /// Keys of a `types:` entry.
    public static let classKeys = ["extends", "kind", "recurse"]
}
