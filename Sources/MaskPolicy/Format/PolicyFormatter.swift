import MaskDiagnostics

/// Why a file could not be formatted: its YAML does not read. The diagnostics are the
/// reader's, with positions.
public struct PolicyFormatFailure: Error, Sendable {
    /// Every problem found.
    public var diagnostics: [Diagnostic]
}

/// `maskc fmt`: the canonical layout of a policy file, keeping every comment.
///
/// The layout: two-space indentation, block mappings, sequences indented under their
/// key; top-level keys in ``FormatLayout/topKeyOrder``, a rule's action key then
/// `reason`, a selector's key then `screen`, `recursive`, `lock`, a `types:` entry's
/// `extends`, `kind`, `recurse` (keys the schema does not know follow, in source
/// order); selectors, `types:` entries, `defaults:` and lists of names on one line
/// (`{ type: UIButton, recursive: false }`, `[email, phone]`) unless a comment lies
/// inside; scalars plain when plain reads back the same (plain scalars as written),
/// else double-quoted; one blank line where the source had blank lines between
/// entries; a single final newline. Full-line comments stay above the entry that
/// follows them, end-of-line comments at the end of the line that holds what they
/// followed, comments before the first entry and a blank line (and a first-line
/// `# yaml-language-server:` comment) at the top, comments after the last entry at
/// the end. A policy test (`*.masktest.yaml`, told by its top-level keys) is laid out
/// the same way with its own key order: `policy`, `trees`, `expect`; an expectation's
/// `view` or `noExposed`, then `tree`, `is`, `rule`. Formatting is a pure function of the bytes, and formatting its output
/// changes nothing.
public enum PolicyFormatter {
    /// Formats a policy file.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - file: the name used in diagnostics.
    ///   - wholeFiles: whether `bytes` are a whole file that must be a policy or a
    ///     policy test (`maskc fmt`); false formats any YAML (fragments in tests).
    /// - Returns: the formatted bytes, or the reader's diagnostics when the YAML does
    ///   not read (a syntax error, a duplicate key, an anchor, a key that is not text).
    /// - Complexity: O(n log n) for a file of n bytes.
    public static func format(_ bytes: [UInt8], file: String, limits: PolicyLimits = .standard,
                              wholeFiles: Bool = false) -> Result<[UInt8], PolicyFormatFailure> {
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let source = hasBOM ? Array(bytes.dropFirst(3)) : bytes
        // libyaml also reads UTF-16, whose marks are not byte offsets of the file.
        if let zero = source.firstIndex(of: 0) ?? (source.starts(with: [0xFE, 0xFF]) || source.starts(with: [0xFF, 0xFE]) ? 0 : nil) {
            let at = SourceMark(ofByte: zero, in: source)
            return .failure(PolicyFormatFailure(diagnostics: [Diagnostic(.syntax, "fmt reads UTF-8 policies only; found a NUL byte or a UTF-16 byte order mark",
                                                                         at: SourceRange(file: file, at: at), hint: "save the file as UTF-8")]))
        }
        let (root, diagnostics) = YAMLReader(file: file, limits: limits).read(source)
        guard let root, !diagnostics.contains(where: { $0.severity == .error }) else {
            return .failure(PolicyFormatFailure(diagnostics: Diagnostic.sorted(diagnostics)))
        }
        // With `wholeFiles`, a file that holds none of a policy's or a policy test's keys
        // is no policy (a capture named by mistake): it is left alone, its keys not shown.
        let keys = Set(root.pairs?.map(\.name) ?? [])
        if wholeFiles && keys.isDisjoint(with: PolicySchema.topKeys(for: .v1_1)) && keys.isDisjoint(with: PolicyTestParser.topKeys) {
            return .failure(PolicyFormatFailure(diagnostics: [Diagnostic(
                .wrongType, "this file does not look like a policy or a policy test (no 'version', 'default' or 'policy' at its top level); it is left alone",
                at: SourceRange(file: file, at: root.range.start))]))
        }
        var emitter = FormatEmitter(source: source, root: root)
        let formatted = emitter.emit()
        // The layout must say exactly what the file says: read back, every key, value and
        // item is compared with the source's. A file whose layout would read differently
        // is left alone rather than changed in meaning.
        let (reread, rereadDiagnostics) = YAMLReader(file: file, limits: limits).read(formatted)
        let changed = rereadDiagnostics.contains { $0.severity == .error } ? root : reread.flatMap { firstDifference(root, $0) } ?? (reread == nil ? root : nil)
        if let changed {
            return .failure(PolicyFormatFailure(diagnostics: [Diagnostic(
                .syntax, "fmt cannot lay this value out without changing what the file says; the file is left alone",
                at: changed.range, hint: "write the value in double quotes")]))
        }
        return .success(formatted)
    }

    /// The first node of `source` (in source order) that `formatted` does not hold with
    /// the same meaning: scalars by their value (a string, a number, a boolean, null),
    /// mappings by key whatever their order, sequences item by item. Nil when they agree.
    static func firstDifference(_ source: YAMLNode, _ formatted: YAMLNode) -> YAMLNode? {
        switch (source.content, formatted.content) {
        case (.scalar, .scalar):
            return source.scalarValue == formatted.scalarValue ? nil : source
        case (.sequence(let items), .sequence(let others)):
            for (item, other) in zip(items, others) {
                if let difference = firstDifference(item, other) { return difference }
            }
            return items.count == others.count ? nil : source
        case (.mapping(let pairs), .mapping(let others)):
            var byKey: [ScalarValue: YAMLNode] = [:]
            for other in others {
                guard let key = other.key.scalarValue else { return source }
                byKey[key] = other.value
            }
            guard byKey.count == others.count, pairs.count == others.count else { return source }
            for pair in pairs {
                guard let key = pair.key.scalarValue, let other = byKey[key] else { return pair.key }
                if let difference = firstDifference(pair.value, other) { return difference }
            }
            return nil
        default:
            return source
        }
    }

    /// Formats policy text given as a string.
    public static func format(_ text: String, file: String, limits: PolicyLimits = .standard) -> Result<String, PolicyFormatFailure> {
        format(Array(text.utf8), file: file, limits: limits).map { String(decoding: $0, as: UTF8.self) }
    }
}
