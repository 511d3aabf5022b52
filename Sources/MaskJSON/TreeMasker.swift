import MaskStorage
import MaskEngine

/// The JSON side of `maskc apply`: read a tree, decide every view with a compiled table,
/// write the masked tree. Nothing is written for a tree that fails to read.
public struct TreeMasker: Sendable {
    /// The compiled policy.
    public let table: DecisionTable
    /// Emission options.
    public let options: EmitOptions
    /// Reader limits.
    public let limits: JSONLimits

    /// Creates a masker.
    public init(table: DecisionTable, options: EmitOptions = EmitOptions(), limits: JSONLimits = .standard) {
        self.table = table
        self.options = options
        self.limits = limits
    }

    /// Reads a tree document.
    /// - Parameters:
    ///   - bytes: one JSON document.
    ///   - file: the file name for errors.
    ///   - firstLine: the line of the file `bytes` starts on (for NDJSON). On line 1, the
    ///     start of the file, a UTF-8 byte order mark is skipped; on a later line it is
    ///     an error.
    public func read(_ bytes: [UInt8], file: String, firstLine: Int = 1) throws(TreeError) -> TreeDocument {
        let bytes = InputBytes(bytes)
        var sink = TreeSink()
        let layout = try build(try parse(bytes, file: file, firstLine: firstLine), bytes: bytes, file: file, firstLine: firstLine, into: &sink)
        sink.tree.screen = layout.screen
        return TreeDocument(layout: layout, tree: sink.tree)
    }

    /// Reads a tree and decides each view as it is read, without keeping the views:
    /// what `apply` needs, in less memory and time than `read` then `decide`.
    public func readDeciding(_ bytes: [UInt8], file: String, firstLine: Int = 1) throws(TreeError) -> (TreeLayout, [MaskDecision]) {
        try readDeciding(InputBytes(bytes), file: file, firstLine: firstLine)
    }

    /// ``readDeciding(_:file:firstLine:)`` for bytes held as ``InputBytes`` (a mapped file).
    public func readDeciding(_ bytes: InputBytes, file: String, firstLine: Int = 1) throws(TreeError) -> (TreeLayout, [MaskDecision]) {
        try decide(try parse(bytes, file: file, firstLine: firstLine, compactGeometry: true), bytes: bytes, file: file, firstLine: firstLine)
    }

    /// ``readDeciding(_:file:firstLine:)``, asking `accept` first whether the parsed
    /// document is a maskc tree (for format detection from the tape itself, with no
    /// second pass over the bytes): nil when it says no.
    public func readDeciding(_ bytes: InputBytes, file: String, firstLine: Int = 1,
                             accepting accept: (JSONTape) -> Bool) throws(TreeError) -> (TreeLayout, [MaskDecision])? {
        let tape = try parse(bytes, file: file, firstLine: firstLine, compactGeometry: true)
        guard accept(tape) else { return nil }
        return try decide(tape, bytes: bytes, file: file, firstLine: firstLine)
    }

    private func decide(_ tape: JSONTape, bytes: InputBytes, file: String, firstLine: Int) throws(TreeError) -> (TreeLayout, [MaskDecision]) {
        let screen = TreeBuilder.screen(of: tape)
        var sink = DecidingSink(resolver: IncrementalResolver(table: table, screen: screen, expectedCount: tape.tokens.count / 8))
        let layout = try build(tape, bytes: bytes, file: file, firstLine: firstLine, into: &sink)
        return (layout, decisions(layout, sink.resolver.decisions))
    }

    /// The decisions the resolver made, after the defaults of the content views carry
    /// (``ContentDefaults``), the policy's `detect:` safety net (``ContentSafetyNet``)
    /// and, last, the echo guard (``MaskedEchoes``: a shown view repeating a masked
    /// descendant's text is masked).
    func decisions(_ layout: TreeLayout, _ resolved: [MaskDecision]) -> [MaskDecision] {
        var decisions = resolved
        if needsContentPasses {
            ContentDefaults.apply(layout, table: table, to: &decisions)
            ContentSafetyNet.apply(layout, table: table, to: &decisions)
        }
        MaskedEchoes.apply(layout, to: &decisions)
        return decisions
    }

