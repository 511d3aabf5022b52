// maskc-bench: the performance suite. Build in release and run:
//
//   swift build -c release && .build/release/maskc-bench [--quick] [--only NAME] [--skip-reference]
//   (NAME: decide, decide-targets, compile, ship, apply, ndjson, check, deep, encode, first-frame)
//
// Inputs are generated from fixed seeds. Each case prints one line with its throughput
// and, where it has one, the ratio against a reference measured in the same run.
// Not part of `swift test` or CI (CI only builds it).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MaskEngine
import MaskImport
import MaskJSON
import MaskPolicy
import MaskTestSupport

let arguments = CommandLine.arguments
let usage = """
    usage: maskc-bench [--quick] [--only NAME] [--skip-reference] [--no-swift-build] [--no-targets]
      NAME: decide, decide-targets, compile, ship, apply, ndjson, check, deep, encode, first-frame
      --quick           shorter runs and smaller inputs
      --skip-reference  leave out the plain reference resolver in the decide cases
      --no-swift-build  ship: leave out building the generated Swift
      --no-targets      decide: leave out the target-selector cases
    environment (for profiling one case under `perf record`):
      MASKC_BENCH_SCREEN=TEXT    first-frame: only the screens whose name contains TEXT
      MASKC_BENCH_RUNS=N         first-frame: runs per screen
      MASKC_BENCH_PHASE=P        first-frame: only the cold, change or warm phase
      MASKC_BENCH_PROFILE_ENCODE, MASKC_BENCH_PROFILE_LOAD, MASKC_BENCH_PROFILE_BUILD
                                 loop the encode, table-load or table-build case first
      MASKC_BENCH_COUNT_ENCODE=N encode: N warm passes (at least 1) through `countedFrame`,
                                 for valgrind --tool=callgrind --toggle-collect='*countedFrame*'
    """
/// One line on standard error.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
let caseNames = ["decide", "decide-targets", "compile", "ship", "apply", "ndjson", "check", "deep", "encode", "first-frame"]
do {
    // Every argument is known, or the run stops before it starts (a typo must not cost a full run).
    var index = 1
    while index < arguments.count {
        switch arguments[index] {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--quick", "--skip-reference", "--no-swift-build", "--no-targets":
            break
        case "--only":
            guard index + 1 < arguments.count, caseNames.contains(where: { $0.hasPrefix(arguments[index + 1]) }) else {
                printError("maskc-bench: --only needs a case name: \(caseNames.joined(separator: ", "))")
                exit(2)
            }
            index += 1
        default:
            printError("maskc-bench: unknown option '\(arguments[index])' (see --help)")
            exit(2)
        }
        index += 1
    }
}
let quick = arguments.contains("--quick")
let skipReference = arguments.contains("--skip-reference")
let only: String? = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

