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

    /// Whether a file holds one tree per line, by its extension.
    static func isLineDelimited(_ path: String) -> Bool {
        path.hasSuffix(".ndjson") || path.hasSuffix(".jsonl")
    }

    /// Expands folders into their tree files.
    static func files(_ paths: [String]) throws(Reported) -> [String] {
        var result: [String] = []
        for path in paths {
            guard let status = System.status(atPath: path) else {
                FileIO.printError("maskc: error: cannot read trees '\(path)': \(FileIO.systemError())")
                throw Reported(status: .usage)
            }
            if status.isDirectory {
                result += walk(path)
            } else {
                result.append(path)
            }
        }
        return result
    }

    private static func walk(_ root: String) -> [String] {
        var found: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let names = System.directoryEntries(folder) else { continue }
            for name in names {
                if name.hasPrefix(".") { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                guard let status = System.status(atPath: path) else { continue }
                if status.isDirectory {
                    pending.append(path)
                } else if extensions.contains(where: { name.hasSuffix($0) }) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// Reads every tree of every file, calling `body` for each; unreadable trees are
    /// reported on standard error and counted.
    /// - Returns: how many trees could not be read.
    static func forEachTree(in files: [String], masker: TreeMasker, format: InputFormat = .auto, _ body: (Item) -> Void) throws(Reported) -> Int {
        var failures = 0
        for file in files {
            if isLineDelimited(file) {
                failures += try forEachLine(of: file, masker: masker, format: format, body)
                continue
            }
            let bytes = try PolicyLoader.readInput(file, what: "tree")
            do {
                body(Item(name: file, document: try format.read(bytes, file: file, masker: masker), file: file))
            } catch {
                // A file of several JSON documents is NDJSON whatever its name.
                guard let treeError = error as? TreeError, treeError.reason == .trailingData else {
                    FileIO.printError(renderedReadError(error))
                    failures += 1
                    continue
                }
                for (line, slice) in NDJSONLines(bytes) {
                    do {
                        body(Item(name: "\(file):\(line)", document: try format.read(Array(slice), file: file, firstLine: line, masker: masker),
                                  file: file, firstLine: line))
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
    private static func forEachLine(of file: String, masker: TreeMasker, format: InputFormat, _ body: (Item) -> Void) throws(Reported) -> Int {
        var failures = 0
        let limit = masker.limits.maximumBytes
        do {
            try FileIO.forEachLine(file, limit: limit, { line, bytes in
                do {
                    body(Item(name: "\(file):\(line)", document: try format.read(bytes, file: file, firstLine: line, masker: masker),
                                  file: file, firstLine: line))
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
            throw Reported(status: .usage)
        }
        return failures
    }
}
