// `maskc-bench --only encode`: the replay encoder through the library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MaskStorage
import MaskEngine
import MaskImport
import MaskJSON
import MaskPolicy
import MaskTestSupport
import ReplayEncoder
import ReplayTrees

/// A screen as an SDK holds it: facts, appearance and parent of every view, pre-order.
struct ReplayScreen {
    var screen: String
    var facts: [ViewFacts]
    var looks: [ViewAppearance]
    var parents: [Int32]
    /// One past each view's last descendant (pre-order): where a walk that skips the
    /// view's children goes next.
    var subtreeEnds: [Int32]

    init(screen: String, facts: [ViewFacts], looks: [ViewAppearance], parents: [Int32]) {
        self.screen = screen
        self.facts = facts
        self.looks = looks
        self.parents = parents
        var ends = parents.indices.map { Int32($0 + 1) }
        for view in parents.indices.reversed() where parents[view] >= 0 {
            ends[Int(parents[view])] = max(ends[Int(parents[view])], ends[view])
        }
        subtreeEnds = ends
    }
}

/// A generated screen of `count` views; `opaque` of them get an opaque background.
func makeReplayScreen(count: Int, opaque: Int, seed: UInt64) -> ReplayScreen {
    var generator = TreeGenerator(seed: seed)
    var rng = SplitMix64(seed: seed ^ 0xE4C0DE)
    let views = generator.views(count: count, maxDepth: 40)
    var looks: [ViewAppearance] = []
    looks.reserveCapacity(count)
    let opaqueEvery = opaque > 0 ? max(1, count / opaque) : Int.max
    for (index, view) in views.enumerated() {
        var look = ViewAppearance(frame: ViewFrame(x: view.frame.0, y: view.frame.1, width: view.frame.2, height: view.frame.3),
                                  clipsToBounds: false, text: view.text)
        if index % opaqueEvery == 0 && index > 0 {
            look.backgroundColor = RGBAColor(red: 255, green: 255, blue: 255)
        } else if Int.random(in: 0..<4, using: &rng) == 0 {
            look.backgroundColor = RGBAColor(red: 240, green: 240, blue: 240, alpha: 250)
        }
        looks.append(look)
    }
    return ReplayScreen(screen: "HomeViewController", facts: views.map(\.facts), looks: looks, parents: views.map { Int32($0.parent) })
}

/// `count` sibling views, each 1,000 x 1,000 and opaque, each moved a little from the
/// one before, so that none contains another.
func makeStaircase(count: Int) -> ReplayScreen {
    var facts = [ViewFacts(className: "UIView")], looks = [ViewAppearance(frame: ViewFrame(x: 0, y: 0, width: 1_100, height: 1_100))]
    var parents: [Int32] = [-1]
    for index in 0..<count {
        let step = Double(index) * 10 / Double(count)
        var look = ViewAppearance(frame: ViewFrame(x: step, y: step, width: 1_000, height: 1_000), text: nil)
        look.backgroundColor = RGBAColor(red: 255, green: 255, blue: 255)
        facts.append(ViewFacts(className: "UIView"))
        looks.append(look)
        parents.append(0)
    }
    return ReplayScreen(screen: "Cards", facts: facts, looks: looks, parents: parents)
}

/// `count` opaque views, each the only child of the one before and a little smaller.
func makeNested(count: Int) -> ReplayScreen {
    var facts: [ViewFacts] = [], looks: [ViewAppearance] = [], parents: [Int32] = []
    for index in 0..<count {
        let inset = Double(index) * 500 / Double(count)
        var look = ViewAppearance(frame: ViewFrame(x: inset, y: inset, width: 1_000 - 2 * inset, height: 1_000 - 2 * inset), text: nil)
        look.backgroundColor = RGBAColor(red: 255, green: 255, blue: 255)
        facts.append(ViewFacts(className: "UIView"))
        looks.append(look)
        parents.append(Int32(index - 1))
    }
    return ReplayScreen(screen: "Nested", facts: facts, looks: looks, parents: parents)
}

