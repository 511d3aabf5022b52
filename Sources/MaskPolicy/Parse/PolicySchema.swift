/// The keys of the policy format (version 1, and the keys format 1.1 adds), for
/// validation and spelling hints.
public enum PolicySchema {
    /// The policy format version this build reads.
    public static let version = 1
    /// Keys of the top-level mapping, version 1.
    public static let topKeys = ["version", "default", "types", "rules", "extends", "allowUnmask"]
    /// Keys of a rule.
    public static let ruleKeys = ["mask", "unmask", "reason"]
    /// The action keys of a rule.
    public static let actionKeys = ["mask", "unmask"]
    /// The selector keys (exactly one per selector).
    public static let selectorKeys = ["type", "id", "accessibilityIdentifier", "restorationIdentifier", "tag", "target"]

    /// Keys of the top-level mapping in `format`: format 1.1 adds `defaults` and `detect`.
    public static func topKeys(for format: PolicyFormat) -> [String] {
        format == .v1 ? topKeys : ["version", "default", "defaults", "detect", "types", "rules", "extends", "allowUnmask"]
    }

    /// The selector keys in `format`: format 1.1 adds `kind`.
    public static func selectorKeys(for format: PolicyFormat) -> [String] {
        format == .v1 ? selectorKeys : ["type", "kind", "id", "accessibilityIdentifier", "restorationIdentifier", "tag", "target"]
    }
    /// Options of a selector.
    public static let selectorOptions = ["recursive", "screen", "lock"]
    /// Keys of a `types:` entry.
    public static let classKeys = ["extends", "kind", "recurse"]
    /// Keys of `defaults:` (format 1.1).
    public static let defaultsKeys = ["text", "inputs", "images"]
}
