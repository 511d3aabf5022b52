import MaskPolicy

/// Expands the paths a command line names into the files to read: a file stays as
/// named (even if an exclude pattern matches it: naming it is asking for it), `-` is
/// standard input, and a folder is searched recursively, in sorted order, for the files
/// `accepts` takes, skipping hidden entries, links to folders, and whatever `exclude`
/// matches (a matched folder is not walked into).
struct InputFiles {
    /// What the files are, for messages (`trees`, `policies`).
    var what: String
    /// Which file names inside folders to take.
    var accepts: @Sendable (String) -> Bool
    /// Patterns of paths to leave out of folder searches.
    var exclude: [PathGlob] = []
    /// Report a path that cannot be read and go on (instead of ending the run).
    var keepGoing = false
    /// For files found in folders: whether the content is what the command reads (a
    /// policy among other YAML files, such as CI workflows). Files named are always taken.
    var sniff: (@Sendable ([UInt8]) -> Bool)? = nil
    /// Treat files named like files found in folders: skip those `exclude` matches or
    /// `sniff` refuses (`--filter-files`, for tools that pass every changed file).
    var filterNamed = false

    /// The files, and how many named paths could not be read (only with ``keepGoing``;
    /// without it the first one ends the run with exit 2).
    func expand(_ paths: [String]) throws(Reported) -> (files: [String], unreadable: Int) {
        var files: [String] = []
        var unreadable = 0
        for path in paths {
            if path == "-" {
                files.append(path)
                continue
            }
            guard let status = System.status(atPath: path) else {
                FileIO.printError("maskc: error: cannot read \(what) '\(path)': \(FileIO.systemError())")
                guard keepGoing else { throw Reported(status: .usage) }
                unreadable += 1
                continue
            }
            if status.isDirectory {
                files += walk(path)
            } else if !filterNamed || takes(path) {
                files.append(path)
            }
        }
        return (files, unreadable)
    }

    /// Whether a file passes `exclude` and `sniff` (a file that cannot be read is
    /// taken, and reported when it is read).
    private func takes(_ path: String) -> Bool {
        if exclude.excludes(path) { return false }
        guard let sniff else { return true }
        return (try? FileIO.read(path, limit: 1 << 24)).map(sniff) ?? true
    }

    private func walk(_ root: String) -> [String] {
        var found: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let names = System.directoryEntries(folder) else {
                FileIO.printWarning("maskc: warning: cannot read folder '\(folder)': \(FileIO.systemError()); skipped")
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                if exclude.excludes(path) { continue }
                guard let status = System.status(atPath: path) else { continue }
                if status.isDirectory {
                    // Links to folders are not followed (as `find` does not): a link to
                    // a folder above would read the same files again and again.
                    if System.isSymbolicLink(path) { continue }
                    pending.append(path)
                } else if accepts(name), takes(path) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}

extension InputFiles {
    /// View trees and captures: `.json`, `.ndjson`, `.jsonl`, `.xml`, in any case
    /// (`CAPTURE.JSON` from a case-insensitive file system is a tree too).
    static func trees(exclude: [PathGlob] = [], keepGoing: Bool = false) -> InputFiles {
        InputFiles(what: "trees", accepts: { name in TreeInputs.extensions.contains { TreeInputs.hasExtension(name, $0) } },
                   exclude: exclude, keepGoing: keepGoing)
    }

    /// Policies: `.yaml` and `.yml` files that are not policy tests (`.masktest.yaml`)
    /// and, found in a folder, have a top-level `version:` line (so a CI workflow or
    /// other YAML beside them is not taken for one).
    static func policies(exclude: [PathGlob] = [], keepGoing: Bool = false) -> InputFiles {
        InputFiles(what: "policy", accepts: isPolicyFile, exclude: exclude, keepGoing: keepGoing,
                   sniff: { looksLike(policyWith: "version", $0) })
    }

    /// Policies and policy tests (for `fmt`): found in a folder, a `.yaml`/`.yml` file
    /// with a top-level `version:` (a policy) or `policy:` (a test) line.
    static func policiesAndTests(exclude: [PathGlob] = []) -> InputFiles {
        InputFiles(what: "policy", accepts: { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }, exclude: exclude,
                   sniff: { looksLike(policyWith: "version", $0) || looksLike(policyWith: "policy", $0) })
    }

    /// Whether `bytes` read as YAML has the top-level key `key`, as the compiler reads
    /// it (in any style: `? version`, `"v\x65rsion"`, `--- {version: 1}`). A file the
    /// policy reader refuses (other YAML may use anchors, say) is looked at line by line:
    /// a line starting with the key (after a byte order mark), or a document written as
    /// one flow mapping (`{` first) that names it. Erring towards yes: a file taken that
    /// is not a policy gets errors, a policy skipped would get no check at all.
    static func looksLike(policyWith key: String, _ bytes: [UInt8]) -> Bool {
        let (root, diagnostics) = YAMLReader(file: "").read(bytes)
        if let root, !diagnostics.contains(where: { $0.severity == .error }) {
            return root.pairs?.contains { $0.name == key } ?? false
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if startsLine(of: Array(body), with: key) { return true }
        // The first character that is not blank or in a comment.
        var index = body.startIndex, inComment = false
        while index < body.endIndex {
            let byte = body[index]
            if inComment { if byte == 0x0A { inComment = false } } else if byte == UInt8(ascii: "#") { inComment = true } else if byte > 0x20 { break }
            index += 1
        }
        guard index < body.endIndex, body[index] == UInt8(ascii: "{") else { return false }
        let name = Array(key.utf8)
        return body.indices.contains { body[$0...].starts(with: name) }
    }

    /// Whether a line of `bytes` starts with the mapping key `key` at column 1, plain or
    /// quoted (`version:`, `"version" :`, `'version':`).
    static func startsLine(of bytes: [UInt8], with key: String) -> Bool {
        let name = Array(key.utf8)
        var index = 0
        while index < bytes.count {
            var i = index
            let quote = bytes[i] == 0x22 || bytes[i] == 0x27 ? bytes[i] : nil
            if quote != nil { i += 1 }
            if bytes.count - i >= name.count && bytes[i..<i + name.count].elementsEqual(name) {
                i += name.count
                if let quote { i = i < bytes.count && bytes[i] == quote ? i + 1 : bytes.count }
                while i < bytes.count && bytes[i] == 0x20 { i += 1 }
                if i < bytes.count && bytes[i] == 0x3A { return true }
            }
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return false }
            index = newline + 1
        }
        return false
    }

    /// Policy tests: `.masktest.yaml` files.
    static func policyTests(exclude: [PathGlob] = []) -> InputFiles {
        InputFiles(what: "test file", accepts: { $0.hasSuffix(".masktest.yaml") }, exclude: exclude)
    }

    @Sendable static func isPolicyFile(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasSuffix(".masktest.yaml") && !name.hasSuffix(".masktest.yml")
    }
}
