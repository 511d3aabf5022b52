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

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COL: error: MESSAGE`.
    public var rendered: String { "\(file):\(line):\(column): error: \(message)" }

    /// An error at a byte offset of the (UTF-8) text.
    init(file: String, bytes: [UInt8], offset: Int, message: String) {
        let (line, column) = Self.position(of: offset, in: bytes)
        self.init(file: file, line: line, column: column, message: message)
    }

    /// Line and column (in characters) of a byte offset within UTF-8 `bytes`.
    static func position<Bytes: Collection<UInt8>>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int) where Bytes.Index == Int {
        let mark = SourceMark(ofByte: offset, in: bytes)
        return (mark.line, mark.column)
    }
}