func shouldRun(_ name: String) -> Bool { only.map { name.hasPrefix($0) || $0.hasPrefix(name + "-") } ?? true }

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body` repeatedly for at least `seconds`, returns seconds per run (best of the runs).
func measure(seconds: Double = 1.0, _ body: () -> Void) -> Double {
    var best = Double.infinity
    let start = now()
    repeat {
        let t0 = now()
        body()
        best = min(best, now() - t0)
    } while now() - start < (quick ? seconds / 4 : seconds)
    return best
}

func fmt(_ value: Double, _ digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return String(rounded)
}

func line(_ name: String, _ fields: String) { print("\(name.padding(34)) \(fields)") }

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let found = firstRange(of: target) else { return self }
        return self[..<found.lowerBound] + replacement + self[found.upperBound...]
    }
    func trimmingCharacters() -> String { String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }
}

let workDirectory = "/tmp/maskc-bench"
mkdir(workDirectory, 0o755)
let executableDirectory: String = {
    let path = arguments[0]
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
}()
let maskcPath = executableDirectory + "/maskc"

print("maskc-bench: \(quick ? "quick" : "full") run; maskc at \(maskcPath)")
// The cases that time the command line need it built beside this binary: without it
// every run exits 127 in no time, and a figure from that would be nonsense.
if ["apply", "ndjson", "check", "deep"].contains(where: shouldRun), access(maskcPath, X_OK) != 0 {
    printError("maskc-bench: \(maskcPath): no such executable; build it first (swift build -c release), or pick a case with --only that does not run it")
    exit(2)
}

// MARK: decide only

/// The encoder's own tree: its objects, with children lists.
struct EncoderScreen {
    var screen: String
    var facts: [ViewFacts]
    var children: [[Int]]
}

func makeScreens(count: Int, seed: UInt64) -> [EncoderScreen] {
    var generator = TreeGenerator(seed: seed)
    var rng = SplitMix64(seed: seed ^ 0xABCDEF)
    return (0..<count).map { index in
        let views = generator.views(count: Int.random(in: 200...5000, using: &rng), maxDepth: 40)
        var children = [[Int]](repeating: [], count: views.count)
        for (i, v) in views.enumerated() where v.parent >= 0 { children[v.parent].append(i) }
        return EncoderScreen(screen: Corpus.screens[index % Corpus.screens.count], facts: views.map(\.facts), children: children)
    }
}

/// Walks a screen as an encoder would: explicit stack, enter, children, leave.
func traverse(_ screen: EncoderScreen, _ traversal: inout MaskingTraversal, _ stack: inout [Int]) -> Int {
    traversal.reset(screen: screen.screen)
    var masked = 0
    stack.removeAll(keepingCapacity: true)
    stack.append(0)
    // Each view's facts are copied out of the array for the call (Swift copies an
    // element passed across a module boundary, a retain and release of each string in
    // it), much as an SDK fills one in per view: a part of every figure here.
    while let top = stack.popLast() {
        if top < 0 { traversal.leave(); continue }
        let decision = traversal.enter(screen.facts[top])
        if decision.isMasked { masked += 1 }
        stack.append(~top)
        if decision.emitsChildren {
            for child in screen.children[top].reversed() { stack.append(child) }
        }
    }
    return masked
}

/// How many views ``traverse(_:_:_:)`` enters on `screen` (it skips the children of
/// views whose children are not emitted).
func enteredViews(_ screen: EncoderScreen, _ traversal: inout MaskingTraversal, _ stack: inout [Int]) -> Int {
    traversal.reset(screen: screen.screen)
    stack.removeAll(keepingCapacity: true)
    stack.append(0)
    var entered = 0
    while let top = stack.popLast() {
        if top < 0 { traversal.leave(); continue }
        entered += 1
        let decision = traversal.enter(screen.facts[top])
        stack.append(~top)
        if decision.emitsChildren { stack.append(contentsOf: screen.children[top]) }
    }
    return entered
}

/// The screen as a `ViewTree` (for the reference resolver and target strings).
func viewTree(_ screen: EncoderScreen) -> ViewTree {
    var tree = ViewTree(screen: screen.screen)
    var parents = [Int](repeating: -1, count: screen.facts.count)
    for (p, kids) in screen.children.enumerated() { for k in kids { parents[k] = p } }
    for (i, f) in screen.facts.enumerated() { tree.append(f, parent: parents[i] < 0 ? nil : parents[i]) }
    return tree
}

/// 20 `target` rules as a team writes them: the targets of real views of the screens
/// (`maskc explain` prints them), half short form (`Class[ai:Screen.id]`) and half path
/// form, some with a `*` for the part that varies, over the 1,000-rule policy's other rules.
func realisticTargetPolicy(_ screens: [EncoderScreen]) -> MaskingPolicy {
    var generator = PolicyGenerator(seed: 11)
    var policy = generator.policy(rules: 980)
    var rng = SplitMix64(seed: 21)
    var short = 0, path = 0
    while short + path < 20 {
        let screen = screens[Int.random(in: 0..<min(screens.count, 10), using: &rng)]
        let tree = viewTree(screen)
        let view = Int.random(in: 0..<tree.count, using: &rng)
        let target = ReliableTarget.target(of: view, in: tree)
        let isShort = !target.hasPrefix(ReliableTarget.root)
        if isShort ? short >= 10 : path >= 10 { continue }
        var text = target
        if !isShort && path % 3 == 1, let cut = target.lastIndex(of: ">") {
            text = "*" + target[cut...]  // `*>UILabel:eq(1)`: the last step anywhere
        } else if !isShort && path % 3 == 2, let step = target.split(separator: ">").dropFirst(2).first {
            text = "[root]>*>" + step + ">*"  // a container and everything in it
        }
        if isShort { short += 1 } else { path += 1 }
        policy.rules.append(MaskRule(Bool.random(using: &rng) ? .mask : .unmask, .target(GlobPattern(text)), recursive: true, screen: nil))
    }
    return policy
}

func decideCase(name: String, targets: Bool, realistic: Bool = false) {
    let screens = makeScreens(count: quick ? 20 : 100, seed: 7)
    let totalViews = screens.reduce(0) { $0 + $1.facts.count }
    var policyGenerator = PolicyGenerator(seed: 11)
    let policy = realistic ? realisticTargetPolicy(screens) : policyGenerator.policy(rules: 1000, targets: targets)
    let table = DecisionTable(policy: policy)
    var traversal = MaskingTraversal(table: table)
    var stack: [Int] = []
    var sink = 0
    // An encoder sees each screen for many frames in a row: traverse each 10 times.
    let frames = 10
    let seconds = measure(seconds: 2) {
        for screen in screens { for _ in 0..<frames { sink &+= traverse(screen, &traversal, &stack) } }
    }
    let rate = Double(totalViews * frames) / seconds
    // Views below one whose children are not emitted (maps, `recurse: false` classes)
    // are not walked, as an encoder walks: the rate counts the screens' views, and the
    // views actually entered and decided are given beside it.
    var entered = 0
    for screen in screens { entered += enteredViews(screen, &traversal, &stack) }
    let enteredRate = Double(entered * frames) / seconds
    // Reference: the plain resolver on a sample of the same screens.
    let reference = ReferenceResolver(policy: policy)
    let sample = Array(screens.prefix(skipReference ? 0 : quick ? 1 : 3))
    let sampleTrees = sample.map(viewTree)
    let sampleViews = sampleTrees.reduce(0) { $0 + $1.count }
    let t0 = now()
    for tree in sampleTrees { sink &+= reference.resolve(tree).count }
    let referenceRate = sampleViews == 0 ? 1 : Double(sampleViews) / (now() - t0)
    let against = sampleViews == 0 ? "reference resolver skipped"
        : "reference resolver \(fmt(referenceRate / 1e6, 3)) M views/s; speed-up \(fmt(rate / referenceRate, 0))x"
    line(name, "\(fmt(rate / 1e6, 2)) M views/s (\(totalViews) views, 1000 rules; \(entered) entered: \(fmt(enteredRate / 1e6, 2)) M entered views/s); \(against)")
    if sink == 42 { print("") }
}

if shouldRun("decide") {
    // `--only decide-targets` runs the target cases alone (for profiling).
    if only != "decide-targets" { decideCase(name: "decide (types, ids, globs)", targets: false) }
    if !arguments.contains("--no-targets") {
        decideCase(name: "decide (with target selectors)", targets: true)
        decideCase(name: "decide (20 realistic targets)", targets: true, realistic: true)
        deepTargetCase()
    }
}

/// A chain of views under a `target` rule that keeps matching (`[root]>UIView:eq(0)>*`)
/// and one that must read every step (`*>UILabel:eq(0)`): time per doubling of the
/// depth says whether the cost stays linear.
func deepTargetCase() {
    let policy = MaskingPolicy(default: .mask, rules: [
        MaskRule(.unmask, .target(GlobPattern("[root]>UIView:eq(0)>*"))),
        MaskRule(.mask, .target(GlobPattern("*>UILabel:eq(0)"))),
    ])
    let table = DecisionTable(policy: policy)
    var fields: [String] = []
    var previous: Double?
    for depth in quick ? [25_000, 50_000] : [25_000, 50_000, 100_000] {
        var traversal = MaskingTraversal(table: table)
        let facts = [ViewFacts(className: "UIView"), ViewFacts(className: "UILabel")]
        var unmasked = 0
        let seconds = measure(seconds: 1) {
            traversal.reset(screen: "Deep")
            for level in 0..<depth where !traversal.enter(facts[level & 1]).isMasked { unmasked += 1 }
            for _ in 0..<depth { traversal.leave() }
        }
        var field = "\(depth): \(fmt(seconds * 1000, 2)) ms"
        if let previous { field += " (x\(fmt(seconds / previous, 2)))" }
        previous = seconds
        fields.append(field)
        if unmasked == 0 { print("deep targets: nothing unmasked") }
    }
    line("decide, deep chain with targets", fields.joined(separator: "; "))
}

// MARK: compile

if shouldRun("compile") {
    var results: [(Int, Double)] = []
    for count in quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] {
        var generator = PolicyGenerator(seed: UInt64(count))
        let yaml = Array(PolicyGenerator.yaml(generator.policy(rules: count)).utf8)
        var failed = false
        let seconds = measure(seconds: 1) { failed = PolicyCompiler.compile(yaml, file: "bench.yaml").failed }
        if failed { print("compile: generated policy does not compile") }
        results.append((count, seconds))
        line("compile \(count) rules", "\(fmt(seconds * 1000, 1)) ms (\(yaml.count / 1024) KiB)")
    }
    let ratios = zip(results, results.dropFirst()).map { "\($1.0 / $0.0)x rules: \(fmt($1.1 / $0.1, 1))x time" }
    line("compile growth", ratios.joined(separator: "; "))
}

// MARK: shipped forms

if shouldRun("ship") { shipCases() }

// MARK: end to end

/// Runs a command with stdout to /dev/null; returns (seconds, peak RSS in MiB, exit status).
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`), which measures the command
/// from its own exec: the rusage this process gets from wait4 would also count the
/// pages the spawned child shared with this (large) process before its exec.
func run(_ argv: [String], stdin: String? = nil) -> (Double, Double, Int32) {
    let rssFile = workDirectory + "/rss.txt"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
    var pid = pid_t()
    let timed = ["/usr/bin/time", "-f", "%M", "-o", rssFile] + argv
    let cArgs = timed.map { strdup($0) } + [nil]
    let t0 = now()
    let spawned = posix_spawnp(&pid, timed[0], &actions, nil, cArgs, environ)
    cArgs.forEach { free($0) }
    posix_spawn_file_actions_destroy(&actions)
    guard spawned == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = now() - t0
    var kilobytes = 0.0
    if let file = fopen(rssFile, "r") {
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, file) != nil {
            let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            if let value = Double(String(decoding: bytes, as: UTF8.self).trimmingCharacters()) { kilobytes = value }
        }
        fclose(file)
    }
    return (seconds, kilobytes / 1024, (status >> 8) & 0xFF)
}

