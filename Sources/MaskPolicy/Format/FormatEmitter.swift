import MaskDiagnostics

/// Writes a YAML tree in the canonical layout (``PolicyFormatter``), putting back the
/// comments and blank lines ``SourceTrivia`` found.
struct FormatEmitter {
    /// A comment or a blank line before an entry.
    enum Trivia: Equatable {
        case comment(String)
        case blank
    }

    /// An entry of a block collection that trivia attach to: a mapping's pair (at its
    /// key) or a sequence's item.
    private struct Anchor {
        var offset: Int
        var isItem: Bool
    }

    private struct Span: Hashable {
        var start: Int
        var end: Int
        init(_ range: SourceRange) {
            start = range.start.offset
            end = range.end.offset
        }
    }

    let source: [UInt8]
    let root: YAMLNode
    /// Every scalar's span, sorted by start.
    private var scalars: [Span] = []
    /// Scalars with text, and empty (null) ones, sorted by end then start.
    private var filledByEnd: [Span] = []
    private var emptyByEnd: [Span] = []
    private var trivia: SourceTrivia
    /// Collections written on one line.
    private var flow: Set<Span> = []
    private var anchors: [Anchor] = []
    /// The source column of each pair's key and of each item's dash, by offset.
    private var keyColumns: [Int: Int] = [:]
    private var dashColumns: [Int: Int] = [:]
    private var pairTrivia: [Int: [Trivia]] = [:]
    private var itemTrivia: [Int: [Trivia]] = [:]
    private var header: [Trivia] = []
    private var tail: [(Trivia, column: Int)] = []
    /// End-of-line comments by the span of the scalar they follow.
    private var trailing: [Span: [String]] = [:]

    private var lines: [String] = []
    private var lineComments: [Int: [String]] = [:]
    /// Output indentation of the last entry written whose source column was the key.
    private var indentForColumn: [Int: Int] = [:]

    init(source: [UInt8], root: YAMLNode) {
        self.source = source
        self.root = root
        var spans: [Span] = []
        Self.collectScalars(root, into: &spans)
        scalars = spans.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        let byEnd = spans.sorted { ($0.end, $0.start) < ($1.end, $1.start) }
        filledByEnd = byEnd.filter { $0.end > $0.start }
        emptyByEnd = byEnd.filter { $0.end <= $0.start }
        trivia = SourceTrivia(source, scalars: scalars.map { $0.start..<max($0.start, $0.end) })
    }

    private static func collectScalars(_ node: YAMLNode, into spans: inout [Span]) {
        switch node.content {
        case .scalar: spans.append(Span(node.range))
        case .mapping(let pairs):
            for pair in pairs {
                collectScalars(pair.key, into: &spans)
                collectScalars(pair.value, into: &spans)
            }
        case .sequence(let items):
            for item in items { collectScalars(item, into: &spans) }
        }
    }

    // MARK: - Planning: styles and anchors, in source order

    /// The end of the last scalar in `node` (its start when it holds none).
    private func contentEnd(_ node: YAMLNode) -> Int {
        switch node.content {
        case .scalar: return node.range.end.offset
        case .mapping(let pairs): return pairs.last.map { contentEnd($0.value) } ?? node.range.start.offset
        case .sequence(let items): return items.last.map(contentEnd) ?? node.range.start.offset
        }
    }

    /// Whether a comment starts in `start..<end`. Comments are in source order.
    private func hasComment(from start: Int, to end: Int) -> Bool {
        var low = 0, high = trivia.comments.count
        while low < high {
            let mid = (low + high) / 2
            if trivia.comments[mid].offset >= start { high = mid } else { low = mid + 1 }
        }
        return low < trivia.comments.count && trivia.comments[low].offset < end
    }

    private static func isScalar(_ node: YAMLNode) -> Bool {
        if case .scalar = node.content { return true }
        return false
    }

    private static func isScalarList(_ node: YAMLNode) -> Bool {
        node.items?.allSatisfy(isScalar) ?? false
    }

