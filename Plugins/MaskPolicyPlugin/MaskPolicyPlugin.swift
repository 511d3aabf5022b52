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
                inputFiles: [policy],
                outputFiles: [output]
            )
        }
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