func best(_ times: Int, _ argv: [String], stdin: String? = nil) -> (Double, Double, Int32) {
    var result = run(argv, stdin: stdin)
    for _ in 1..<max(1, times) {
        let next = run(argv, stdin: stdin)
        if next.0 < result.0 { result = next }
    }
    return result
}

/// A whole file's bytes (empty when it cannot be read).
func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

func write(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { break }
            offset += n
        }
    }
    close(fd)
}

let policyPath = workDirectory + "/policy-1000.yaml"
do {
    var generator = PolicyGenerator(seed: 11)
    write(policyPath, PolicyGenerator.yaml(generator.policy(rules: 1000)))
}

if shouldRun("apply") {
    let bigPath = workDirectory + "/tree-60mb.json"
    var generator = TreeGenerator(seed: 3)
    let views = generator.views(count: quick ? 100_000 : 600_000, maxDepth: 40)
    write(bigPath, TreeGenerator.json(views, screen: "HomeViewController"))
    var st = stat()
    stat(bigPath, &st)
    let megabytes = Double(st.st_size) / 1_048_576
    // Best of five for both: on a shared machine single runs vary by tens of percent.
    let repeats = quick ? 1 : 5
    let maskc = best(repeats, [maskcPath, "apply", bigPath, "--policy", policyPath])
    let jq = best(repeats, ["jq", "-c", ".", bigPath])
    let cat = best(repeats, ["cat", bigPath])
    if maskc.2 != 0 { print("apply: maskc exited \(maskc.2); no figures") } else {
    line("apply \(fmt(megabytes, 0)) MB tree (\(views.count) views)",
         "\(fmt(maskc.0, 2)) s, \(fmt(megabytes / maskc.0, 0)) MB/s, peak RSS \(fmt(maskc.1, 0)) MiB (\(fmt(maskc.1 / megabytes, 2))x file); jq -c . \(fmt(jq.0, 2)) s: \(fmt(jq.0 / maskc.0, 1))x faster; cat \(fmt(cat.0, 3)) s: \(fmt(maskc.0 / cat.0, 1))x the floor")
    }
    // The `detect:` safety net (policy format 1.1) on the same tree: the same policy
    // with every detector, and a policy that unmasks every view (every view scanned).
    let detectors = "detect: [email, phone, payment-card, iban, government-id, secret]\n"
    let policyText = String(decoding: readFile(policyPath), as: UTF8.self)
    let detectPath = workDirectory + "/policy-1000-detect.yaml"
    write(detectPath, policyText.replacingFirst("version: 1\n", with: "version: 1.1\n") + detectors)
    let openPath = workDirectory + "/policy-unmask.yaml", openDetectPath = workDirectory + "/policy-unmask-detect.yaml"
    write(openPath, "version: 1\ndefault: unmask\n")
    write(openDetectPath, "version: 1.1\ndefault: unmask\n" + detectors)
    let detect = best(repeats, [maskcPath, "apply", bigPath, "--policy", detectPath])
    let open = best(repeats, [maskcPath, "apply", bigPath, "--policy", openPath])
    let openDetect = best(repeats, [maskcPath, "apply", bigPath, "--policy", openDetectPath])
    if detect.2 != 0 || open.2 != 0 || openDetect.2 != 0 { print("apply detect: maskc exited \(detect.2), \(open.2), \(openDetect.2); no figures") } else {
    line("apply with detect:", "\(fmt(detect.0, 2)) s, \(fmt(detect.0 / maskc.0, 2))x without; default unmask (every view scanned) \(fmt(openDetect.0, 2)) s, \(fmt(openDetect.0 / open.0, 2))x without (\(fmt(open.0, 2)) s)")
    }
}