/// Walks a screen with enter/leave and returns its frame: every view entered, or (as
/// an SDK walks, `skipping`) not the children of a view `enter` says draw nothing.
@inline(never)
func encodeFrame(_ screen: ReplayScreen, _ encoder: inout FrameEncoder, _ open: inout [Int32], timestamp: UInt64 = 0,
                 skipping: Bool = false) -> ReplayFrame {
    encoder.begin(screen: screen.screen, timestamp: timestamp)
    open.removeAll(keepingCapacity: true)
    var index = 0
    while index < screen.facts.count {
        let parent = screen.parents[index]
        while let top = open.last, top != parent {
            encoder.leave()
            open.removeLast()
        }
        let childrenDraw = encoder.enter(screen.facts[index], screen.looks[index])
        open.append(Int32(index))
        index = skipping && !childrenDraw ? Int(screen.subtreeEnds[index]) : index + 1
    }
    return encoder.finish()
}

/// Views per second encoding `screens` (each `repeats` times), with and without removal.
func encodeRate(_ screens: [ReplayScreen], table: DecisionTable, removing: Bool, repeats: Int,
                skipping: Bool = false) -> (rate: Double, covered: Int) {
    var encoder = FrameEncoder(table: table)
    encoder.removesCoveredViews = removing
    var writer = ReplayStreamWriter(fullFrameInterval: 1)
    var open: [Int32] = []
    var sink = 0, covered = 0
    let views = screens.reduce(0) { $0 + $1.facts.count } * repeats
    let seconds = measure(seconds: 2) {
        for screen in screens {
            for _ in 0..<repeats {
                writer.append(encodeFrame(screen, &encoder, &open, skipping: skipping))
                sink &+= writer.takeBytes().count
                covered = encoder.stats[.covered]
            }
        }
    }
    if sink == 42 { print("") }
    return (Double(views) / seconds, covered)
}

/// `MASKC_BENCH_COUNT_ENCODE` warm passes (at least one) over `screens`, after a pass
/// that warms the caches, each frame through ``countedFrame(_:_:_:)``: `valgrind --tool=callgrind
/// --toggle-collect='*countedFrame*'` counts the instructions of a warm frame, which
/// do not vary with the machine's speed as times do. Prints the views encoded.
func countEncode(_ screens: [ReplayScreen], table: DecisionTable) {
    var encoder = FrameEncoder(table: table)
    var open: [Int32] = []
    var sink = 0
    // Timestamp 1: not the counted call's code, which the optimizer would share.
    for screen in screens { sink &+= encodeFrame(screen, &encoder, &open, timestamp: 1).views.count }
    var views = 0
    let passes = getenv("MASKC_BENCH_COUNT_ENCODE").flatMap { Int(String(cString: $0)) } ?? 1
    for _ in 0..<max(1, passes) {
        for screen in screens {
            sink &+= countedFrame(screen, &encoder, &open)
            views += encoder.stats.viewsIn
        }
    }
    print("encode count: \(views) views entered (\(sink % 2))")
}

@inline(never)
func countedFrame(_ screen: ReplayScreen, _ encoder: inout FrameEncoder, _ open: inout [Int32]) -> Int {
    encodeFrame(screen, &encoder, &open).views.count
}

