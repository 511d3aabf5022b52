import MaskDiagnostics
/// A capture that cannot be converted: where (file, line:column) and why.
///
/// The message names elements, attributes, keys and positions, never a value from the
/// capture (attribute values and texts are user data).
public struct ImportError: Error, Sendable, Hashable {
    /// The file as the user named it.
    public var file: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// What is wrong.
    public var message: String
    /// What kind of problem, for callers that act on it (never on the message).
    public var reason: Reason

    /// Kinds of problem; the raw value is the diagnostic's rule id.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Not text in an encoding the importers read (UTF-8, UTF-16 with a byte order mark).
        case encoding = "capture-encoding"
        /// Not well-formed XML, or for Rico not JSON.
        case syntax = "capture-syntax"
        /// Well-formed, but not a capture of the format (no view element, a value of the
        /// wrong type).
        case shape = "capture-shape"
        /// The whole input reads as more than one format, or as none for certain.
        case ambiguous = "ambiguous-format"
    }

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.reason = reason
    }

    /// The error as the one diagnostic type, rule id from ``reason``.
    public var diagnostic: Diagnostic {
        let mark = SourceMark(line: line, column: column)
        return Diagnostic(.error, reason.rawValue, message, at: SourceRange(file: file, at: mark), subject: .capture)
    }

    /// `FILE:LINE:COL: error: MESSAGE` (``Diagnostic/rendered``).
    public var rendered: String { diagnostic.rendered }

    /// An error at a byte offset of the (UTF-8) text.
    init(file: String, bytes: [UInt8], offset: Int, message: String, reason: Reason) {
        let (line, column) = Self.position(of: offset, in: bytes)
        self.init(file: file, line: line, column: column, message: message, reason: reason)
    }

    /// Line and column (in characters) of a byte offset within UTF-8 `bytes`.
    static func position<Bytes: Collection<UInt8>>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int) where Bytes.Index == Int {
        let mark = SourceMark(ofByte: offset, in: bytes)
        return (mark.line, mark.column)
    }
}