if shouldRun("apply") {
    // The same shape of tree, its text mostly in the scripts and sequences that the
    // byte path does not segment alone (emoji sequences, flags, combining marks, Thai).
    let worldPath = workDirectory + "/tree-world.json"
    var generator = TreeGenerator(seed: 3)
    let views = generator.views(count: quick ? 100_000 : 600_000, maxDepth: 40, texts: Corpus.worldTexts)
    write(worldPath, TreeGenerator.json(views, screen: "HomeViewController"))
    var st = stat()
    stat(worldPath, &st)
    let megabytes = Double(st.st_size) / 1_048_576
    let repeats = quick ? 1 : 5
    let maskc = best(repeats, [maskcPath, "apply", worldPath, "--policy", policyPath])
    let jq = best(repeats, ["jq", "-c", ".", worldPath])
    if maskc.2 != 0 { print("apply: maskc exited \(maskc.2); no figures") } else {
    line("apply \(fmt(megabytes, 0)) MB tree, any script",
         "\(fmt(maskc.0, 2)) s, \(fmt(megabytes / maskc.0, 0)) MB/s, peak RSS \(fmt(maskc.1, 0)) MiB; jq -c . \(fmt(jq.0, 2)) s: \(fmt(jq.0 / maskc.0, 1))x faster")
    }
}

