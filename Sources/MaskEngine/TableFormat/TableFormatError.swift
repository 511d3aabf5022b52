/// Why bytes are not a table this engine can load. Offsets count from the table's
/// first byte.
public enum TableFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer bytes than a header.
    case truncatedHeader(length: Int)
    /// The first four bytes are not `MTAB`.
    case notATable
    /// A format version this engine does not read.
    case unsupportedVersion(UInt16)
    /// Header flags this engine does not know.
    case unknownFlags(UInt16)
    /// The body is not as long as the header says (a table cut short, or bytes after it).
    case lengthMismatch(declared: UInt32, actual: Int)
    /// The body's SHA-256 is not the one in the header: the table was damaged.
    case digestMismatch
    /// The body ends inside a field.
    case truncated(offset: Int, field: TableField)
    /// A field holds a value the format does not allow.
    case invalidValue(offset: Int, field: TableField)
    /// A count is larger than the bytes left could hold.
    case countTooLarge(offset: Int, field: TableField, count: UInt32)
    /// A string reference past the end of the string table.
    case stringIndexOutOfRange(offset: Int, index: UInt32, count: Int)
    /// A string that is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// Bytes left after the last rule (version 2: after the last detector).
    case trailingBytes(offset: Int)
    /// A class's `extends` (the superclass field at `offset`) makes its chain, through
    /// the table's classes and the built-in catalog, loop or run past
    /// ``TypeCatalog/maximumChainLength`` classes: what a policy compiler refuses.
    case classChain(offset: Int, loops: Bool)

    /// One line, without the table's content.
    public var description: String {
        switch self {
        case .truncatedHeader(let length): return "the table is \(length) bytes, shorter than its \(TableFormat.headerSize)-byte header"
        case .notATable: return "not a maskc table (the file does not start with MTAB)"
        case .unsupportedVersion(let version): return "table format version \(version) is not supported (this engine reads versions \(TableFormat.readableVersions.lowerBound) to \(TableFormat.readableVersions.upperBound))"
        case .unknownFlags(let flags): return "unknown table flags \(flags)"
        case .lengthMismatch(let declared, let actual): return "the header says the body is \(declared) bytes, but \(actual) follow"
        case .digestMismatch: return "the table's SHA-256 does not match its content: it was damaged"
        case .truncated(let offset, let field): return "the table ends inside the \(field.rawValue) at byte \(offset)"
        case .invalidValue(let offset, let field): return "invalid \(field.rawValue) at byte \(offset)"
        case .countTooLarge(let offset, let field, let count): return "\(field.rawValue) \(count) at byte \(offset) is more than the table could hold"
        case .stringIndexOutOfRange(let offset, let index, let count): return "string \(index) at byte \(offset) is past the end of the string table (\(count) strings)"
        case .invalidUTF8(let offset): return "a string at byte \(offset) is not valid UTF-8"
        case .trailingBytes(let offset): return "unexpected bytes after the last rule, at byte \(offset)"
        case .classChain(let offset, let loops):
            return loops ? "the superclass at byte \(offset) makes a class chain that loops"
                : "the superclass at byte \(offset) makes a class chain longer than \(TypeCatalog.maximumChainLength) classes"
        }
    }
}

/// The fields of a table's body, as errors name them.
public enum TableField: String, Sendable, Hashable, CaseIterable {
    case stringCount = "string count"
    case stringLength = "string length"
    case string
    case defaultAction = "default action"
    case classCount = "class count"
    case className = "class name"
    case superclass
    case kind
    case recurse
    case ruleCount = "rule count"
    case action
    case selectorKey = "selector key"
    case selectorValue = "selector value"
    case tag
    case recursive
    case locked = "lock"
    case screen
    case reason
    case originFile = "origin file"
    case originLine = "origin line"
    case originColumn = "origin column"
    case dimensionDefault = "dimension default"
    case detectorCount = "detector count"
    case detector
}
