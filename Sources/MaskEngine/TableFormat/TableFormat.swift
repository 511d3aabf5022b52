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
/// default, the classes, the rules, and in version 2 the policy format 1.1 section
/// (per-dimension defaults, the `detect:` detectors). Strings are stored once and named
/// by their index.
///
/// Version 2 adds `kind` selectors (selector key 6, the kind's name as the value) and
/// that section. A policy that uses none of format 1.1 is written as version 1, byte
/// for byte as before, so tables of version 1 policies do not change; a reader of
/// version 1 refuses a version 2 table.
public enum TableFormat {
    /// The first four bytes of every table: `MTAB`.
    public static let magic: [UInt8] = Array("MTAB".utf8)
    /// The newest format version this engine writes and reads: 3. Version 2 adds, after
    /// the rules, the policy format 1.1 section (per-dimension defaults, detectors);
    /// version 3 adds a lock byte after each rule's `recursive`. A table is written in
    /// the oldest version that holds its policy (``version(of:)``), so a version 1
    /// policy's table stays byte for byte what it was, and an engine that reads only an
    /// older version refuses a table with locks or 1.1 keys rather than drop them.
    public static let version: UInt16 = 3
    /// The versions this engine reads.
    public static let readableVersions: ClosedRange<UInt16> = 1...3

    /// Whether `bytes` are meant as a table rather than as text (a YAML policy): they
    /// start with ``magic`` and then a control byte (the low byte of a version below
    /// 32), which no YAML text has there. A table that fails its checks still counts,
    /// so a tool reports what is wrong with the table, not a YAML syntax error.
    public static func isTable(_ bytes: [UInt8]) -> Bool {
        bytes.count > magic.count && bytes[0..<magic.count].elementsEqual(magic) && bytes[magic.count] < 0x20
            && bytes[magic.count] != 0x09 && bytes[magic.count] != 0x0A && bytes[magic.count] != 0x0D
    }

    /// The version `policy` is written in: 3 when a rule is locked; else 2 when it uses
    /// anything of policy format 1.1 (`kind` selectors, per-dimension defaults,
    /// `detect:`); else 1.
    public static func version(of policy: MaskingPolicy) -> UInt16 {
        if policy.rules.contains(where: \.locked) { return 3 }
        return policy.usesFormat11 ? 2 : 1
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
    static let lockVersion: UInt16 = 3
    static let originSize = 12

    /// Codes of the enumerations, fixed by the format (never derived from case order).
    static func code(_ action: MaskAction) -> UInt8 { action == .mask ? 0 : 1 }
    static func action(_ code: UInt8) -> MaskAction? { code == 0 ? .mask : code == 1 ? .unmask : nil }

    /// Selector keys by code; `kind` (6) only in version 2.
    static let selectorKeys: [SelectorKey] = [.type, .id, .accessibilityIdentifier, .restorationIdentifier, .tag, .target, .kind]
    static let kinds: [ViewKind] = [.text, .secureText, .image, .swiftUIText, .map, .webview, .other]

    static func code(_ key: SelectorKey) -> UInt8 {
        UInt8(truncatingIfNeeded: selectorKeys.firstIndex(of: key) ?? 0)
    }

    /// A per-dimension default byte: 0 mask, 1 unmask, 2 mask-non-bundled (images only),
    /// ``unset`` for none.
    static func code(_ image: ImageDefault?) -> UInt8 {
        switch image {
        case .mask?: return 0
        case .unmask?: return 1
        case .maskNonBundled?: return 2
        case nil: return unset
        }
    }

    static func imageDefault(_ code: UInt8) -> ImageDefault?? {
        switch code {
        case 0: return .some(.mask)
        case 1: return .some(.unmask)
        case 2: return .some(.maskNonBundled)
        case unset: return .some(nil)
        default: return nil
        }
    }

    static func optionalAction(_ code: UInt8) -> MaskAction?? {
        if code == unset { return .some(nil) }
        return action(code).map { .some($0) }
    }

    static func code(_ kind: ViewKind?) -> UInt8 {
        guard let kind, let index = kinds.firstIndex(of: kind) else { return unset }
        return UInt8(truncatingIfNeeded: index)
    }
}
