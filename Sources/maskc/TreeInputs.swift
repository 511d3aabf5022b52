import MaskEngine
import MaskJSON

/// The trees named on a command line: files, folders (searched recursively for
/// `.json`, `.ndjson` and `.jsonl` files, in sorted order) and NDJSON files (one tree per
/// line, by extension or because the file holds more than one document).
struct TreeInputs {
    /// A tree read, with the name findings use for it (`file` or `file:line`).
    struct Item {
        var name: String
        var document: TreeDocument
        /// The file, and the line of it the tree starts on (for errors found later).
        var file = ""
        var firstLine = 1
    }

    static let extensions = [".json", ".ndjson", ".jsonl", ".xml"]

    /// Whether a path is a folder.
    static func isDirectory(_ path: String) -> Bool {
        System.status(atPath: path)?.isDirectory ?? false
    }

    /// Whether a file holds one tree per line, by its extension (in any case).
    static func isLineDelimited(_ path: String) -> Bool {
        hasExtension(path, ".ndjson") || hasExtension(path, ".jsonl")
    }

    /// Whether `name` ends with `suffix` (ASCII, lower case), in any case.
    static func hasExtension(_ name: String, _ suffix: String) -> Bool {
        let tail = name.utf8.suffix(suffix.utf8.count)
        return tail.count == suffix.utf8.count && zip(tail, suffix.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
    }

    /// Expands folders into their tree files (see ``InputFiles``).
    static func files(_ paths: [String]) throws(Reported) -> [String] {
        try InputFiles.trees().expand(paths).files
    }

    /// Reads every tree of every file, calling `body` for each; unreadable trees are
    /// reported on standard error and counted.
    /// - Returns: how many trees could not be read.
    /// With `keepGoing`, a file that cannot be opened or is over the size limit is
    /// reported and counted too, instead of ending the run.
    static func forEachTree(in files: [String], masker: TreeMasker, format: InputFormat = .auto, keepGoing: Bool = false,
                            _ body: (Item) -> Void) throws(Reported) -> Int {
        var failures = 0
        for file in files {
            if isLineDelimited(file) {
                failures += try forEachLine(of: file, masker: masker, format: format, keepGoing: keepGoing, body)
                continue
            }
            guard let bytes = try PolicyLoader.readInput(file, what: "tree", keepGoing: keepGoing) else {
                failures += 1
                continue
            }
            do {
                body(Item(name: file, document: try format.read(bytes, file: file, masker: masker), file: file))
            } catch {
                // A file of several JSON documents is NDJSON whatever its name.
                guard let treeError = error as? TreeError, treeError.reason == .trailingData else {
                    FileIO.printError(renderedReadError(error))
                    failures += 1
                    continue
                }
                var source = StreamSource(file: file)
                for (line, slice) in NDJSONLines(bytes) {
                    let lineBytes = Array(slice)
                    guard let (name, number) = source.place(of: lineBytes, at: line) else { continue }
                    do {
                        body(Item(name: "\(name):\(number)", document: try format.read(lineBytes, file: name, firstLine: number, masker: masker),
                                  file: name, firstLine: number))
                    } catch {
                        FileIO.printError(renderedReadError(error))
                        failures += 1
                    }
                }
            }
        }
        return failures
    }

    /// Reads an NDJSON file line by line (memory stays flat however long it is).
    private static func forEachLine(of file: String, masker: TreeMasker, format: InputFormat, keepGoing: Bool,
                                    _ body: (Item) -> Void) throws(Reported) -> Int {
        var failures = 0
        let limit = masker.limits.maximumBytes
        var source = StreamSource(file: file)
        do {
            try FileIO.forEachLine(file, limit: limit, { line, bytes in
                guard let (name, number) = source.place(of: bytes, at: line) else { return }
                do {
                    body(Item(name: "\(name):\(number)", document: try format.read(bytes, file: name, firstLine: number, masker: masker),
                                  file: name, firstLine: number))
                } catch {
                    FileIO.printError(renderedReadError(error))
                    failures += 1
                }
            }, tooLong: { line in
                FileIO.printError("\(file):\(line):1: error: line is longer than \(limit) bytes at $")
                failures += 1
            })
        } catch {
            FileIO.printError("maskc: error: cannot read trees '\(file)': \((error as? FileIO.ReadError)?.message ?? "\(error)")")
            guard keepGoing else { throw Reported(status: .usage) }
            failures += 1
        }
        return failures
    }
}

/// Where a line of an NDJSON stream is, as `apply` reports it: a line that is exactly
/// `{"maskc-source": "NAME"}` names the lines after it, counted from 1 again, and is
/// not a tree itself (``TreeStream/sourceDirective(_:)``).
struct StreamSource {
    var file: String
    private var label: String?
    private var base = 0

    init(file: String) { self.file = file }

    /// The name and line number of the line at `line` of the file, or nil for a
    /// `maskc-source` line, which is read as a name, not a tree.
    mutating func place(of bytes: [UInt8], at line: Int) -> (String, Int)? {
        if let named = TreeStream.sourceDirective(bytes) {
            label = named
            base = line
            return nil
        }
        return label.map { ($0, line - base) } ?? (file, line)
    }
}
