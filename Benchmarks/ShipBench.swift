#if canImport(Glibc)
import Glibc
#endif
import MaskEngine
import MaskPolicy
import MaskTestSupport

/// The shipped forms of a policy (issue: ship the compiled policy): compile time to each
/// form, the portable table's size and load time against building the table from YAML
/// at run time, and how long the generated Swift takes to build (swiftc, in a child
/// process, against this build's MaskEngine module).
///
///   .build/release/maskc-bench --only ship [--no-swift-build]
func shipCases() {
    for count in quick ? [1_000] : [1_000, 100_000] {
        var generator = PolicyGenerator(seed: UInt64(count) &+ 7)
        let yaml = Array(PolicyGenerator.yaml(generator.policy(rules: count, targets: true)).utf8)
        guard let policy = PolicyCompiler.compile(yaml, file: "bench.yaml").parsed?.policy else {
            print("ship: generated policy does not compile")
            return
        }
        let digest = SHA256.hex(SHA256.digest(yaml))
        let runs = count >= 100_000 ? 2.0 : 1.0
        // Compile: YAML -> each shipped form (the compiler's work plus the writer's).
        let toTable = measure(seconds: runs) { _ = TableFormat.encode(PolicyCompiler.compile(yaml, file: "bench.yaml").parsed!.policy) }
        var swift = ""
        let toSwift = measure(seconds: runs) {
            swift = SwiftPolicyEmitter.emit(PolicyCompiler.compile(yaml, file: "bench.yaml").parsed!.policy, typeName: "BenchPolicy", source: "bench.yaml", digest: digest)
        }
        line("ship \(count) rules: compile", "to table \(fmt(toTable * 1000, 1)) ms; to Swift \(fmt(toSwift * 1000, 1)) ms (\(swift.utf8.count / 1024) KiB of Swift)")

        // Size and load.
        let table = TableFormat.encode(policy)
        var loaded = 0
        let load = measure(seconds: runs) { loaded += (try? DecisionTable(serialized: table))?.rules.count ?? 0 }
        let verify = measure(seconds: runs) { loaded += (try? TableFormat.decode(table))?.rules.count ?? 0 }
        let build = measure(seconds: runs) { loaded += DecisionTable(policy: policy).rules.count }
        if getenv("MASKC_BENCH_PROFILE_BUILD") != nil { _ = measure(seconds: 5) { loaded += DecisionTable(policy: policy).rules.count } }
        if getenv("MASKC_BENCH_PROFILE_LOAD") != nil { _ = measure(seconds: 5) { loaded += (try? DecisionTable(serialized: table))?.rules.count ?? 0 } }
        let digestTime = measure(seconds: runs) { loaded += SHA256.digest(table).count }
        let fromYAML = measure(seconds: runs) { loaded += PolicyCompiler.compile(yaml, file: "bench.yaml").table?.rules.count ?? 0 }
        line("ship \(count) rules: table", "\(table.count / 1024) KiB (YAML \(yaml.count / 1024) KiB)")
        line("ship \(count) rules: load", "\(fmt(load * 1e6, 0)) us (verify and decode \(fmt(verify * 1e6, 0)) us, of which the digest \(fmt(digestTime * 1e6, 0)) us; build the table \(fmt(build * 1e6, 0)) us); "
             + "from YAML at run time \(fmt(fromYAML * 1e6, 0)) us: \(fmt(fromYAML / load, 1))x the load")
        if loaded == 0 { print("ship: the table did not load") }

        // Building the generated Swift: swiftc on the file alone, debug and release flags
        // (minutes for 100,000 rules; `--no-swift-build` skips it).
        if arguments.contains("--no-swift-build") { continue }
        let directory = workDirectory + "/ship-\(count)"
        mkdir(directory, 0o755)
        write(directory + "/BenchPolicy.swift", swift)
        let modules = executableDirectory + "/Modules"
        var cells: [String] = []
        for (label, flags) in [("-Onone", ["-Onone"]), ("-O", ["-O"])] {
            let argv = ["swiftc", "-parse-as-library", "-swift-version", "6", "-I", modules, "-module-name", "Bench", "-c",
                        directory + "/BenchPolicy.swift", "-o", directory + "/BenchPolicy.o"] + flags
            let (seconds, rss, status) = run(argv)
            cells.append(status == 0 ? "\(label) \(fmt(seconds, 1)) s, peak RSS \(Int(rss)) MiB" : "\(label) failed (exit \(status))")
        }
        line("ship \(count) rules: build Swift", cells.joined(separator: "; "))
    }
}
