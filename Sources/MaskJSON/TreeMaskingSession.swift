import MaskStorage
import MaskEngine

/// Masks trees one after another with one policy, keeping what one tree leaves for the
/// next: the numbers given to class names, the class facts decided for them, the
/// resolver's caches and the storage of its per-view arrays. `maskc apply --ndjson`
/// masks each line through one session per thread.
///
/// The output is the same as ``TreeMasker/apply(_:file:)``'s for every tree: only
/// work is saved, never a decision (the caches are keyed by everything a decision
/// depends on, and dropped when a new screen changes what a class decides).
///
/// Not thread-safe: give each thread its own.
public struct TreeMaskingSession {
    /// The masker: policy, options and limits.
    public let masker: TreeMasker
    /// The resolver of the trees before, kept between trees; nil until the first one.
    private var resolver: IncrementalResolver?
    /// Class names by number, shared by the trees of the session.
    private var interner = StringInterner()

    /// Beyond this many distinct class names (or superclass lists) the numbering starts
    /// afresh, so a stream of ever new class names cannot grow the session without bound.
    public static let maximumClassNames = 1 << 16

    /// Creates a session for a masker.
    public init(masker: TreeMasker) {
        self.masker = masker
    }

    /// Reads, decides and writes one tree, appending its masked JSON (compact, no
    /// newline) to `out`. Nothing is appended for a tree that cannot be read.
    /// - Parameters:
    ///   - bytes: one JSON document.
    ///   - file: the name errors give the document.
    ///   - firstLine: the line of the file `bytes` starts on (for NDJSON).
    /// - Throws: ``TreeError``, positioned in the file.
    /// - Complexity: O(n) for n bytes; no per-tree set-up beyond the tree's own storage.
    public mutating func mask(_ bytes: [UInt8], file: String, firstLine: Int = 1, into out: inout [UInt8]) throws(TreeError) {
        _ = try mask(bytes, file: file, firstLine: firstLine, into: &out, accepting: { _ in true })
    }

    /// ``mask(_:file:firstLine:into:)``, asking `accept` first whether the parsed
    /// document is a maskc tree (format detection from the tape, no second pass over
    /// the bytes). Returns false, appending nothing, when it says no.
    public mutating func mask(_ bytes: [UInt8], file: String, firstLine: Int = 1, into out: inout [UInt8],
                              accepting accept: (JSONTape) -> Bool) throws(TreeError) -> Bool {
        let input = InputBytes(bytes)
        let tape = try masker.parse(input, file: file, firstLine: firstLine, compactGeometry: true)
        guard accept(tape) else { return false }
        let screen = TreeBuilder.screen(of: tape)
        if interner.count > Self.maximumClassNames || interner.listCount > Self.maximumClassNames {
            interner = StringInterner()
            resolver?.forgetClassSlots()
        }
        let expected = tape.tokens.count / 8
        // Taken out of the session, so that its arrays and caches have one owner while
        // they are refilled (a second reference would copy them all on the first write).
        var sink: DecidingSink
        if var kept = resolver.take() {
            kept.reset(screen: screen, expectedCount: expected)
            sink = DecidingSink(resolver: consume kept)
        } else {
            sink = DecidingSink(resolver: IncrementalResolver(table: masker.table, screen: screen, expectedCount: expected))
        }
        let layout: TreeLayout
        do {
            layout = try masker.build(tape, bytes: input, file: file, firstLine: firstLine, interner: &interner, into: &sink)
        } catch {
            resolver = (consume sink).resolver
            throw error
        }
        masker.write(layout, decisions: masker.decisions(layout, sink.resolver.decisions), to: &out, flush: { _ in })
        resolver = (consume sink).resolver
        return true
    }
}
