/// Whether two paths name one file, however they are written (`x.nd`, `./x.nd`,
/// `dir/../x.nd`, a link): an errors file must not be the output or an input, or one
/// would overwrite the other.
enum PathIdentity {
    /// What identifies the file a path names: an existing file by its device and inode;
    /// one not yet created by its folder's identity and its name; else the path made
    /// absolute with `.` and `..` resolved.
    static func key(_ path: String) -> String {
        if let status = System.status(atPath: path) { return "file \(status.identity.device) \(status.identity.inode)" }
        let absolute = normalized(path)
        let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        let name = String(absolute[absolute.index(after: slash)...])
        if let status = System.status(atPath: folder) {
            return "in \(status.identity.device) \(status.identity.inode) \(name)"
        }
        return "path " + absolute
    }

    /// Whether `a` and `b` name one file (standard streams, `-`, never do).
    static func same(_ a: String, _ b: String) -> Bool {
        guard a != "-", b != "-" else { return false }
        return a == b || key(a) == key(b)
    }

    /// `path` made absolute (against the current folder) with `.`, `..` and repeated
    /// `/` resolved, without following links.
    static func normalized(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : (System.currentDirectory() ?? ".") + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Stops the run (exit 2) when `--errors` names the output or one of the inputs.
    static func checkErrorsFile(_ errors: String?, output: String?, inputs: [String]) throws(Reported) {
        guard let errors, errors != "-" else { return }
        // Each is written under a temporary name first (`.maskc-partial`): one's final
        // name must not be the other's temporary one either.
        // Through links, as the output is written (to its target's folder).
        let partial = ".maskc-partial"
        let errorsTarget = System.destination(of: errors)
        if let output, output != "-", case let outputTarget = System.destination(of: output),
           same(errors, output) || same(errorsTarget, outputTarget + partial) || same(errorsTarget + partial, outputTarget)
            || same(errors, output + partial) || same(errors + partial, output) {
            FileIO.printError("maskc: error: --errors and -o name the same file, or one the other's temporary file ('\(errors)', '\(output)')")
            throw Reported(status: .usage)
        }
        if let input = inputs.first(where: { same(errors, $0) }) {
            FileIO.printError("maskc: error: --errors names an input file ('\(input)'): it would be overwritten")
            throw Reported(status: .usage)
        }
    }
}
