import Testing
import MaskEngine
import MaskTestSupport
import ReplayEncoder

/// Properties over generated screens and policies (deterministic seeds).
struct EncoderPropertyTests {
    /// A generated screen as the encoder's input: facts, appearance, parents (pre-order).
    struct Screen {
        var screen: String
        var facts: [ViewFacts]
        var looks: [ViewAppearance]
        var parents: [Int]
    }

    /// Walks a screen with explicit enter/leave, every view entered.
    static func encode(_ screen: Screen, with encoder: inout FrameEncoder, timestamp: UInt64 = 0) -> ReplayFrame {
        encoder.begin(screen: screen.screen, timestamp: timestamp)
        var open: [Int] = []
        for index in screen.facts.indices {
            while let top = open.last, top != screen.parents[index] {
                encoder.leave()
                open.removeLast()
            }
            encoder.enter(screen.facts[index], screen.looks[index])
            open.append(index)
        }
        return encoder.finish()
    }

    static func screen(seed: UInt64, count: Int, plain: Bool) -> Screen {
        var generator = TreeGenerator(seed: seed)
        var rng = SplitMix64(seed: seed ^ 0x5EED)
        let views = generator.views(count: count, maxDepth: 12)
        var looks: [ViewAppearance] = []
        for (index, view) in views.enumerated() {
            var look = ViewAppearance(frame: ViewFrame(x: view.frame.0, y: view.frame.1, width: view.frame.2, height: view.frame.3))
            look.text = view.text.map { "QZ\(index)ZQ \($0)" }
            if plain {
                // Every view draws, nothing clips or covers: geometry is the input's.
                let edges: [Double] = [-40.5, -0.5, 0.49, 0.5, 1.5, 255.5, 256, 1000.25, 65_534.5, 70_000, 1e9]
                look.frame = ViewFrame(x: edges.randomElement(using: &rng)!, y: Double.random(in: -10...3000, using: &rng),
                                       width: Double.random(in: 0.6...70_000, using: &rng), height: edges.randomElement(using: &rng)!.magnitude + 1)
                look.backgroundColor = RGBAColor(red: 1, green: 2, blue: 3, alpha: 200)
                look.clipsToBounds = false
            } else {
                let roll = Int.random(in: 0..<100, using: &rng)
                if roll < 5 { look.isHidden = true }
                if roll >= 5 && roll < 10 { look.alpha = [0, 0.5, 0.99].randomElement(using: &rng)! }
                if roll >= 10 && roll < 40 { look.backgroundColor = RGBAColor(red: 255, green: 255, blue: 255, alpha: [255, 255, 254, 0].randomElement(using: &rng)!) }
                if roll >= 40 && roll < 45 { look.clipsToBounds = true }
                if roll >= 45 && roll < 50 { look.zIndex = Double.random(in: -2...2, using: &rng).rounded() }
                if roll >= 50 && roll < 55 { look.contentFrame = ViewFrame(x: look.frame.x + 4, y: look.frame.y + 2, width: 30, height: 12) }
            }
            looks.append(look)
        }
        return Screen(screen: Corpus.screens[Int(seed % UInt64(Corpus.screens.count))], facts: views.map(\.facts), looks: looks, parents: views.map(\.parent))
    }

