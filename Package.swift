// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "maskc",
    products: [
        .library(name: "MaskEngine", targets: ["MaskEngine"]),
        .library(name: "MaskPolicy", targets: ["MaskPolicy"]),
        .library(name: "MaskJSON", targets: ["MaskJSON"]),
        .library(name: "MaskImport", targets: ["MaskImport"]),
        .library(name: "ReplayEncoder", targets: ["ReplayEncoder"]),
        .executable(name: "maskc", targets: ["maskc"]),
        .plugin(name: "MaskPolicyPlugin", targets: ["MaskPolicyPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libyaml, from the system (Debian: libyaml-dev).
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The engine encoders link: tree model, type catalog, decision table,
        // resolver, placeholders. No YAML, JSON or terminal code.
        .target(name: "MaskEngine", dependencies: ["MaskStorage"]),
        // Storage that touches the system or memory layout, behind one wall: mapped
        // input, the memory shim, word-wise byte comparison and hashing. The hot owning
        // buffers (not copyable, freed in `deinit`) stay beside their one user in
        // MaskJSON, and StringTable in the engine: across a module boundary they measured
        // 1.4x (apply) and 2.3x (decide) slower. Internal to the package; no dependencies.
        .target(name: "MaskStorage"),
        // The replay encoder SDKs link: screens -> compact binary frames and session
        // streams, the masking decision built in; and the decoder. Engine only.
        .target(name: "ReplayEncoder", dependencies: ["MaskEngine"]),
        // View trees (maskc JSON and captures read through MaskJSON) as the replay
        // encoder's input: `maskc encode`, benchmarks.
        .target(name: "ReplayTrees", dependencies: ["ReplayEncoder", "MaskJSON", "MaskEngine"]),
        // The policy front end: YAML with source marks -> validated policy -> compiled table.
        .target(name: "MaskPolicy", dependencies: ["CYaml", "MaskEngine", "MaskCorpus", "MaskDiagnostics"]),
        // Positions and findings: source ranges, the one offset-to-line:column
        // conversion, and the one diagnostic type. No dependencies.
        .target(name: "MaskDiagnostics"),
        // What a policy does over a corpus of trees, rule by rule: for the linter's
        // corpus rules and for audits.
        .target(name: "MaskCorpus", dependencies: ["MaskEngine"]),
        // View trees as JSON: a byte-level reader into an arena, and the masking writer.
        .target(name: "MaskJSON", dependencies: ["MaskEngine", "MaskStorage", "MaskDiagnostics"]),
        // Capture importers: uiautomator, Appium Android, Rico and XCUITest captures ->
        // maskc tree JSON (own non-recursive XML reader; MaskJSON for the JSON side).
        .target(name: "MaskImport", dependencies: ["MaskEngine", "MaskJSON", "MaskStorage", "MaskDiagnostics"]),
        // Pre-release privacy audits over captured screens.
        .target(name: "MaskAudit", dependencies: ["MaskEngine", "MaskJSON", "MaskCorpus"]),
        // The screen as the replay shows it, as SVG (`maskc render`, audit previews).
        .target(name: "MaskPreview", dependencies: ["MaskEngine", "MaskJSON", "ReplayEncoder"]),
        // Precision and recall of the audit's value detectors over a labelled corpus
        // (Docs/detectors.md): `swift run maskc-detector-report < Tests/Fixtures/Detectors/corpus.tsv`.
        .executableTarget(name: "maskc-detector-report", dependencies: ["MaskAudit"]),
        // The command line.
        .executableTarget(
            name: "maskc",
            dependencies: [
                "MaskEngine", "MaskPolicy", "MaskJSON", "MaskAudit", "MaskImport", "MaskCorpus", "MaskPreview", "MaskDiagnostics", "MaskStorage",
                "ReplayEncoder", "ReplayTrees",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-tool plugin: a target's `*.maskpolicy.yaml` files become Swift building
        // their decision tables (`maskc compile --emit swift --check`) at build time.
        .plugin(name: "MaskPolicyPlugin", capability: .buildTool(), dependencies: ["maskc"]),
        // A replay encoder calling the engine on its own view objects; its policy is
        // compiled by the plugin, so it links MaskEngine alone.
        .executableTarget(name: "EncoderExample", dependencies: ["MaskEngine", "ReplayEncoder"], path: "Examples/EncoderExample", plugins: ["MaskPolicyPlugin"]),
        // Test support shared by the property tests and the benchmarks: a plain
        // reference resolver and deterministic generators.
        .target(name: "MaskTestSupport", dependencies: ["MaskEngine"], path: "Tests/Support"),
        // Benchmarks (not run by swift test or CI; CI builds them).
        .executableTarget(
            name: "maskc-bench",
            dependencies: ["MaskEngine", "MaskPolicy", "MaskJSON", "MaskImport", "MaskStorage", "MaskTestSupport", "ReplayEncoder", "ReplayTrees"],
            path: "Benchmarks"
        ),
        .testTarget(name: "MaskEngineTests", dependencies: ["MaskEngine", "MaskStorage", "MaskTestSupport"]),
        .testTarget(name: "ReplayEncoderTests", dependencies: ["ReplayEncoder", "MaskEngine", "MaskTestSupport", "ReplayTrees", "MaskJSON"]),
        .testTarget(name: "MaskPolicyTests", dependencies: ["MaskPolicy", "MaskEngine", "MaskJSON", "MaskCorpus", "MaskDiagnostics", "MaskTestSupport"]),
        .testTarget(name: "MaskJSONTests", dependencies: ["MaskJSON", "MaskStorage", "MaskPolicy", "MaskEngine", "MaskPreview"]),
        .testTarget(name: "MaskImportTests", dependencies: ["MaskImport", "MaskStorage", "MaskJSON", "MaskEngine", "MaskTestSupport"]),
        .testTarget(name: "MaskAuditTests", dependencies: ["MaskAudit", "MaskJSON", "MaskPolicy", "MaskEngine", "MaskCorpus", "MaskTestSupport"]),
        .testTarget(name: "MaskcCLITests", dependencies: ["maskc"], exclude: ["Golden"]),
        // The shipped forms of a policy (generated Swift compiled in from Generated/, the
        // portable table) against the runtime compiler.
        .testTarget(name: "MaskShipTests", dependencies: ["MaskEngine", "MaskPolicy", "MaskJSON", "MaskImport", "MaskTestSupport"]),
        .testTarget(name: "MaskPropertyTests", dependencies: ["MaskEngine", "MaskPolicy", "MaskJSON", "MaskTestSupport"]),
    ]
)
