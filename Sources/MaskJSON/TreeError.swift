import MaskDiagnostics

/// A view tree that cannot be read: where (file, line:column, JSON path) and why.
///
/// The message names schema keys, types and positions, never a string value from the
/// tree; keys outside the schema are shown by position (``JSONPath``).
public struct TreeError: Error, Sendable, Hashable {
    /// The file as the user named it (`-` for standard input).
    public var file: String
    /// 1-based line of the problem in the file.
    public var line: Int
    /// 1-based column (in characters).
    public var column: Int
    /// The JSON path of the value at fault (`$.root.children[0].<key 3>`).
    public var path: String
    /// What is wrong.
    public var message: String
    /// What kind of problem, for callers that act on it (never on the message).
    public var reason: Reason = .invalid

    /// Kinds of problem callers act on; the raw value is the diagnostic's rule id.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The document cannot be read as a tree (for reasons not told apart below).
        case invalid = "invalid-tree"
        /// The document is not JSON, or is over a reader limit (size, depth).
        case syntax = "json-syntax"
        /// JSON, but not in the tree format (a missing `root`, a view that is not an
        /// object, a string where a number belongs, ...).
        case shape = "tree-shape"
        /// Over a limit the reader was given (bytes, nesting depth, line length).
        case limit = "input-limit"
        /// One complete JSON document followed by more data (a file of several
        /// documents is NDJSON, whatever its name).
        case trailingData = "trailing-data"
    }

    /// Creates an error.
    public init(file: String, line: Int, column: Int, path: String, message: String, reason: Reason = .invalid) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.reason = reason
    }

    /// The error as the one diagnostic type: rule id from ``reason``, the JSON path kept.
    public var diagnostic: Diagnostic {
        let mark = SourceMark(line: line, column: column)
        return Diagnostic(.error, reason.rawValue, message, at: SourceRange(file: file, at: mark), path: path, subject: .tree)
    }

    /// `FILE:LINE:COL: error: MESSAGE at PATH` (``Diagnostic/rendered``).
    public var rendered: String { diagnostic.rendered }

    /// Line and column (in characters) of a byte offset within `bytes` (``SourceMark/init(ofByte:in:)``).
    static func position<Bytes: Collection<UInt8>>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int) where Bytes.Index == Int {
        let mark = SourceMark(ofByte: offset, in: bytes)
        return (mark.line, mark.column)
    }
}

extension TreeError {
    /// An error at a byte offset of a JSON document held in memory, positioned by line
    /// and column.
    public init(file: String, bytes: [UInt8], offset: Int, path: String, message: String, reason: Reason = .invalid) {
        let (line, column) = Self.position(of: offset, in: bytes)
        self.init(file: file, line: line, column: column, path: path, message: message, reason: reason)
    }
}
