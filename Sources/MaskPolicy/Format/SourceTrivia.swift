/// What lies between a policy's nodes: comments and blank lines, found in the source
/// bytes outside every scalar.
struct SourceTrivia {
    /// A `#` comment.
    struct Comment {
        /// The text from `#` to the end of the line, trailing spaces dropped.
        var text: String
        /// The byte offset of the `#`.
        var offset: Int
        /// 1-based source line.
        var line: Int
        /// 0-based source column of the `#`, in bytes.
        var column: Int
        /// Whether only spaces precede it on its line, or only what opens the content
        /// after it (`- `, `[`, `{`, `---`): it belongs with what follows.
        var fullLine: Bool
    }

    /// Every comment, in source order.
    var comments: [Comment] = []
    /// The byte offsets of blank lines (only spaces, tabs or a carriage return) outside scalars.
    var blankLines: [Int] = []

    /// Scans `source` for comments and blank lines, skipping the `scalars` (byte ranges,
    /// sorted by start). A block scalar's header line (`key: |  # note`) may end in a comment.
    init(_ source: [UInt8], scalars: [Range<Int>]) {
        var index = 0, line = 1, lineStart = 0, next = 0
        var onlySpaces = true
        /// Only spaces and openers (`-`, `[`, `{`) so far on this line.
        var onlyOpeners = true
        while index < source.count {
            while next < scalars.count && scalars[next].upperBound <= index { next += 1 }
            if next < scalars.count, scalars[next].lowerBound <= index, index < scalars[next].upperBound, !scalars[next].isEmpty {
                let scalar = scalars[next]
                if source[scalar.lowerBound] == UInt8(ascii: "|") || source[scalar.lowerBound] == UInt8(ascii: ">") {
                    if let hash = Self.headerComment(source, from: scalar.lowerBound) {
                        var end = hash
                        while end < source.count && source[end] != 0x0A { end += 1 }
                        comments.append(comment(source, hash, end, line: line, lineStart: lineStart, fullLine: false))
                    }
                }
                // Count the lines the scalar spans.
                for i in index..<min(scalar.upperBound, source.count) where source[i] == 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                onlySpaces = scalar.upperBound == lineStart
                onlyOpeners = onlySpaces
                index = scalar.upperBound
                continue
            }
            let byte = source[index]
            if byte == 0x0A {
                if onlySpaces { blankLines.append(lineStart) }
                line += 1
                lineStart = index + 1
                onlySpaces = true
                onlyOpeners = true
            } else if byte == UInt8(ascii: "#") {
                var end = index
                while end < source.count && source[end] != 0x0A { end += 1 }
                comments.append(comment(source, index, end, line: line, lineStart: lineStart, fullLine: onlyOpeners))
                onlySpaces = false
                onlyOpeners = false
                index = end
                continue
            } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                onlySpaces = false
                if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "{") { onlyOpeners = false }
            }
            index += 1
        }
    }

    private func comment(_ source: [UInt8], _ start: Int, _ end: Int, line: Int, lineStart: Int, fullLine: Bool) -> Comment {
        var last = end
        while last > start && (source[last - 1] == 0x20 || source[last - 1] == 0x09 || source[last - 1] == 0x0D) { last -= 1 }
        return Comment(text: String(decoding: source[start..<last], as: UTF8.self), offset: start, line: line, column: start - lineStart, fullLine: fullLine)
    }

    /// The `#` of a comment on a block scalar's header line (`|`, `>`, with indicators).
    private static func headerComment(_ source: [UInt8], from start: Int) -> Int? {
        var i = start + 1
        var afterSpace = false
        while i < source.count && source[i] != 0x0A {
            if source[i] == UInt8(ascii: "#") && afterSpace { return i }
            afterSpace = source[i] == 0x20 || source[i] == 0x09
            i += 1
        }
        return nil
    }
}
