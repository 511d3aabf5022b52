import ArgumentParser
import MaskDiagnostics
import MaskEngine
import MaskPolicy

/// What `maskc compile --emit` writes: the forms a compiled policy ships in.
enum CompileEmission: String, ExpressibleByArgument, CaseIterable {
    /// Swift source building the table with no parsing at run time (Docs/compiled-policy.md).
    case swift
    /// The portable binary table devices load and verify (``TableFormat``).
    case table
}

extension CompileCommand {
    /// Checks the options that go with `--emit` (exit 2 on a misuse).
    func validateEmission() throws {
        guard let emit else {
            for (given, option) in [(name != nil, "--name"), (output != nil, "--output"), (sourceLabel != nil, "--source-label"), (check, "--check")] where given {
                throw ValidationError("\(option) goes with --emit swift or --emit table")
            }
            return
        }
        if format != nil { throw ValidationError("--format lists the table; it does not go with --emit") }
        if let name, emit != .swift { throw ValidationError("--name '\(name)' goes with --emit swift") }
        if let name, !SwiftTypeName.isValid(name) {
            throw ValidationError("--name '\(name)' is not a Swift type name the generated code can use (a letter or '_', then letters, digits and '_'; not a keyword, nor a type the code refers to: \(SwiftTypeName.referenced.sorted().joined(separator: ", ")))")
        }
        if emit == .table, output == nil || output == "-" {
            throw ValidationError("--emit table writes binary: name a file with -o")
        }
    }

    /// `--emit swift` and `--emit table`: compiles (and with `--check`, lints) the
    /// policy, then writes the form asked for. Nothing is written when either fails.
    /// Without `--check`, `check`'s masking errors are printed as warnings.
    func runEmission(_ emit: CompileEmission) throws {
        var lintErrors = 0
        let (bytes, compilation) = try PolicyLoader.compile(policy) { compilation, bytes in
            // Without --check, what would leave text in clear is still said (the shipped
            // policy is what the app runs); the policy is written as it is.
            guard check else { return compilation.diagnostics + PolicyLoader.maskingWarnings(compilation, source: bytes, path: policy, as: "written as it is") }
            let report = PolicyLinter.lint(compilation, source: bytes, file: policy)
            lintErrors = report.diagnostics.filter { $0.severity == .error }.count
            return report.diagnostics
        }
        if lintErrors > 0 {
            FileIO.printError("maskc: error: policy '\(policy)' fails check (\(lintErrors) error\(lintErrors == 1 ? "" : "s")); nothing was written")
            throw Reported(status: .findings)
        }
        guard let parsed = compilation.parsed else { throw Reported(status: .invalidPolicy) }
        let source = sourceLabel ?? Self.defaultLabel(policy)
        let shipped = Self.relabeled(parsed.policy, file: policy, as: source)
        var out: [UInt8]
        switch emit {
        case .swift:
            let typeName = name ?? SwiftTypeName.derived(fromFile: policy)
            out = Array(SwiftPolicyEmitter.emit(shipped, typeName: typeName, source: source, digest: SHA256.hex(SHA256.digest(bytes))).utf8)
        case .table:
            out = TableFormat.encode(shipped)
        }
        try OutputSink.write(&out, to: output)
    }

    /// The policy file as shipped code names it: the path as given, or for an absolute
    /// path its file name, so no machine's layout ends up in an app.
    static func defaultLabel(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `policy` with every origin in `file` naming `source`; origins in a base (a layered
    /// policy) name the base as ``defaultLabel(_:)`` does.
    static func relabeled(_ policy: MaskingPolicy, file: String, as source: String) -> MaskingPolicy {
        var policy = policy
        func label(_ origin: String) -> String { origin == file ? source : defaultLabel(origin) }
        for index in policy.rules.indices {
            let named = label(policy.rules[index].origin?.file ?? file)
            policy.rules[index].origin?.file = named
        }
        for index in policy.classes.indices {
            let named = label(policy.classes[index].origin?.file ?? file)
            policy.classes[index].origin?.file = named
        }
        return policy
    }
}