    @Test func roundTripKeepsEveryDrawnViewsGeometryAfterRoundingAndClamping() throws {
        for seed in UInt64(1)...12 {
            var policies = PolicyGenerator(seed: seed)
            let table = DecisionTable(policy: policies.policy(rules: 60, default: seed % 2 == 0 ? .mask : .unmask))
            let screen = Self.screen(seed: seed, count: 400, plain: true)
            var encoder = FrameEncoder(table: table)
            let frame = Self.encode(screen, with: &encoder)
            var writer = ReplayStreamWriter()
            writer.append(frame)
            let decoded = try ReplayDecoder.decode(writer.bytes)
            #expect(decoded.count == 1)

            // Expected: every view whose ancestors emit their children, in pre-order, its
            // frame rounded and clamped; text only where the contract keeps it.
            var traversal = MaskingTraversal(table: table, screen: screen.screen)
            var emitted = [Bool](repeating: true, count: screen.facts.count)
            var open: [Int] = []
            var expected: [(UInt16, UInt16, UInt16, UInt16, String?)] = []
            for index in screen.facts.indices {
                let parent = screen.parents[index]
                if parent >= 0 && !emitted[parent] { emitted[index] = false; continue }
                while let top = open.last, top != parent { traversal.leave(); open.removeLast() }
                let decision = traversal.enter(screen.facts[index])
                open.append(index)
                emitted[index] = decision.emitsChildren
                let f = screen.looks[index].frame
                let text = decision.emission(for: .text) == .keep ? screen.looks[index].text : nil
                expected.append((ReplayView.wireValue(f.x), ReplayView.wireValue(f.y), ReplayView.wireValue(f.width), ReplayView.wireValue(f.height), text))
            }
            let views = decoded[0].frame.views
            #expect(views.count == expected.count)
            for (view, want) in zip(views, expected) {
                #expect(view.x == want.0 && view.y == want.1 && view.width == want.2 && view.height == want.3)
                if view.type.carriesText { #expect(view.text == want.4) } else { #expect(view.text == nil) }
            }
        }
    }

    @Test func noStringOfAMaskedOrSecureViewIsInTheBytes() throws {
        var exposedSeen = 0, protectedSeen = 0
        for seed in UInt64(20)...40 {
            var policies = PolicyGenerator(seed: seed)
            let table = DecisionTable(policy: policies.policy(rules: 80, default: seed % 3 == 0 ? .mask : .unmask))
            var writer = ReplayStreamWriter(fullFrameInterval: 4)
            var encoder = FrameEncoder(table: table)
            var screens: [Screen] = []
            for frame in 0..<6 {
                var screen = Self.screen(seed: seed &* 31 &+ UInt64(frame % 3), count: 300, plain: false)
                // Text typed from frame to frame: deltas carry changed texts.
                for index in screen.looks.indices {
                    guard let text = screen.looks[index].text else { continue }
                    // A marker unique to the frame and view; some text typed from frame to
                    // frame, so deltas carry changed texts.
                    screen.looks[index].text = "QZ\(frame)x" + text.dropFirst(2) + (index % 7 == frame ? " typed" : "")
                }
                screens.append(screen)
                writer.append(Self.encode(screen, with: &encoder, timestamp: UInt64(frame) * 1000))
            }
            let bytes = writer.bytes
            var leaks: [String] = []
            for (frame, screen) in screens.enumerated() {
                var traversal = MaskingTraversal(table: table, screen: screen.screen)
                var open: [Int] = []
                for index in screen.facts.indices {
                    while let top = open.last, top != screen.parents[index] { traversal.leave(); open.removeLast() }
                    let decision = traversal.enter(screen.facts[index])
                    open.append(index)
                    guard let text = screen.looks[index].text else { continue }
                    let found = Self.contains(bytes, Array("QZ\(frame)x\(index)ZQ".utf8))
                    if decision.isMasked || decision.isSecure {
                        protectedSeen += 1
                        if found { leaks.append("frame \(frame) view \(index)") }
                    } else if found {
                        exposedSeen += 1
                        #expect(Self.contains(bytes, Array(text.utf8)))
                    }
                }
            }
            #expect(leaks.isEmpty, "seed \(seed): \(leaks.prefix(5))")
        }
        // The property is not vacuous: both kinds of view occur.
        #expect(protectedSeen > 100)
        #expect(exposedSeen > 100)
    }

    /// The echo guard in the encoder: a drawn view whose text joins its children's
    /// (a combined label) sends none of a masked child's text; it keeps its text when no
    /// child it repeats is masked.
    @Test func noMaskedChildsTextGoesOutInAContainersText() throws {
        var guarded = 0, kept = 0
        for seed in UInt64(50)...70 {
            var policies = PolicyGenerator(seed: seed)
            let table = DecisionTable(policy: policies.policy(rules: 80, default: seed % 3 == 0 ? .mask : .unmask))
            var screen = Self.screen(seed: seed, count: 300, plain: true)
            var children = [[Int]](repeating: [], count: screen.facts.count)
            for index in screen.facts.indices where screen.parents[index] >= 0 { children[screen.parents[index]].append(index) }
            // Every view has a marker; a container's text joins its children's whole texts
            // (built from the leaves up), in lower case and across lines now and then.
            for index in screen.facts.indices { screen.looks[index].text = "QZ\(index)ZQ" }
            for index in screen.facts.indices.reversed() where !children[index].isEmpty && index % 2 == 0 {
                let joined = children[index].map { screen.looks[$0].text ?? "" }.joined(separator: index % 4 == 0 ? ", " : "\n")
                screen.looks[index].text = "QZ\(index)ZQ " + (index % 3 == 0 ? joined.lowercased() : joined)
            }
            var encoder = FrameEncoder(table: table)
            var writer = ReplayStreamWriter()
            writer.append(Self.encode(screen, with: &encoder))
            let bytes = writer.bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            // Which views the encoder decides (those below a view whose children are not
            // emitted are not), and which of them are masked.
            var traversal = MaskingTraversal(table: table, screen: screen.screen)
            var open: [Int] = []
            var decided = [Bool](repeating: true, count: screen.facts.count)
            var masked = [Bool](repeating: false, count: screen.facts.count)
            for index in screen.facts.indices {
                let parent = screen.parents[index]
                if parent >= 0, !decided[parent] { decided[index] = false; continue }
                while let top = open.last, top != parent { traversal.leave(); open.removeLast() }
                let decision = traversal.enter(screen.facts[index])
                open.append(index)
                masked[index] = decision.isMasked
                if !decision.emitsChildren {
                    // Its children are left out undecided.
                    for child in children[index] { decided[child] = false }
                }
            }
            for index in screen.facts.indices where decided[index] {
                let found = Self.contains(bytes, Array("qz\(index)zq".utf8))
                if masked[index] {
                    #expect(!found, "seed \(seed): masked view \(index)'s marker sent")
                    if screen.parents[index] >= 0, screen.parents[index] % 2 == 0 { guarded += 1 }
                } else if found, index % 2 == 0, !children[index].isEmpty, children[index].allSatisfy({ decided[$0] && !masked[$0] }) {
                    // A container repeating only shown children keeps its text.
                    kept += 1
                }
            }
        }
        // Not vacuous: masked children under joining containers, and shown ones whose
        // container still sends them.
        #expect(guarded > 100)
        #expect(kept > 20)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    @Test func removalNeverAddsAndKeepsOrder() {
        for seed in UInt64(50)...60 {
            let table = DecisionTable(policy: MaskingPolicy(default: .unmask))
            let screen = Self.screen(seed: seed, count: 500, plain: false)
            var with = FrameEncoder(table: table)
            var without = FrameEncoder(table: table)
            without.removesCoveredViews = false
            let kept = Self.encode(screen, with: &with).views
            let all = Self.encode(screen, with: &without).views
            #expect(kept.count + with.stats[.covered] == all.count)
            // `kept` is a subsequence of `all`.
            var position = 0
            for view in kept {
                while position < all.count && all[position] != view { position += 1 }
                #expect(position < all.count)
                position += 1
            }
        }
    }

    /// `zIndex` reorders siblings (stable) wherever in the frame it first appears: the
    /// drawn views against a pre-order walk with each view's children sorted by
    /// `zIndex`, one encoder reused across frames.
    @Test func zIndexOrderIsPreOrderWithSiblingsSortedWhereverItFirstAppears() {
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask))
        var encoder = FrameEncoder(table: table)
        for seed in UInt64(70)...130 {
            var rng = SplitMix64(seed: seed)
            let count = Int.random(in: 1...300, using: &rng)
            // Each view's parent: the view before, one of its ancestors, or none (a root).
            var parents: [Int] = []
            for index in 0..<count {
                var parent = index - 1
                for _ in 0..<Int.random(in: 0..<4, using: &rng) where parent >= 0 { parent = parents[parent] }
                parents.append(parent)
            }
            // No zIndex before a view drawn at random (or none at all), some after it.
            let first = Int.random(in: 0...count, using: &rng)
            var zs = [Double](repeating: 0, count: count)
            if first < count { zs[first] = [-1, 1].randomElement(using: &rng)! }
            for index in first..<count where index > first && Int.random(in: 0..<3, using: &rng) == 0 {
                zs[index] = Double(Int.random(in: -2...2, using: &rng))
            }
            let hidden = (0..<count).map { _ in Int.random(in: 0..<20, using: &rng) == 0 }
            // Every view drawn where it is (its x its index + 1), nothing covered.
            let looks = (0..<count).map { index in
                ViewAppearance(frame: ViewFrame(x: Double(index + 1), y: 0, width: 10, height: 10), isHidden: hidden[index],
                               backgroundColor: RGBAColor(red: 1, green: 2, blue: 3, alpha: 200), clipsToBounds: false, zIndex: zs[index])
            }
            let screen = Screen(screen: "Z", facts: Array(repeating: ViewFacts(className: "UIView"), count: count), looks: looks,
                                parents: parents)
            let frame = Self.encode(screen, with: &encoder)

            var children = [[Int]](repeating: [], count: count), roots: [Int] = []
            for index in 0..<count where !hidden[index] {
                if parents[index] >= 0 { children[parents[index]].append(index) } else { roots.append(index) }
            }
            var expected: [Int] = []
            func walk(_ views: [Int]) {
                for view in views.sorted(by: { (zs[$0], $0) < (zs[$1], $1) }) {
                    expected.append(view)
                    walk(children[view])
                }
            }
            walk(roots)
            #expect(frame.views.map { Int($0.x) - 1 } == expected, "seed \(seed), first zIndex at \(first)")
        }
    }
}
