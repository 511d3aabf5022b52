/// Why a document is not JSON: the byte offset of the problem, a message and the JSON
/// path of the value being read. Never quotes the input.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    /// 0-based byte offset of the problem.
    public var offset: Int
    /// What is wrong.
    public var message: String
    /// Where, as a JSON path (`$.root.children[3]`): keys of the schema by name, any
    /// other key by position (``JSONPath/member(_:position:names:)``).
    public var path: String
    /// What kind of problem, for callers that act on it (never on the message).
    public var reason: TreeError.Reason = .syntax
}

/// Limits on what the JSON reader accepts.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of objects and arrays (a view takes two: its object and `children`).
    public var maximumDepth: Int
    /// The largest document, in bytes (the tape addresses bytes with 32 bits).
    public var maximumBytes: Int

    /// Creates limits.
    public init(maximumDepth: Int = 1_000_000, maximumBytes: Int = 1 << 30) {
        self.maximumDepth = maximumDepth
        self.maximumBytes = min(maximumBytes, Int(UInt32.max - 1))
    }

    /// A nesting of 1,000,000 (500,000 views deep) and 1 GiB.
    public static let standard = JSONLimits()
}
