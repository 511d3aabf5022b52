import MaskEngine

/// Strings labelled with the kinds of personal data they hold, to measure the value
/// detectors against (Tests/Fixtures/Detectors/corpus.tsv).
///
/// One string a line, four tab-separated columns: `source`, `expected`, `known`, `text`.
/// `expected` lists the kinds the string holds, comma-separated, or `-`. `known` is `-`,
/// or the detectors' known errors on it: `miss:KIND` (held, not found) and `extra:KIND`
/// (found, not held). `text` is the rest of the line, with `\t`, `\n` and `\\` escaped.
/// Blank lines and lines starting with `#` are comments.
public struct DetectorCorpus: Sendable {
    /// One labelled string.
    public struct Entry: Sendable, Hashable {
        /// The 1-based line it is on.
        public var line: Int
        /// Where the string comes from: a capture or example file, `issue`, or `synthetic`.
        public var source: String
        /// The kinds of personal data the string holds.
        public var expected: Set<SensitiveKind>
        /// Kinds it holds that the detectors are known to miss.
        public var knownMisses: Set<SensitiveKind>
        /// Kinds it does not hold that the detectors are known to report.
        public var knownExtras: Set<SensitiveKind>
        /// The string.
        public var text: String

        /// What the detectors report on this string: the expected kinds, less the known
        /// misses, plus the known extras.
        public var detectedWithKnownErrors: Set<SensitiveKind> { expected.subtracting(knownMisses).union(knownExtras) }

        /// Whether the string was written for the corpus rather than taken from a capture,
        /// an example or an issue report.
        public var isSynthetic: Bool { source == "synthetic" }
    }

    /// A line that does not follow the format.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Fewer than four columns.
        case missingColumns(line: Int, found: Int)
        /// A name that is not one of the kinds the value detectors report.
        case unknownKind(line: Int, String)
        /// A `known` entry that is neither `miss:KIND` of an expected kind nor
        /// `extra:KIND` of a kind not expected.
        case badKnownError(line: Int, String)
        /// A backslash not followed by `t`, `n` or `\`.
        case badEscape(line: Int)
        /// The same text on two lines.
        case duplicate(line: Int, firstLine: Int)

        public var description: String {
            switch self {
            case let .missingColumns(line, found):
                return "line \(line): expected 4 tab-separated columns (source, expected, known, text), found \(found)"
            case let .unknownKind(line, name):
                return "line \(line): unknown kind '\(name)' (one of \(SensitiveKind.valueKinds.map(\.rawValue).joined(separator: ", ")))"
            case let .badKnownError(line, entry):
                return "line \(line): '\(entry)' is not miss:KIND of an expected kind nor extra:KIND of a kind not expected"
            case let .badEscape(line):
                return "line \(line): a backslash in the text must be followed by t, n or \\"
            case let .duplicate(line, firstLine):
                return "line \(line): the same text as line \(firstLine)"
            }
        }
    }

    /// The labelled strings, in file order.
    public var entries: [Entry]

    /// Reads a corpus.
    ///
    /// - Throws: `DetectorCorpus.Error` for the first line that does not follow the format.
    /// - Complexity: O(n) in the length of `contents`.
    public init(parsing contents: String) throws(Error) {
        entries = []
        var seen: [String: Int] = [:]
        for (offset, rawLine) in contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = offset + 1
            if rawLine.allSatisfy(\.isWhitespace) || rawLine.hasPrefix("#") { continue }
            let columns = rawLine.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard columns.count == 4 else { throw .missingColumns(line: line, found: columns.count) }
            let expected = try Self.kinds(columns[1], line: line)
            var misses: Set<SensitiveKind> = [], extras: Set<SensitiveKind> = []
            if columns[2] != "-" {
                for item in columns[2].split(separator: ",") {
                    let parts = item.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, let kind = SensitiveKind(rawValue: String(parts[1])), SensitiveKind.valueKinds.contains(kind) else {
                        throw .badKnownError(line: line, String(item))
                    }
                    switch parts[0] {
                    case "miss" where expected.contains(kind): misses.insert(kind)
                    case "extra" where !expected.contains(kind): extras.insert(kind)
                    default: throw .badKnownError(line: line, String(item))
                    }
                }
            }
            let text = try Self.unescape(columns[3], line: line)
            if let first = seen[text] { throw .duplicate(line: line, firstLine: first) }
            seen[text] = line
            entries.append(Entry(line: line, source: String(columns[0]), expected: expected, knownMisses: misses, knownExtras: extras, text: text))
        }
    }

    private static func kinds(_ column: Substring, line: Int) throws(Error) -> Set<SensitiveKind> {
        guard column != "-" else { return [] }
        var kinds: Set<SensitiveKind> = []
        for name in column.split(separator: ",") {
            guard let kind = SensitiveKind(rawValue: String(name)), SensitiveKind.valueKinds.contains(kind) else { throw .unknownKind(line: line, String(name)) }
            kinds.insert(kind)
        }
        return kinds
    }

    private static func unescape(_ text: Substring, line: Int) throws(Error) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "\\": result.append("\\")
                default: throw .badEscape(line: line)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { throw .badEscape(line: line) }
        return result
    }
}