    /// `decisions` with the echo guard run over them (``MaskedEchoes``): every shown
    /// view with children that holds a masked descendant's text masked, naming it
    /// (``MaskEngine/MaskDecision/echoSource``). What ``decide(_:)`` and `apply` run
    /// last, for callers that decide a tree's views some other way.
    /// - Complexity: O(n) in the views, plus the fields of the views compared.
    public func guardingEchoes(_ layout: TreeLayout, _ decisions: [MaskDecision]) -> [MaskDecision] {
        var decisions = decisions
        MaskedEchoes.apply(layout, to: &decisions)
        return decisions
    }

    /// Whether decisions can change after the resolver's by what views carry, besides
    /// the echo guard (which always runs): the policy has detectors, or defaults that
    /// mask by content.
    var needsContentPasses: Bool { !table.detectors.isEmpty || table.contentDefaultsApply }

    func parse(_ bytes: InputBytes, file: String, firstLine: Int, compactGeometry: Bool = false) throws(TreeError) -> JSONTape {
        do {
            return try JSONReader.parse(bytes, limits: limits, compactGeometry: compactGeometry, skipsByteOrderMark: firstLine == 1)
        } catch {
            throw treeError(file: file, bytes: bytes, offset: error.offset, path: error.path, message: error.message, firstLine: firstLine,
                            reason: error.reason)
        }
    }

    func build<Sink: ViewSink>(_ tape: JSONTape, bytes: InputBytes, file: String, firstLine: Int, into sink: inout Sink) throws(TreeError) -> TreeLayout {
        var interner = StringInterner()
        return try build(tape, bytes: bytes, file: file, firstLine: firstLine, interner: &interner, into: &sink)
    }

    /// ``build(_:bytes:file:firstLine:into:)`` numbering class names with `interner`.
    func build<Sink: ViewSink>(_ tape: JSONTape, bytes: InputBytes, file: String, firstLine: Int, interner: inout StringInterner,
                               into sink: inout Sink) throws(TreeError) -> TreeLayout {
        do {
            return try TreeBuilder.build(tape, interner: &interner, into: &sink)
        } catch {
            let token = tape.tokens[error.token]
            let offset = Int(token.start) - (token.kind == .string ? 1 : 0)
            throw treeError(file: file, bytes: bytes, offset: offset, path: error.path, message: error.message, firstLine: firstLine,
                            reason: .shape)
        }
    }

    private func treeError(file: String, bytes: InputBytes, offset: Int, path: String, message: String, firstLine: Int,
                           reason: TreeError.Reason) -> TreeError {
        let (line, column) = bytes.withUnsafeBytes { TreeError.position(of: offset, in: $0) }
        return TreeError(file: file, line: line + firstLine - 1, column: column, path: path, message: message, reason: reason)
    }

    /// Decides every view of a document, the policy's `detect:` safety net included.
    public func decide(_ document: TreeDocument) -> [MaskDecision] {
        decisions(document.layout, table.resolve(document.tree))
    }

    /// Writes a decided document, masked, to `out` (compact JSON, no trailing newline).
    public func write(_ document: TreeDocument, decisions: [MaskDecision], to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) rethrows {
        try write(document.layout, decisions: decisions, to: &out, flush: flush)
    }

    /// Writes a decided tree, masked, to `out` (compact JSON, no trailing newline).
    public func write(_ layout: TreeLayout, decisions: [MaskDecision], to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) rethrows {
        try MaskedTreeWriter(document: layout, decisions: decisions, table: table, options: options).write(to: &out, flush: flush)
    }

    /// Masks one document held in memory: read, decide, write.
    /// - Returns: the masked JSON, followed by a newline.
    public func apply(_ bytes: [UInt8], file: String) throws(TreeError) -> [UInt8] {
        let (layout, decisions) = try readDeciding(bytes, file: file)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        write(layout, decisions: decisions, to: &out, flush: { _ in })
        out.append(0x0A)
        return out
    }
}