if shouldRun("ndjson") || shouldRun("check") {
    var generator = TreeGenerator(seed: 5)
    var rng = SplitMix64(seed: 9)
    var lines1k: [String] = []
    var all: [String] = []
    let screens = quick ? 2_000 : 10_000
    for index in 0..<screens {
        let views = generator.views(count: Int.random(in: 50...400, using: &rng), maxDepth: 30)
        let json = TreeGenerator.json(views, screen: Corpus.screens[index % Corpus.screens.count])
        all.append(json)
        if index < 1_000 { lines1k.append(json) }
    }
    let path1k = workDirectory + "/screens-1k.ndjson", pathAll = workDirectory + "/screens-\(screens).ndjson"
    write(path1k, lines1k.joined(separator: "\n") + "\n")
    write(pathAll, all.joined(separator: "\n") + "\n")
    if shouldRun("ndjson") {
        let small = best(1, [maskcPath, "apply", "--ndjson", path1k, "--policy", policyPath])
        let large = best(1, [maskcPath, "apply", "--ndjson", pathAll, "--policy", policyPath])
        let two = best(1, [maskcPath, "apply", "--ndjson", "--jobs", "2", pathAll, "--policy", policyPath])
        line("apply --ndjson \(screens) screens", small.2 != 0 || large.2 != 0 ? "exit \(small.2), \(large.2)" : "\(fmt(Double(screens) / large.0, 0)) screens/s; peak RSS \(fmt(small.1, 0)) MiB at 1,000, \(fmt(large.1, 0)) MiB at \(screens)")
        line("apply --ndjson --jobs 2", two.2 == 0 ? "\(fmt(Double(screens) / two.0, 0)) screens/s; speed-up over 1 job \(fmt(large.0 / two.0, 2))x" : "exit \(two.2)")
    }
    if shouldRun("ndjson") {
        // The fixed cost of a line: 20,000 one-view lines, less a run of one line (start-up
        // and the policy), per line.
        let retail = "Policies/retail-app.yaml"
        let onePath = workDirectory + "/one-view-20k.ndjson", singlePath = workDirectory + "/one-view-1.ndjson"
        write(onePath, (0..<20_000).map { #"{"class":"UILabel","text":"Jane \#($0)"}"# }.joined(separator: "\n") + "\n")
        write(singlePath, #"{"class":"UILabel","text":"Jane"}"# + "\n")
        let many = best(quick ? 1 : 5, [maskcPath, "apply", "--ndjson", onePath, "--policy", retail])
        let one = best(quick ? 1 : 5, [maskcPath, "apply", "--ndjson", singlePath, "--policy", retail])
        line("apply --ndjson fixed cost per line", many.2 == 0
             ? "\(fmt((many.0 - one.0) / 20_000 * 1e6, 1)) us per one-view line (20,000 lines \(fmt(many.0, 3)) s, 1 line \(fmt(one.0, 3)) s)"
             : "exit \(many.2) (run from the package root)")
        // Real-size trees: the shipped real captures (Tests/Fixtures/Captures) as maskc
        // JSON, repeated to 10,000 lines.
        let captures = ["rico/avon_279.json", "rico/clockAndWeather_107.json", "rico/dailyreflections_124.json",
                        "uiautomator/college-companion_window_dump.xml", "uiautomator/flutter-fractal-forge_ui_dump.xml",
                        "uiautomator/pocket-financer_window_dump.xml", "xcuitest/sample_app_ios1.xml", "xcuitest/settings_top.xml"]
        let trees = captures.compactMap { name -> String? in
            let bytes = readFile("Tests/Fixtures/Captures/" + name)
            guard !bytes.isEmpty, case .format(let format) = CaptureImporter.detect(bytes),
                  let tree = try? CaptureImporter.convert(bytes, format: format, file: name) else { return nil }
            return String(decoding: tree, as: UTF8.self)
        }
        if trees.count == captures.count {
            let realPath = workDirectory + "/captures-10k.ndjson"
            let lines = (0..<10_000).map { trees[$0 % trees.count] }
            write(realPath, lines.joined(separator: "\n") + "\n")
            let megabytes = Double(lines.reduce(0) { $0 + $1.utf8.count + 1 }) / 1_048_576
            let real = best(quick ? 1 : 3, [maskcPath, "apply", "--ndjson", realPath, "--policy", retail])
            line("apply --ndjson real captures", real.2 != 0 ? "exit \(real.2)" : "\(fmt(10_000 / real.0, 0)) lines/s, \(fmt(megabytes / real.0, 0)) MB/s (10,000 lines, \(fmt(megabytes, 0)) MB; peak RSS \(fmt(real.1, 0)) MiB)")
        } else {
            line("apply --ndjson real captures", "skipped: run from the package root (Tests/Fixtures/Captures)")
        }
    }
    if shouldRun("check") {
        let check = best(1, [maskcPath, "check", policyPath, "--trees", pathAll])
        // The generated policy has lint findings on purpose (conflicts, dead selectors): exit 1 is expected.
        line("check --trees \(screens) screens", "\(fmt(Double(screens) / check.0, 0)) screens/s, peak RSS \(fmt(check.1, 0)) MiB (exit \(check.2): findings)")
    }
}

if shouldRun("encode") { encodeBenchmarks() }

if shouldRun("first-frame") { firstFrameCases() }

/// Each command's best time, with its ratio to the same command's time at the depth
/// before (2x per doubling is linear), as one line's fields.
func timedAgainstPrevious(_ commands: [(String, [String])], _ previous: inout [String: Double]) -> String {
    var fields: [String] = []
    for (name, argv) in commands {
        let (seconds, _, status) = best(quick ? 1 : 3, argv)
        var field = "\(name) \(fmt(seconds, 3)) s"
        if let before = previous[name] { field += " (x\(fmt(seconds / before, 2)))" }
        if status != 0 { field += " exit \(status)" }
        previous[name] = seconds
        fields.append(field)
    }
    return fields.joined(separator: "; ")
}

if shouldRun("deep") {
    // Audit and explain on chains of views: the time per doubling of the depth says
    // whether a quadratic term is left (2x is linear). apply is the reference.
    let depths = quick ? [10_000, 20_000] : [25_000, 50_000, 100_000, 200_000]
    let openPolicy = workDirectory + "/open.yaml"
    write(openPolicy, "version: 1\ndefault: unmask\n")
    var previous: [String: Double] = [:]
    for depth in depths {
        let path = workDirectory + "/deep-\(depth).json"
        write(path, String(repeating: #"{"class":"UIView","children":["#, count: depth)
              + #"{"class":"UITextField","accessibilityIdentifier":"login.password","text":"jane@example.com"}"#
              + String(repeating: "]}", count: depth))
        let fields = timedAgainstPrevious([("apply", [maskcPath, "apply", path, "--policy", openPolicy]),
                                           ("audit", [maskcPath, "audit", "--policy", openPolicy, path]),
                                           ("audit html", [maskcPath, "audit", "--format", "html", "--policy", openPolicy, path]),
                                           ("explain", [maskcPath, "explain", path, "--policy", openPolicy])], &previous)
        line("deep chain, \(depth) views", fields)
    }
    // Nested text fields, each with text: every view of the outline is inside an input
    // (named in its line), and every view changes in `diff --trees` (each one named).
    let inputsPolicy = workDirectory + "/inputs.yaml"
    write(inputsPolicy, "version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\n")
    previous = [:]
    for depth in quick ? [5_000, 10_000] : [10_000, 20_000, 40_000, 80_000] {
        let path = workDirectory + "/deep-inputs-\(depth).json"
        write(path, String(repeating: #"{"class":"UITextField","text":"typed","children":["#, count: depth)
              + #"{"class":"UILabel","text":"end"}"# + String(repeating: "]}", count: depth))
        let fields = timedAgainstPrevious([("apply", [maskcPath, "apply", path, "--policy", inputsPolicy]),
                                           ("explain", [maskcPath, "explain", path, "--policy", inputsPolicy]),
                                           ("diff --trees", [maskcPath, "diff", openPolicy, inputsPolicy, "--trees", path])], &previous)
        line("nested text fields, \(depth) views", fields)
    }
}
