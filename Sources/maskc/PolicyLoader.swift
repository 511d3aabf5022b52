import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy

/// Reads and compiles a policy for the commands that need a table, reporting problems
/// on standard error.
enum PolicyLoader {
    static func load(_ path: String) throws(Reported) -> (DecisionTable, ParsedPolicy) {
        let (table, parsed, _) = try loadLayered(path)
        return (table, parsed)
    }

    /// ``load(_:)``, with the files of the policy's chain (empty without `extends:`).
    static func loadLayered(_ path: String) throws(Reported) -> (DecisionTable, ParsedPolicy, [String]) {
        let (_, compilation) = try compile(path, printing: { compilation, _ in compilation.diagnostics })
        guard let table = compilation.table, let parsed = compilation.parsed else { throw Reported(status: .invalidPolicy) }
        return (table, parsed, compilation.layers)
    }

    /// Reads and compiles a policy, printing the diagnostics `printing` picks from the
    /// compilation; fails with exit 3 when it does not compile.
    /// - Returns: the file's bytes and the compilation, which then has a table.
    ///   `printing` gets the compilation and the file's bytes.
    static func compile(_ path: String, printing: (PolicyCompilation, [UInt8]) -> [Diagnostic]) throws(Reported) -> ([UInt8], PolicyCompilation) {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: PolicyLimits.standard.maximumBytes)
        } catch {
            FileIO.printError("maskc: error: cannot read policy '\(path)': \(error.message)")
            throw Reported(status: .usage)
        }
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