    /// Whether a collection may go on one line: where the layout puts it so, and in
    /// places the schema does not know, where the source wrote it so.
    private func mayFlow(_ node: YAMLNode, _ layout: FormatLayout) -> Bool {
        if layout.prefersFlow { return true }
        let start = node.range.start.offset
        return layout == .other && start >= 0 && start < source.count && (source[start] == UInt8(ascii: "{") || source[start] == UInt8(ascii: "["))
    }

    /// Decides whether `node` is written on one line; registers block entries as anchors.
    /// - Parameter from: where comments start to count as inside the node (after its key).
    private mutating func plan(_ node: YAMLNode, _ layout: FormatLayout, from: Int) {
        switch node.content {
        case .scalar:
            return
        case .mapping(let pairs):
            if pairs.isEmpty { flow.insert(Span(node.range)); return }
            if mayFlow(node, layout), pairs.allSatisfy({ Self.isScalar($0.value) || Self.isScalarList($0.value) }),
               !hasComment(from: from, to: contentEnd(node)) {
                flow.insert(Span(node.range))
                return
            }
            for pair in pairs {
                anchors.append(Anchor(offset: pair.key.range.start.offset, isItem: false))
                keyColumns[pair.key.range.start.offset] = pair.key.range.start.column - 1
                plan(pair.value, layout.value(of: pair.name), from: pair.key.range.end.offset)
            }
        case .sequence(let items):
            if items.isEmpty { flow.insert(Span(node.range)); return }
            if mayFlow(node, layout), items.allSatisfy(Self.isScalar), !hasComment(from: from, to: contentEnd(node)) {
                flow.insert(Span(node.range))
                return
            }
            for item in items {
                anchors.append(Anchor(offset: item.range.start.offset, isItem: true))
                dashColumns[item.range.start.offset] = max(0, item.range.start.column - 3)
                plan(item, layout.item, from: item.range.start.offset)
            }
        }
    }

    // MARK: - Attaching comments and blank lines

    /// The first anchor starting after `offset` (anchors are in source order).
    private func anchorIndex(after offset: Int) -> Int? {
        var low = 0, high = anchors.count
        while low < high {
            let mid = (low + high) / 2
            if anchors[mid].offset > offset { high = mid } else { low = mid + 1 }
        }
        return low < anchors.count ? low : nil
    }

    /// The first scalar starting at or after `offset`.
    private func nextScalarStart(after offset: Int) -> Int {
        var low = 0, high = scalars.count
        while low < high {
            let mid = (low + high) / 2
            if scalars[mid].start >= offset { high = mid } else { low = mid + 1 }
        }
        return low < scalars.count ? scalars[low].start : Int.max
    }

    /// The last non-empty scalar ending at or before `offset`, else the last empty one.
    private func scalarBefore(_ offset: Int) -> Span? {
        Self.last(endingBy: offset, in: filledByEnd) ?? Self.last(endingBy: offset, in: emptyByEnd)
    }

    /// The last of `spans` (sorted by end, then start) that ends at or before `offset`.
    private static func last(endingBy offset: Int, in spans: [Span]) -> Span? {
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].end <= offset { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? spans[low - 1] : nil
    }

