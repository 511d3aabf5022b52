import MaskDiagnostics
import MaskImport
import MaskJSON

/// A tree that could not be read, as a record tools can read: where (source, line,
/// column, JSON path) and why. Like every maskc error it names keys, types and
/// positions, never a value from the tree.
struct ErrorRecord: Error, Sendable, Hashable {
    /// The problem, as the one diagnostic type (its file is the source as reported).
    var diagnostic: Diagnostic

    /// The input as reported: `--source-label`, a stream's `maskc-source` line, or the file.
    var source: String { diagnostic.range.file }
    /// 1-based line in the source.
    var line: Int { diagnostic.range.start.line }
    /// 1-based column, in characters.
    var column: Int { diagnostic.range.start.column }
    /// The JSON path of the value at fault; nil for a capture that is not JSON (XML).
    var path: String? { diagnostic.path }
    /// What is wrong.
    var message: String { diagnostic.message }

    /// The key an error record stands under in a stream of masked trees (`--on-error
    /// record`). No masked tree has a top-level member of that name.
    static let streamKey = "maskc-error"

    /// The record for an error reading one tree.
    init(_ error: any Error, source: String) {
        switch error {
        case let error as TreeError:
            self.init(diagnostic: error.diagnostic)
        case let error as ImportError:
            self.init(diagnostic: error.diagnostic)
        case let error as ErrorRecord:
            self = error
        default:
            // Every reader throws one of the above; anything else is named by its type
            // only, so that no value can reach the record.
            self.init(source: source, line: 1, column: 1, path: "$", message: "the tree cannot be read (\(type(of: error)))", reason: .invalid)
        }
    }

    /// The record of a diagnostic.
    init(diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// A record for a tree (its JSON path) or a capture (no path).
    init(source: String, line: Int, column: Int, path: String?, message: String, reason: TreeError.Reason) {
        let mark = SourceMark(line: line, column: column)
        self.diagnostic = Diagnostic(.error, reason.rawValue, message, at: SourceRange(file: source, at: mark), path: path,
                                subject: .tree)
    }

    /// `SOURCE:LINE:COL: error: MESSAGE at PATH`, as every maskc tree error reads (``Diagnostic/rendered``).
    var rendered: String { diagnostic.rendered }

    /// `{"column":C,"line":N,"message":...,"path":...,"rule":...,"source":...}` (keys sorted).
    var json: JSONValue {
        .object(["source": .string(source), "line": .int(line), "column": .int(column),
                 "path": path.map(JSONValue.string) ?? .null, "message": .string(message), "rule": .string(diagnostic.ruleID)])
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
