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

    /// Kinds of problem callers act on.
    public enum Reason: Sendable, Hashable {
        /// The document cannot be read as a tree.
        case invalid
        /// One complete JSON document followed by more data (a file of several
        /// documents is NDJSON, whatever its name).
        case trailingData
    }

    /// Creates an error.
    public init(file: String, line: Int, column: Int, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `FILE:LINE:COL: error: MESSAGE at PATH`.
    public var rendered: String { "\(file):\(line):\(column): error: \(message) at \(path)" }

    /// Line and column (in characters) of a byte offset within `bytes` (``SourceMark/init(ofByte:in:)``).
    static func position<Bytes: Collection<UInt8>>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int) where Bytes.Index == Int {
        let mark = SourceMark(ofByte: offset, in: bytes)
        return (mark.line, mark.column)
    }
}

extension TreeError {
    /// An error at a byte offset of a JSON document held in memory, positioned by line
    /// and column.
    public init(file: String, bytes: [UInt8], offset: Int, path: String, message: String) {
        let (line, column) = Self.position(of: offset, in: bytes)
        self.init(file: file, line: line, column: column, path: path, message: message)
    }
}