    private mutating func attach() {
        var events: [(offset: Int, trivia: Trivia, column: Int, fullLine: Bool)] = trivia.blankLines.map { ($0, .blank, 0, true) }
        events += trivia.comments.map { ($0.offset, .comment($0.text), $0.column, $0.fullLine) }
        events.sort { $0.offset < $1.offset }
        var first: [Trivia] = []
        let firstAnchor = anchors.first?.offset
        for event in events {
            let next = anchorIndex(after: event.offset)
            let nextScalar = nextScalarStart(after: event.offset)
            if case .comment(let text) = event.trivia {
                let before = scalarBefore(event.offset)
                // An end-of-line comment, or a comment between a key and its value: it
                // stays with the scalar before it.
                if let before, !event.fullLine || (next.map { nextScalar < anchors[$0].offset } ?? (nextScalar != Int.max)) {
                    trailing[before, default: []].append(text)
                    continue
                }
            } else if let next, nextScalar < anchors[next].offset {
                continue
            } else if next == nil && nextScalar != Int.max {
                continue
            }
            guard let next else {
                tail.append((event.trivia, event.column))
                continue
            }
            let anchor = anchors[next]
            if anchor.offset == firstAnchor && !anchor.isItem || (anchor.offset == firstAnchor && anchors.count == 1) {
                first.append(event.trivia)
            } else if anchor.isItem {
                itemTrivia[anchor.offset, default: []].append(event.trivia)
            } else {
                pairTrivia[anchor.offset, default: []].append(event.trivia)
            }
        }
        // The first entry's comments: up to the last blank line (and a first-line
        // `# yaml-language-server:` comment) head the file; the rest belong to the entry.
        var split = first.lastIndex(of: .blank).map { $0 + 1 } ?? 0
        if split == 0, case .comment(let text)? = first.first, text.hasPrefix("# yaml-language-server:"),
           trivia.comments.first?.line == 1 {
            split = 1
        }
        header = Array(first[..<split])
        let rest = Array(first[split...])
        if let firstAnchor, let anchor = anchors.first {
            if anchor.isItem { itemTrivia[firstAnchor] = rest + (itemTrivia[firstAnchor] ?? []) } else { pairTrivia[firstAnchor] = rest }
        } else {
            tail = rest.map { ($0, 0) } + tail
        }
    }

    // MARK: - Writing

