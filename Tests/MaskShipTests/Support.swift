import Foundation
import Testing
import MaskEngine
import MaskImport
import MaskJSON
import MaskPolicy
import MaskTestSupport

/// The package root: policies and trees are named relative to it, as the generated
/// code names them.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `RECORD_SNAPSHOTS=1` re-records the golden generated Swift.
let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

/// A policy whose generated Swift is compiled into this test target (`Generated/`).
struct ShippedPolicy: Sendable, CustomTestStringConvertible {
    /// The YAML, relative to the package root (or a name, for a generated policy).
    var path: String
    /// The generated enum's name, and its file in `Generated/`.
    var typeName: String
    /// The table the compiled-in generated code builds.
    var generatedTable: @Sendable () -> DecisionTable
    /// The digest the generated code carries.
    var generatedDigest: String

    var testDescription: String { path }

    /// The policy's bytes: the file's, or the generated YAML.
    func bytes() throws -> [UInt8] {
        if path == GeneratedPolicyFixture.name { return Array(GeneratedPolicyFixture.yaml.utf8) }
        return Array(try Data(contentsOf: packageRoot.appendingPathComponent(path)))
    }

    /// The runtime compiler's result, with origins naming `path`.
    func compiled() throws -> (bytes: [UInt8], policy: MaskingPolicy, table: DecisionTable) {
        let bytes = try bytes()
        let compilation = PolicyCompiler.compile(bytes, file: path)
        let parsed = try #require(compilation.parsed, "\(path) does not parse")
        let table = try #require(compilation.table, "\(path) does not compile: \(compilation.diagnostics.map(\.rendered))")
        return (bytes, parsed.policy, table)
    }

    /// Every policy in `Policies/`, plus fixtures whose strings stress the generated code.
    static let all: [ShippedPolicy] = [
        ShippedPolicy(path: "Policies/banking-app.yaml", typeName: "BankingAppPolicy", generatedTable: { BankingAppPolicy.table }, generatedDigest: BankingAppPolicy.digest),
        ShippedPolicy(path: "Policies/retail-app.yaml", typeName: "RetailAppPolicy", generatedTable: { RetailAppPolicy.table }, generatedDigest: RetailAppPolicy.digest),
        ShippedPolicy(path: "Policies/strict-default.yaml", typeName: "StrictDefaultPolicy", generatedTable: { StrictDefaultPolicy.table }, generatedDigest: StrictDefaultPolicy.digest),
        ShippedPolicy(path: "Tests/Fixtures/Policies/unmask-all.yaml", typeName: "UnmaskAllPolicy", generatedTable: { UnmaskAllPolicy.table }, generatedDigest: UnmaskAllPolicy.digest),
        ShippedPolicy(path: "Tests/Fixtures/Hostile/control-characters.yaml", typeName: "ControlCharactersPolicy", generatedTable: { ControlCharactersPolicy.table }, generatedDigest: ControlCharactersPolicy.digest),
        ShippedPolicy(path: GeneratedPolicyFixture.name, typeName: "GeneratedPolicy", generatedTable: { GeneratedPolicy.table }, generatedDigest: GeneratedPolicy.digest),
    ]
}

/// A generated policy of many rules (every selector key, globs, screens, targets),
/// written as YAML by MaskTestSupport's generator: same seed, same text.
enum GeneratedPolicyFixture {
    static let name = "generated.yaml"
    static let yaml: String = {
        var generator = PolicyGenerator(seed: 12)
        return PolicyGenerator.yaml(generator.policy(rules: 150, targets: true, default: .unmask))
    }()
}

/// A tree to decide: its name and maskc tree JSON.
struct TreeSample: Sendable {
    var name: String
    var json: [UInt8]
}

/// Every tree in `Examples/` and `Tests/Fixtures` (captures converted to tree JSON),
/// sorted by path.
func shippedTrees() throws -> [TreeSample] {
    var samples: [TreeSample] = []
    for folder in ["Examples", "Tests/Fixtures"] {
        let base = packageRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
        var paths: [String] = []
        for case let url as URL in walker where ["json", "xml"].contains(url.pathExtension) {
            paths.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
        }
        for path in paths.sorted() {
            let bytes = Array(try Data(contentsOf: packageRoot.appendingPathComponent(path)))
            // Only documents that hold a tree: detector corpora and the like are skipped.
            guard case .format(let format) = CaptureImporter.detect(bytes) else { continue }
            let json = format == .json ? bytes : try CaptureImporter.convert(bytes, format: format, file: path)
            samples.append(TreeSample(name: path, json: json))
        }
    }
    return samples
}

/// Generated screens as tree JSON, some with screens.
func generatedTrees(count: Int) -> [TreeSample] {
    (0..<count).map { seed in
        var generator = TreeGenerator(seed: UInt64(seed))
        let views = generator.views(count: 1 + seed % 60, maxDepth: 8)
        let screen: String? = seed % 4 == 0 ? nil : Corpus.screens[seed % Corpus.screens.count]
        return TreeSample(name: "generated-\(seed)", json: Array(TreeGenerator.json(views, screen: screen).utf8))
    }
}

/// The tree masked with `--explain`: every view's decision, level and rule
/// (`FILE:LINE:COL`), and what each field became.
func explained(_ tree: TreeSample, _ table: DecisionTable) throws -> String {
    let masker = TreeMasker(table: table, options: EmitOptions(explain: true))
    return String(decoding: try masker.apply(tree.json, file: tree.name), as: UTF8.self)
}
