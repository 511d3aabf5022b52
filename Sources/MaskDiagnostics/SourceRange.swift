/// A position in a source file: 1-based line and column (in characters), and the byte offset.
public struct SourceMark: Sendable, Hashable, Codable, Comparable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// 0-based offset in bytes (libyaml's index: characters for non-UTF-8 input).
    public var offset: Int

    /// Creates a mark.
    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (a: SourceMark, b: SourceMark) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// The mark of a byte offset within UTF-8 text: lines end at LF, columns count
    /// characters (bytes that do not continue a UTF-8 sequence), and a byte order mark
    /// at the start takes no column. The one conversion from offsets to positions, for
    /// policies, trees and captures alike.
    /// - Complexity: O(offset).
    public init<Bytes: Collection<UInt8>>(ofByte offset: Int, in bytes: Bytes) where Bytes.Index == Int {
        var line = 1, column = 1
        let end = min(bytes.endIndex, bytes.startIndex + max(0, offset))
        var i = bytes.startIndex
        if bytes.count >= 3, bytes[i] == 0xEF, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { i += 3 }
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        self.init(line: line, column: column, offset: offset)
    }
}

/// A span of a source file, from `start` up to (not including) `end`.
public struct SourceRange: Sendable, Hashable, Codable {
    /// The file as the user named it.
    public var file: String
    /// Where the span starts.
    public var start: SourceMark
    /// Where the span ends.
    public var end: SourceMark

    /// Creates a range.
    public init(file: String, start: SourceMark, end: SourceMark) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// An empty range at one position (a finding about a point, not a span).
    public init(file: String, at mark: SourceMark) {
        self.init(file: file, start: mark, end: mark)
    }

    /// An empty range at `line`:`column` (both from 1).
    public init(file: String, line: Int, column: Int) {
        self.init(file: file, at: SourceMark(line: line, column: column))
    }

    /// A range covering only the start of a file (for findings about the whole file).
    public static func fileStart(_ file: String) -> SourceRange {
        SourceRange(file: file, line: 1, column: 1)
    }

    /// `FILE:LINE:COL` of the start.
    public var location: String { "\(file):\(start.line):\(start.column)" }
}