    /// The formatted file.
    mutating func emit() -> [UInt8] {
        let top = FormatLayout.top(of: root)
        plan(root, top, from: root.range.start.offset)
        attach()
        writeTrivia(header, indent: 0, first: true)
        switch root.content {
        case .scalar:
            let text = ScalarStyle.render(root, source: source, inFlow: false)
            record(root)
            if !text.isEmpty { lines.append(text) }
        case .mapping:
            if flow.contains(Span(root.range)) { lines.append("{}") } else { writePairs(root, top, indent: 0, firstPrefix: nil) }
        case .sequence:
            if flow.contains(Span(root.range)) { lines.append(flowText(root, .other)) } else { writeItems(root, .other, indent: 0) }
        }
        for (item, column) in tail {
            writeTrivia([item], indent: indentForColumn[column] ?? 0, first: lines.isEmpty)
        }
        // In source order, so two comments that end up on one line keep their order.
        for (span, comments) in trailing.sorted(by: { ($0.key.start, $0.key.end) < ($1.key.start, $1.key.end) }) {
            if let line = scalarLines[span] { lineComments[line, default: []] += comments } else { lines.append(contentsOf: comments) }
        }
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            var text = line
            if let comments = lineComments[index] { text += (text.isEmpty ? "" : "  ") + comments.joined(separator: " ") }
            while text.last == " " { text.removeLast() }
            if text.isEmpty && (out.isEmpty || out.last == "") { continue }
            out.append(text)
        }
        while out.last == "" { out.removeLast() }
        return Array((out.joined(separator: "\n") + "\n").utf8)
    }

    /// The output line of each scalar written.
    private var scalarLines: [Span: Int] = [:]

    private mutating func record(_ scalar: YAMLNode) {
        scalarLines[Span(scalar.range)] = lines.count
    }

    private mutating func recordAll(_ node: YAMLNode) {
        switch node.content {
        case .scalar: record(node)
        case .mapping(let pairs):
            for pair in pairs {
                record(pair.key)
                recordAll(pair.value)
            }
        case .sequence(let items): items.forEach { recordAll($0) }
        }
    }

    private mutating func writeTrivia(_ list: [Trivia], indent: Int, first: Bool) {
        var previousBlank = first
        for item in list {
            switch item {
            case .blank:
                if !previousBlank { lines.append("") }
                previousBlank = true
            case .comment(let text):
                lines.append(String(repeating: " ", count: indent) + text)
                previousBlank = false
            }
        }
    }

    /// A block mapping's pairs at `indent`; with `firstPrefix` (`- ` of a sequence
    /// item), the first pair goes on that line.
    private mutating func writePairs(_ node: YAMLNode, _ layout: FormatLayout, indent: Int, firstPrefix: String?) {
        for (index, pair) in layout.ordered(node.pairs ?? []).enumerated() {
            let offset = pair.key.range.start.offset
            let prefix: String
            if index == 0, let firstPrefix {
                writeTrivia((pairTrivia[offset] ?? []).filter { $0 != .blank }, indent: max(0, indent - 2), first: true)
                prefix = firstPrefix
            } else {
                writeTrivia(pairTrivia[offset] ?? [], indent: indent, first: index == 0)
                prefix = String(repeating: " ", count: indent)
            }
            if let column = keyColumns[offset] { indentForColumn[column] = indent }
            let key = ScalarStyle.renderKey(pair.key, source: source, inFlow: false)
            record(pair.key)
            writeValue(pair.value, layout.value(of: pair.name), indent: indent, line: prefix + key + ":")
        }
    }

    /// A value after `line` (`key:`), on that line or below it.
    private mutating func writeValue(_ node: YAMLNode, _ layout: FormatLayout, indent: Int, line: String) {
        switch node.content {
        case .scalar:
            let text = ScalarStyle.render(node, source: source, inFlow: false)
            record(node)
            lines.append(text.isEmpty ? line : line + " " + text)
        case .mapping, .sequence:
            if flow.contains(Span(node.range)) {
                lines.append(line + " " + flowText(node, layout))
            } else {
                lines.append(line)
                if node.pairs != nil { writePairs(node, layout, indent: indent + 2, firstPrefix: nil) } else { writeItems(node, layout, indent: indent + 2) }
            }
        }
    }

    /// A block sequence's items, their dashes at `indent`.
    private mutating func writeItems(_ node: YAMLNode, _ layout: FormatLayout, indent: Int) {
        let dash = String(repeating: " ", count: indent) + "-"
        for (index, item) in (node.items ?? []).enumerated() {
            let offset = item.range.start.offset
            writeTrivia(itemTrivia[offset] ?? [], indent: indent, first: index == 0)
            if let column = dashColumns[offset] { indentForColumn[column] = indent }
            if item.pairs != nil && !flow.contains(Span(item.range)) {
                // A block mapping's first pair goes on the dash's line.
                writePairs(item, layout.item, indent: indent + 2, firstPrefix: dash + " ")
            } else {
                writeValue(item, layout.item, indent: indent, line: dash)
            }
        }
    }

    /// A collection on one line: `{ a: b, c: [d, e] }`, `[a, b]`, `{}`, `[]`.
    private mutating func flowText(_ node: YAMLNode, _ layout: FormatLayout) -> String {
        recordAll(node)
        switch node.content {
        case .scalar:
            return ScalarStyle.render(node, source: source, inFlow: true)
        case .mapping(let pairs):
            if pairs.isEmpty { return "{}" }
            let fields = layout.ordered(pairs).map { pair in
                ScalarStyle.renderKey(pair.key, source: source, inFlow: true) + ": " + flowValue(pair.value)
            }
            return "{ " + fields.joined(separator: ", ") + " }"
        case .sequence:
            return flowValue(node)
        }
    }

    private func flowValue(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar: return ScalarStyle.render(node, source: source, inFlow: true)
        case .sequence(let items): return "[" + items.map(flowValue).joined(separator: ", ") + "]"
        case .mapping(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{ " + pairs.map { ScalarStyle.renderKey($0.key, source: source, inFlow: true) + ": " + flowValue($0.value) }.joined(separator: ", ") + " }"
        }
    }
}
