extension DecisionTable {
    /// Loads a table made by `maskc compile POLICY --emit table` (``TableFormat``).
    ///
    /// The header, the format version, the SHA-256 of the body and every count, index,
    /// length, code and string are checked before anything is built; the table is then
    /// built through ``init(policy:catalog:)``, as the compiler builds it. A table that
    /// fails a check is refused: the caller should then mask everything (see
    /// Docs/compiled-policy.md, "Fail closed").
    ///
    /// - Parameters:
    ///   - bytes: the table's bytes.
    ///   - catalog: the catalog the policy's classes are laid over.
    /// - Throws: ``TableFormatError``, the first problem found, with its byte offset.
    /// - Complexity: O(n + r log r) for n bytes and r rules.
    public init(serialized bytes: [UInt8], catalog: TypeCatalog = .builtin) throws(TableFormatError) {
        self.init(policy: try TableFormat.decode(bytes), catalog: catalog)
    }
}

extension DecisionTable {
    /// A table that masks every view: the policy to fall back on when no valid table
    /// is at hand (a download that fails verification, none yet). Fail closed.
    public static let maskingEverything = DecisionTable(policy: MaskingPolicy(default: .mask))
}