func encodeBenchmarks() {
    var policies = PolicyGenerator(seed: 11)
    let table = DecisionTable(policy: policies.policy(rules: 1000))

    // 1. Throughput, generated screens of 200 to 5,000 views (few opaque views).
    var rng = SplitMix64(seed: 99)
    let screens = (0..<(quick ? 10 : 40)).map { makeReplayScreen(count: Int.random(in: 200...5000, using: &rng), opaque: 0, seed: UInt64($0) + 1) }
    if getenv("MASKC_BENCH_PROFILE_ENCODE") != nil { for _ in 0..<10 { _ = encodeRate(screens, table: table, removing: false, repeats: 5) } }
    if getenv("MASKC_BENCH_COUNT_ENCODE") != nil {
        countEncode(screens, table: table)
        return
    }
    let plain = encodeRate(screens, table: table, removing: false, repeats: 5)
    let removing = encodeRate(screens, table: table, removing: true, repeats: 5)
    line("encode (1000-rule policy)", "\(fmt(plain.rate / 1e6, 2)) M views/s without covered-view removal; \(fmt(removing.rate / 1e6, 2)) M views/s with (\(fmt(plain.rate / removing.rate, 2))x); every view entered")
    // The same screens walked as an SDK walks: not below a view whose children draw
    // nothing (here mostly `recurse: false` classes and maps of the generated policy).
    var encoder = FrameEncoder(table: table)
    var open: [Int32] = []
    var entered = 0
    for screen in screens {
        _ = encodeFrame(screen, &encoder, &open, skipping: true)
        entered += encoder.stats.viewsIn
    }
    let total = screens.reduce(0) { $0 + $1.facts.count }
    let walked = encodeRate(screens, table: table, removing: false, repeats: 5, skipping: true)
    line("encode, children skipped", "\(fmt(walked.rate / 1e6, 2)) M views/s of the screens without removal, \(entered) of \(total) views entered (\(fmt(Double(entered) / Double(total) * 100, 0))%)")

    // 2. 5,000 views, 1,000 of them opaque.
    let crowded = [makeReplayScreen(count: 5000, opaque: 1000, seed: 5)]
    let crowdedPlain = encodeRate(crowded, table: table, removing: false, repeats: 20)
    let crowdedRemoving = encodeRate(crowded, table: table, removing: true, repeats: 20)
    line("encode 5,000 views, 1,000 opaque", "\(fmt(crowdedPlain.rate / 1e6, 2)) M views/s without removal; \(fmt(crowdedRemoving.rate / 1e6, 2)) M views/s with, \(crowdedRemoving.covered) covered (\(fmt(crowdedPlain.rate / crowdedRemoving.rate, 2))x)")

    // 3. One tree of 1,000,000 views (100,000 opaque).
    let huge = [makeReplayScreen(count: quick ? 200_000 : 1_000_000, opaque: quick ? 20_000 : 100_000, seed: 6)]
    let hugePlain = encodeRate(huge, table: table, removing: false, repeats: 1)
    let hugeRemoving = encodeRate(huge, table: table, removing: true, repeats: 1)
    line("encode \(huge[0].facts.count) views in one tree", "\(fmt(hugePlain.rate / 1e6, 2)) M views/s without removal; \(fmt(hugeRemoving.rate / 1e6, 2)) M views/s with, \(hugeRemoving.covered) covered (\(fmt(hugePlain.rate / hugeRemoving.rate, 2))x)")

    // 3b. The layouts that made removal quadratic: 20,000 overlapping opaque views,
    // none containing another (a staircase of full-screen cards), and a chain of nested
    // opaque views.
    for (name, screen) in [("20,000 overlapping opaque views", makeStaircase(count: quick ? 5_000 : 20_000)),
                           ("100,000 nested opaque views", makeNested(count: quick ? 20_000 : 100_000))] {
        let plain = encodeRate([screen], table: table, removing: false, repeats: 1)
        let removing = encodeRate([screen], table: table, removing: true, repeats: 1)
        line("encode \(name)", "\(fmt(plain.rate / 1e6, 2)) M views/s without removal; \(fmt(removing.rate / 1e6, 2)) M views/s with, \(removing.covered) covered (\(fmt(plain.rate / removing.rate, 2))x)")
    }

    // 4. Bytes per drawn view and per frame on the shared captures, retail policy.
    let retail = PolicyCompiler.compile(readFile("Policies/retail-app.yaml"), file: "retail-app.yaml").table!
    let captures = captureDocuments(table: retail)
    var treeEncoder = TreeFrameEncoder(table: retail)
    var captureBytes = 0, drawn = 0, pdu = 0
    for (file, document) in captures {
        guard let frame = try? treeEncoder.encode(document, timestamp: 0, file: file) else { continue }
        var writer = ReplayStreamWriter()
        writer.append(frame)
        captureBytes += writer.bytes.count - ReplayStream.magic.count
        drawn += frame.views.count
        pdu += frame.views.reduce(0) { $0 + $1.pduSize }
    }
    line("encode shared captures (\(captures.count))", "\(fmt(Double(pdu) / Double(max(1, drawn)), 2)) PDU bytes per drawn view; \(fmt(Double(captureBytes) / Double(max(1, captures.count)), 1)) bytes per frame (texts included)")

    // 4b. Throughput on the real captures, by source: Rico's views bring their own
    //     superclass chains, uiautomator's and XCUITest's take the catalog's.
    for (source, prefix) in [("Rico", "rico/"), ("uiautomator", "uiautomator/"), ("XCUITest", "xcuitest/")] {
        let screens = captures.filter { $0.0.contains(prefix) }.map { file, document -> ReplayScreen in
            let tree = document.tree
            return ReplayScreen(screen: tree.screen ?? file, facts: tree.views, looks: (0..<tree.count).map { document.appearance(of: $0) },
                                parents: tree.parents)
        }
        guard !screens.isEmpty else { continue }
        let rate = encodeRate(screens, table: retail, removing: true, repeats: 50)
        line("encode \(source) captures (\(screens.count))", "\(fmt(rate.rate / 1e6, 2)) M views/s, every view entered, retail policy, removal on")
    }

    // 5. A one-minute session at one frame a second from real screens: scrolling, then
    //    a text field typed into.
    for (file, policy) in [("Tests/Fixtures/Captures/uiautomator/flutter-fractal-forge_ui_dump.xml", "Policies/retail-app.yaml"),
                           ("Tests/Fixtures/Captures/xcuitest/sample_app_ios1.xml", "Policies/retail-app.yaml"),
                           ("Tests/Fixtures/Captures/xcuitest/sample_app_ios1.xml", "unmask-all")] {
        let table = policy == "unmask-all" ? DecisionTable(policy: MaskingPolicy(default: .unmask)) : retail
        guard let document = captureDocuments(table: table, only: file).first?.1 else { continue }
        let session = sessionBytes(document, table: table)
        line("session 60 s @1 fps: \(file.split(separator: "/").last!) (\(policy == "unmask-all" ? "unmasked" : "retail"))",
             "\(fmt(Double(session.bytes) / 1024, 1)) KB/min (\(session.full) full, \(60 - session.full) delta frames); seed 000's lowest quality: under 900 KB/min")
    }
}

