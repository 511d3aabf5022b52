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

    /// A range covering only the start of a file (for findings about the whole file).
    public static func fileStart(_ file: String) -> SourceRange {
        SourceRange(file: file, start: SourceMark(line: 1, column: 1), end: SourceMark(line: 1, column: 1))
    }

    /// `FILE:LINE:COL` of the start.
    public var location: String { "\(file):\(start.line):\(start.column)" }
}
