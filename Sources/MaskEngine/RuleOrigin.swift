/// Where a rule was written, so every decision can name its source.
///
/// The engine does not know the policy's syntax; a front end fills this in.
public struct RuleOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The policy file as the user named it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates an origin.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COL`.
    public var description: String { "\(file):\(line):\(column)" }
}
