// The first frame: what deciding costs before any cache is warm (after app launch:
// a new traversal; after a screen change: a traversal warm from other screens), and the
// per-frame latency distribution of screens of real size.
#if canImport(Glibc)
import Glibc
#endif
import MaskEngine
import MaskJSON
import MaskPolicy
import MaskTestSupport

/// Walks a pre-order tree with a traversal, as an encoder walks its hierarchy. Not
/// inlined: `valgrind --tool=callgrind --toggle-collect` can count its instructions.
@inline(never)
func walkTree(_ tree: ViewTree, _ traversal: inout MaskingTraversal, _ depths: inout [Int32]) -> Int {
    traversal.reset(screen: tree.screen)
    depths.removeAll(keepingCapacity: true)
    var masked = 0
    // Each view's facts are copied for the call (see `traverse`), as in the
    // decide and encode benchmarks.
    tree.views.withUnsafeBufferPointer { views in
        tree.parents.withUnsafeBufferPointer { parents in
            for view in 0..<views.count {
                let parent = Int(parents[view])
                let depth = parent < 0 ? 0 : depths[parent] + 1
                depths.append(depth)
                while traversal.depth > Int(depth) { traversal.leave() }
                if traversal.enter(views[view]).isMasked { masked += 1 }
            }
        }
    }
    while traversal.depth > 0 { traversal.leave() }
    return masked
}

/// p50, p99 and max of `samples` (seconds), in microseconds.
func distribution(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))] * 1e6 }
    return "p50 \(fmt(at(0.5), 1)) us, p99 \(fmt(at(0.99), 1)) us, max \(fmt(sorted.last! * 1e6, 1)) us"
}

func firstFrameCases() {
    let retail = PolicyCompiler.compile(readFile("Policies/retail-app.yaml"), file: "retail-app.yaml").table
    var policyGenerator = PolicyGenerator(seed: 11)
    let generated = DecisionTable(policy: policyGenerator.policy(rules: 1000))
    var screens: [(String, ViewTree, DecisionTable)] = []
    if let retail {
        for (file, document) in captureDocuments(table: retail) {
            screens.append(("\(file.split(separator: "/").last!) (\(document.tree.count) views, retail)", document.tree, retail))
        }
    }
    // Real-size screens of real views: the captures' views under one window, repeated
    // until the screen holds 1,000 (and 2,000) views (a long feed or a settings list).
    if let retail {
        let parts = captureDocuments(table: retail).map(\.1.tree)
        for count in [1_000, 2_000] where !parts.isEmpty {
            var tree = ViewTree(screen: "SalesViewController")
            let window = tree.append(ViewFacts(className: "UIWindow"), parent: nil)
            var part = 0
            fill: while true {
                let source = parts[part % parts.count]
                var placed: [Int] = []
                for view in 0..<source.count {
                    if tree.count == count { break fill }
                    let parent = Int(source.parents[view])
                    placed.append(tree.append(source.views[view], parent: parent < 0 ? window : placed[parent]))
                }
                part += 1
            }
            screens.append(("captures' views, \(count) views (retail)", tree, retail))
        }
    }
    var treeGenerator = TreeGenerator(seed: 17)
    for count in [1_000, 2_000] {
        let views = treeGenerator.views(count: count, maxDepth: 30)
        screens.append(("generated \(count) views (1,000 rules)", TreeGenerator.tree(views, screen: "CheckoutViewController"), generated))
    }
    // Other screens for the warm-from-elsewhere traversal to have seen.
    let others = (0..<5).map { i -> ViewTree in
        TreeGenerator.tree(treeGenerator.views(count: 500, maxDepth: 30), screen: Corpus.screens[i % Corpus.screens.count] + "Other")
    }
    let runs = getenv("MASKC_BENCH_RUNS").flatMap { Int(String(cString: $0)) } ?? (quick ? 20 : 200)
    // For `perf record`: only one phase is timed and repeated (cold, change or warm;
    // warm needs the screen change before it, which is run once a round).
    let phase = getenv("MASKC_BENCH_PHASE").map { String(cString: $0) }
    var depths: [Int32] = []
    var sink = 0
    for (name, tree, table) in screens {
        if let only = getenv("MASKC_BENCH_SCREEN").map({ String(cString: $0) }), !name.contains(only) { continue }
        var launch: [Double] = [], change: [Double] = [], warm: [Double] = []
        for _ in 0..<runs {
            // After launch: the traversal is new (its creation counted).
            if phase == nil || phase == "cold" {
                let t0 = now()
                var fresh = MaskingTraversal(table: table)
                sink &+= walkTree(tree, &fresh, &depths)
                launch.append(now() - t0)
                // An app keeps its traversal: freeing it is not part of the first frame
                // (Swift may end a value's life at its last use, inside the timing).
                withExtendedLifetime(fresh) {}
                if phase != nil { continue }
            }
            // After a screen change: warm from other screens, then this one once.
            var moved = MaskingTraversal(table: table)
            for other in others { sink &+= walkTree(other, &moved, &depths) }
            let t1 = now()
            sink &+= walkTree(tree, &moved, &depths)
            change.append(now() - t1)
            // Steady frames of the same screen.
            for _ in 0..<(phase == nil ? 1 : phase == "warm" ? 20 : 0) {
                let t2 = now()
                sink &+= walkTree(tree, &moved, &depths)
                warm.append(now() - t2)
            }
        }
        if phase != nil { continue }
        line("first frame: \(name)", "cold (new traversal) \(distribution(launch)); after a screen change \(distribution(change)); warm \(distribution(warm))")
    }
    if sink == 42 { print("") }
}