/// The shared captures (or one of them) read as maskc trees.
func captureDocuments(table: DecisionTable, only: String? = nil) -> [(String, TreeDocument)] {
    let files = only.map { [$0] } ?? [
        "Tests/Fixtures/Captures/rico/avon_279.json", "Tests/Fixtures/Captures/rico/clockAndWeather_107.json",
        "Tests/Fixtures/Captures/rico/dailyreflections_124.json", "Tests/Fixtures/Captures/uiautomator/college-companion_window_dump.xml",
        "Tests/Fixtures/Captures/uiautomator/flutter-fractal-forge_ui_dump.xml", "Tests/Fixtures/Captures/uiautomator/pocket-financer_window_dump.xml",
        "Tests/Fixtures/Captures/xcuitest/sample_app_ios1.xml", "Tests/Fixtures/Captures/xcuitest/settings_top.xml",
    ]
    let masker = TreeMasker(table: table)
    return files.compactMap { file in
        let bytes = readFile(file)
        guard case .format(let found) = CaptureImporter.detect(InputBytes(bytes)),
              let json = try? CaptureImporter.convert(bytes, format: found, file: file),
              let document = try? masker.read(found == .json ? bytes : json, file: file) else { return nil }
        return (file, document)
    }
}

/// 60 frames of one screen: 30 s scrolling its first scrollable view 12 points a second,
/// then 30 s typing a character a second into its first text input.
func sessionBytes(_ document: TreeDocument, table: DecisionTable) -> (bytes: Int, full: Int) {
    let tree = document.tree
    var looks = (0..<tree.count).map { document.appearance(of: $0) }
    let catalog = table.catalog
    let scroller = (0..<tree.count).first { view in
        (tree.views[view].superclasses ?? catalog.chain(of: tree.views[view].className)).contains { $0.contains("Scroll") || $0.contains("RecyclerView") }
    } ?? 0
    let input = (0..<tree.count).first { catalog.isTextInput(tree.views[$0].className) }
    var inScroller = [Bool](repeating: false, count: tree.count)
    for view in 1..<max(1, tree.count) where Int(tree.parents[view]) == scroller || inScroller[Int(tree.parents[view])] { inScroller[view] = true }
    let screen = ReplayScreen(screen: tree.screen ?? "", facts: tree.views, looks: looks, parents: tree.parents)
    var encoder = FrameEncoder(table: table)
    var writer = ReplayStreamWriter()
    var open: [Int32] = []
    var bytes = 0, full = 0
    for second in 0..<60 {
        var frame = screen
        if second < 30 {
            for view in 0..<tree.count where inScroller[view] {
                frame.looks[view].frame.y -= Double(second * 12)
                frame.looks[view].contentFrame?.y -= Double(second * 12)
            }
        } else if let input {
            looks[input].text = String(repeating: "a", count: second - 29)
            frame.looks[input].text = looks[input].text
        }
        if writer.append(encodeFrame(frame, &encoder, &open, timestamp: UInt64(second) * 1000)) == .full { full += 1 }
        bytes += writer.takeBytes().count
    }
    return (bytes, full)
}
