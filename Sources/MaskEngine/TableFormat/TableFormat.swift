/// The portable form of a compiled policy (`maskc compile POLICY --emit table`), for
/// SDKs that receive policy updates at run time. Layout: Docs/compiled-policy.md.
///
/// A table holds the policy as the compiler validated it: the default, the classes
/// and the rules with their reasons and source positions. ``DecisionTable/init(serialized:)``
/// reads it back and builds the table through ``DecisionTable/init(policy:catalog:)``,
/// the same path the compiler and generated code take, so the three cannot decide
/// differently.
///
/// Every number is little-endian. The header is 44 bytes:
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 4 | magic `MTAB` |
/// | 4 | 2 | format version (``version``) |
/// | 6 | 2 | flags, 0 (a reader refuses any other value) |
/// | 8 | 4 | body length in bytes |
/// | 12 | 32 | SHA-256 of the body |
///
/// The body follows, exactly as long as the header says: the string table, the
/// default, the classes, the rules. Strings are stored once and named by their index.
public enum TableFormat {
    /// The first four bytes of every table: `MTAB`.
    public static let magic: [UInt8] = Array("MTAB".utf8)
    /// The newest format version this engine writes and reads: 2, whose rules carry a
    /// lock byte after `recursive`. A table whose policy locks no rule is written as
    /// version 1 (no lock byte), byte for byte as before locks existed; an engine that
    /// reads only version 1 refuses a table with locks rather than drop them.
    public static let version: UInt16 = 2
    /// The versions this engine reads.
    public static let readableVersions: ClosedRange<UInt16> = 1...2
    /// The version a policy is written in: 1 unless a rule is locked.
    static func version(for policy: MaskingPolicy) -> UInt16 {
        policy.rules.contains(where: \.locked) ? 2 : 1
    }
    /// Bytes before the body.
    public static let headerSize = 44

    /// A string reference meaning "none" (an absent superclass, screen, reason or origin).
    static let none: UInt32 = 0xFFFF_FFFF
    /// A kind or `recurse` byte meaning "not declared" (inherited along the chain).
    static let unset: UInt8 = 0xFF

    /// Smallest encodings, used to refuse a count the remaining bytes cannot hold
    /// before anything is allocated for it.
    static let minimumStringSize = 4
    static let minimumClassSize = 4 + 4 + 1 + 1 + originSize
    static let minimumRuleSize = 1 + 1 + 4 + 1 + 4 + 4 + originSize
    /// The first version whose rules carry a lock byte.
    static let lockVersion: UInt16 = 2
    static let originSize = 12

    /// Codes of the enumerations, fixed by the format (never derived from case order).
    static func code(_ action: MaskAction) -> UInt8 { action == .mask ? 0 : 1 }
    static func action(_ code: UInt8) -> MaskAction? { code == 0 ? .mask : code == 1 ? .unmask : nil }

    static let selectorKeys: [SelectorKey] = [.type, .id, .accessibilityIdentifier, .restorationIdentifier, .tag, .target]
    static let kinds: [ViewKind] = [.text, .secureText, .image, .swiftUIText, .map, .webview, .other]

    static func code(_ key: SelectorKey) -> UInt8 {
        UInt8(truncatingIfNeeded: selectorKeys.firstIndex(of: key) ?? 0)
    }

    static func code(_ kind: ViewKind?) -> UInt8 {
        guard let kind, let index = kinds.firstIndex(of: kind) else { return unset }
        return UInt8(truncatingIfNeeded: index)
    }
}
