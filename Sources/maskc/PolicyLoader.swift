import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy

/// Reads and compiles a policy for the commands that need a table, reporting problems
/// on standard error. Where a command masks, a policy may also be a portable table
/// (`maskc compile P --emit table`), recognised by its first bytes, so what an app
/// downloads can be run on captures as the YAML it came from.
enum PolicyLoader {
    /// The table of the YAML policy or portable table at `path`.
    static func load(_ path: String) throws(Reported) -> DecisionTable {
        let bytes = try read(path)
        if TableFormat.isTable(bytes) { return DecisionTable(policy: try decodeTable(bytes, path: path)) }
        // What `check` would call an error and that leaves text the policy meant to mask
        // in clear (a misspelt masked class, a screen with a stray space, a secure class
        // made another kind) is said on standard error; the policy is applied as written.
        let (_, compilation) = try compile(bytes, path: path, printing: { compilation, bytes in
            compilation.diagnostics + maskingWarnings(compilation, source: bytes, path: path, as: "applied as written")
        })
        guard let table = compilation.table else { throw Reported(status: .invalidPolicy) }
        return table
    }

    /// `check`'s errors that leave text the policy meant to mask in clear
    /// (``PolicyLinter/maskingErrors(_:source:file:)``), as warnings saying the policy
    /// is `used` ("applied as written", "written as it is").
    static func maskingWarnings(_ compilation: PolicyCompilation, source: [UInt8], path: String, as used: String) -> [Diagnostic] {
        PolicyLinter.maskingErrors(compilation, source: source, file: path).map { finding in
            var warning = finding
            warning.severity = .warning
            warning.message += " ('maskc check' reports this as an error; the policy is \(used))"
            return warning
        }
    }

    /// The policy a portable table holds, verified (header, digest, every field).
    /// A table that fails is reported with what is wrong and its byte offset; exit 3.
    static func decodeTable(_ bytes: [UInt8], path: String) throws(Reported) -> MaskingPolicy {
        do {
            return try TableFormat.decode(bytes)
        } catch {
            FileIO.printError("\(path): error: not a valid policy table: \(error.description); nothing was written")
            throw Reported(status: .invalidPolicy)
        }
    }

    /// Reads and compiles a YAML policy, printing the diagnostics `printing` picks from
    /// the compilation; fails with exit 3 when it does not compile, and with exit 2 when
    /// the file is a portable table.
    /// - Returns: the file's bytes and the compilation, which then has a table.
    ///   `printing` gets the compilation and the file's bytes.
    static func compile(_ path: String, printing: (PolicyCompilation, [UInt8]) -> [Diagnostic]) throws(Reported) -> ([UInt8], PolicyCompilation) {
        let bytes = try read(path)
        if refusesTable(bytes, path: path) { throw Reported(status: .usage) }
        return try compile(bytes, path: path, printing: printing)
    }

    /// Whether `bytes` are a portable table where a command needs YAML (`check`, `fmt`,
    /// `compile --emit`); if so, says so on standard error. The caller exits 2.
    static func refusesTable(_ bytes: [UInt8], path: String) -> Bool {
        guard TableFormat.isTable(bytes) else { return false }
        FileIO.printError("\(path): error: a compiled policy table, not a YAML policy; this needs the YAML the table was compiled from")
        return true
    }

    /// A policy file's bytes (`-` is standard input); exit 2 when it cannot be read.
    static func read(_ path: String) throws(Reported) -> [UInt8] {
        do {
            return try FileIO.read(path, limit: PolicyLimits.standard.maximumBytes)
        } catch {
            FileIO.printError("maskc: error: cannot read policy '\(path)': \(error.message)")
            throw Reported(status: .usage)
        }
    }

    /// Compiles a YAML policy's bytes, read from `path`, printing what `printing` picks.
    static func compile(_ bytes: [UInt8], path: String, printing: (PolicyCompilation, [UInt8]) -> [Diagnostic]) throws(Reported) -> ([UInt8], PolicyCompilation) {
        let compilation = PolicyCompiler.compile(bytes, file: path, read: readBase)
        // A base's diagnostics point into the base: no excerpt from this file's bytes.
        for diagnostic in printing(compilation, bytes) { FileIO.printDiagnostic(diagnostic, source: diagnostic.range.file == path ? bytes : nil) }
        guard !compilation.failed, compilation.parsed != nil else {
            let count = compilation.diagnostics.filter { $0.severity == .error }.count
            FileIO.printError("maskc: error: policy '\(path)' does not compile (\(count) error\(count == 1 ? "" : "s")); nothing was written")
            throw Reported(status: .invalidPolicy)
        }
        return (bytes, compilation)
    }

    /// Reads a base policy `extends:` names, from the file system.
    static func readBase(_ path: String) -> Result<[UInt8], PolicyReadFailure> {
        do {
            return .success(try FileIO.read(path, limit: PolicyLimits.standard.maximumBytes))
        } catch {
            return .failure(PolicyReadFailure(message: error.message))
        }
    }

    /// ``readInput(_:what:limit:)``, but with `keepGoing` a file that cannot be read is
    /// reported and gives nil instead of ending the run.
    static func readInput(_ path: String, what: String, keepGoing: Bool) throws(Reported) -> [UInt8]? {
        do {
            return try readInput(path, what: what)
        } catch {
            if keepGoing { return nil }
            throw error
        }
    }

    static func readInput(_ path: String, what: String, limit: Int = JSONLimits.standard.maximumBytes) throws(Reported) -> [UInt8] {
        do {
            return try FileIO.read(path, limit: limit)
        } catch where error.isOverLimit {
            FileIO.printError("\(path):1:1: error: \(what) is \(error.message) at $")
            throw Reported(status: .invalidTree)
        } catch {
            FileIO.printError("maskc: error: cannot read \(what) '\(path)': \(error.message)")
            throw Reported(status: .usage)
        }
    }
}
