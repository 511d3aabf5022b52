import MaskJSON

/// The trees of a stream, one at a time, each with the source and line it is reported
/// under: the lines of an NDJSON file or standard input, or the files of a folder.
///
/// Sources: `--source-label` names the input (a folder's files keep their path below
/// it); a line `{"maskc-source": "part-00003"}` names the lines after it, whose line
/// numbers then start again at 1. A pipe stage fed one partition at a time (Spark's
/// `RDD.pipe`) reports every bad line as partition and line that way.
struct TreeStream {
    /// One tree to read: the source it is reported under, its bytes, and its first line.
    struct Unit: Sendable {
        var file: String
        var bytes: [UInt8]
        var firstLine: Int
    }

    /// The key of a line that names the source of the lines after it.
    static let sourceKey = "maskc-source"

    /// The name an input is reported under: the label for the input itself, and the
    /// label followed by the file's path below the folder for a folder's files.
    static func source(of file: String, input: String, label: String?) -> String {
        guard let label else { return file }
        guard file != input, file.hasPrefix(input) else { return label }
        var rest = file.dropFirst(input.count)
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        return label + "/" + rest
    }

    /// The label a line names, if it is exactly `{"maskc-source": STRING}` (whitespace
    /// allowed); nil for any other line, trees included.
    static func sourceDirective(_ line: [UInt8]) -> String? {
        // A cheap look first: `{`, then the key (every tree line fails here).
        var i = 0
        func skipSpace() { while i < line.count, line[i] == 0x20 || line[i] == 0x09 || line[i] == 0x0D { i += 1 } }
        skipSpace()
        guard i < line.count, line[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        skipSpace()
        let key = Array("\"\(sourceKey)\"".utf8)
        guard line.count - i > key.count, line[i..<(i + key.count)].elementsEqual(key) else { return nil }
        guard let tape = try? JSONReader.parse(line, limits: JSONLimits(maximumDepth: 2, maximumBytes: 1 << 16)),
              tape.tokens.count == 4, tape.tokens[0].kind == .objectStart, tape.tokens[2].kind == .string,
              tape.string(1) == sourceKey else { return nil }
        // A name goes into one-line messages: no control characters (no forged lines).
        let label = tape.string(2)
        guard !label.isEmpty, !label.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) else { return nil }
        return label
    }

    /// Reads an NDJSON file (or `-`) line by line, in blocks (memory stays flat): calls
    /// `body` with each line that is not a source line (blank lines only with
    /// `blankLines`: a stream that answers every line), and `tooLong` with the record for
    /// each line over `limit` bytes, which is never buffered.
    /// - Throws: ``FileIO/ReadError`` when the input cannot be read, or what the
    ///   closures throw.
    static func forEachLine(of file: String, source: String, limit: Int, blankLines: Bool = false,
                            _ body: (Unit) throws -> Void, tooLong: (ErrorRecord) throws -> Void) throws {
        var source = source
        var offset = 0
        try FileIO.forEachLine(file, limit: limit, blankLines: blankLines, { line, bytes in
            if bytes.count < 1 << 16, let label = sourceDirective(bytes) {
                source = label
                offset = line
                return
            }
            try body(Unit(file: source, bytes: bytes, firstLine: line - offset))
        }, tooLong: { line in
            try tooLong(ErrorRecord(source: source, line: line - offset, column: 1, path: "$",
                                    message: "line is longer than \(limit) bytes (raise it with --max-bytes)", reason: .limit))
        })
    }

    /// Reads one tree file whole, as a unit; a file over `limit` bytes is an error
    /// record, not read.
    /// - Throws: ``FileIO/Failure`` when the file cannot be read.
    static func readFile(_ file: String, source: String, limit: Int) throws(FileIO.Failure) -> Result<Unit, ErrorRecord> {
        do {
            return .success(Unit(file: source, bytes: try FileIO.read(file, limit: limit), firstLine: 1))
        } catch where error.isOverLimit {
            return .failure(ErrorRecord(source: source, line: 1, column: 1, path: "$", message: "tree is \(error.message)", reason: .limit))
        }
    }
}
