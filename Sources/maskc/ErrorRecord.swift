import MaskImport
import MaskJSON

/// A tree that could not be read, as a record tools can read: where (source, line,
/// column, JSON path) and why. Like every maskc error it names keys, types and
/// positions, never a value from the tree.
struct ErrorRecord: Error, Sendable, Hashable {
    /// The input as reported: `--source-label`, a stream's `maskc-source` line, or the file.
    var source: String
    /// 1-based line in the source.
    var line: Int
    /// 1-based column, in characters.
    var column: Int
    /// The JSON path of the value at fault; nil for a capture that is not JSON (XML).
    var path: String?
    /// What is wrong.
    var message: String

    /// The key an error record stands under in a stream of masked trees (`--on-error
    /// record`). No masked tree has a top-level member of that name.
    static let streamKey = "maskc-error"

    /// The record for an error reading one tree.
    init(_ error: any Error, source: String) {
        switch error {
        case let error as TreeError:
            self.init(source: error.file, line: error.line, column: error.column, path: error.path, message: error.message)
        case let error as ImportError:
            self.init(source: error.file, line: error.line, column: error.column, path: nil, message: error.message)
        case let error as ErrorRecord:
            self = error
        default:
            // Every reader throws one of the above; anything else is named by its type
            // only, so that no value can reach the record.
            self.init(source: source, line: 1, column: 1, path: "$", message: "the tree cannot be read (\(type(of: error)))")
        }
    }

    init(source: String, line: Int, column: Int, path: String?, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `SOURCE:LINE:COL: error: MESSAGE at PATH`, as every maskc tree error reads.
    var rendered: String {
        "\(source):\(line):\(column): error: \(message)" + (path.map { " at \($0)" } ?? "")
    }

    /// `{"column":C,"line":N,"message":...,"path":...,"source":...}` (keys sorted).
    var json: JSONValue {
        .object(["source": .string(source), "line": .int(line), "column": .int(column),
                 "path": path.map(JSONValue.string) ?? .null, "message": .string(message)])
    }

    /// The record as a line of an errors file (`--errors`).
    var errorsFileLine: [UInt8] {
        var out: [UInt8] = []
        json.write(to: &out, pretty: false)
        out.append(0x0A)
        return out
    }

    /// The record as a line in place of a tree: `{"maskc-error":{...}}`.
    var streamLine: [UInt8] {
        var out: [UInt8] = []
        JSONValue.object([Self.streamKey: json]).write(to: &out, pretty: false)
        out.append(0x0A)
        return out
    }
}
