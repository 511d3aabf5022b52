import Foundation
import PackagePlugin

/// Compiles a target's masking policies at build time.
///
/// Every `*.maskpolicy.yaml` file in the target becomes Swift source, built by
/// `maskc compile POLICY --emit swift --check`: an `enum` named for the file
/// (`checkout.maskpolicy.yaml` -> `CheckoutPolicy`) whose `table` is the policy's
/// `DecisionTable`, built with no parsing at run time, so the target needs
/// `MaskEngine` only. A policy that does not compile, or that `maskc check` finds an
/// error in, fails the build with `FILE:LINE:COL: error: ...` lines at the YAML.
/// Rule positions in the generated code name the policy by its file name alone.
@main
struct MaskPolicyPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let policies = target.sourceFiles(withSuffix: Self.suffix).map(\.url)
        return try Self.commands(for: policies, maskc: context.tool(named: "maskc").url, into: context.pluginWorkDirectoryURL)
    }

    /// How policy files are named.
    static let suffix = ".maskpolicy.yaml"

    /// One build command per policy, in path order.
    static func commands(for policies: [URL], maskc: URL, into directory: URL) -> [Command] {
        policies.sorted { $0.path < $1.path }.map { policy in
            let name = policy.lastPathComponent
            let output = directory.appendingPathComponent(name + ".swift")
            return .buildCommand(
                displayName: "Compiling masking policy \(name)",
                executable: maskc,
                arguments: ["compile", policy.path, "--emit", "swift", "--check", "--source-label", name, "-o", output.path],
                // The bases the policy extends are inputs too: a base changed is a policy
                // changed, and its generated Swift must not go stale.
                inputFiles: [policy] + PolicyBases.files(of: policy),
                outputFiles: [output]
            )
        }
    }
}

/// The files a layered policy's `extends:` names, and theirs in turn, found by reading
/// the YAML's top-level `extends:` entry as text (the plugin cannot link the policy
/// compiler; maskc itself reports every error in them). Over-approximating is harmless:
/// an input too many only rebuilds more often; where the reading is unsure, every YAML
/// file near the policy is an input.
enum PolicyBases {
    /// The bases of `policy` and of its bases, each once, at most 8 levels deep (the
    /// compiler's limit), paths resolved against the file that names them.
    static func files(of policy: URL) -> [URL] {
        var found: [URL] = []
        var seen: Set<String> = [policy.standardizedFileURL.path]
        var pending = [(policy, 0)]
        while let (file, depth) = pending.popLast() {
            guard depth < 8, let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let names = extendsEntries(text)
            // `extends` written in a form this reading does not follow (an escape in a
            // quoted name, the whole file as a flow mapping, an explicit `? extends`
            // key): every YAML file near the policy is an input instead. Never stale.
            if text.contains("extends"), names.isEmpty || names.contains(where: { $0.contains("\\") }) {
                for nearby in yamlFiles(near: file) where seen.insert(nearby.path).inserted { found.append(nearby) }
            }
            for name in names {
                let base = URL(fileURLWithPath: name, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
                guard seen.insert(base.path).inserted else { continue }
                found.append(base)
                pending.append((base, depth + 1))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The YAML files in the folder above `file`'s, and in every folder below it
    /// (hidden ones and `.build` left out), at most 4,096.
    static func yamlFiles(near file: URL) -> [URL] {
        let top = file.deletingLastPathComponent().deletingLastPathComponent()
        guard let walk = FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walk {
            if url.lastPathComponent == ".build" { walk.skipDescendants(); continue }
            guard ["yaml", "yml"].contains(url.pathExtension.lowercased()) else { continue }
            files.append(url.standardizedFileURL)
            if files.count >= 4_096 { break }
        }
        return files
    }

    /// The entries of a top-level `extends:`: a flow list (`extends: [a.yaml, "b.yaml"]`),
    /// one name (`extends: base.yaml`), or a block list (`- base.yaml` lines below it).
    static func extendsEntries(_ text: String) -> [String] {
        // CRLF or CR line ends, and a byte order mark, read as plain lines.
        var text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            // Drop a comment: ` #` outside quotes is enough for file names.
            if let hash = line.range(of: " #") { return line[..<hash.lowerBound] }
            return line.hasPrefix("#") ? "" : line
        }
        func unquoted(_ item: Substring) -> String {
            var item = item.trimmingCharacters(in: .whitespaces)
            if item.count >= 2, let first = item.first, first == "\"" || first == "'", item.last == first {
                item = String(item.dropFirst().dropLast())
            }
            return item
        }
        for (index, line) in lines.enumerated() {
            let key = line.drop { $0 == "\"" || $0 == "'" }
            guard line.first != " ", key.hasPrefix("extends"), let colon = line.firstIndex(of: ":") else { continue }
            let keyText = line[..<colon].filter { $0 != "\"" && $0 != "'" }.trimmingCharacters(in: .whitespaces)
            guard keyText == "extends" else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("[") {
                // A flow list may go on over the lines below, up to its `]`.
                var list = value
                for next in lines[(index + 1)...] where !list.contains("]") { list += " " + next }
                return list.dropFirst().prefix { $0 != "]" }.split(separator: ",").map(unquoted).filter { !$0.isEmpty }
            }
            if !value.isEmpty { return [unquoted(Substring(value))] }
            var items: [String] = []
            for next in lines[(index + 1)...] {
                let trimmed = next.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                guard trimmed.hasPrefix("-"), next.first == " " || next.first == "-" else { break }
                items.append(unquoted(Substring(trimmed.dropFirst())))
            }
            return items.filter { !$0.isEmpty }
        }
        return []
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MaskPolicyPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let policies = target.inputFiles.map(\.url).filter { $0.lastPathComponent.hasSuffix(Self.suffix) }
        return try Self.commands(for: policies, maskc: context.tool(named: "maskc").url, into: context.pluginWorkDirectoryURL)
    }
}
#endif
