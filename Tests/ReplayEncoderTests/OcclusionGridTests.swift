import MaskTestSupport
@testable import ReplayEncoder
import Testing

/// The grid of opaque areas behind covered-view removal: it may forget an area (a view
/// only it covered is then sent) but never says a box is covered that no area added
/// contains; with few areas it forgets none.
@Suite("Occlusion grid")
struct OcclusionGridTests {
    static let screen = Box(minX: 0, minY: 0, maxX: 1_000, maxY: 2_000)

    static func random(_ rng: inout SplitMix64, maxSide: Double) -> Box {
        let x = Double.random(in: 0..<1_000, using: &rng), y = Double.random(in: 0..<2_000, using: &rng)
        return Box(minX: x, minY: y, maxX: min(1_000, x + Double.random(in: 1...maxSide, using: &rng)),
                   maxY: min(2_000, y + Double.random(in: 1...maxSide, using: &rng)))
    }

    @Test("a box is covered only when an area added contains it; with few areas, exactly then", arguments: [(20, 300.0), (400, 1_000.0), (3_000, 80.0)])
    func sound(_ count: Int, _ maxSide: Double) {
        var rng = SplitMix64(seed: UInt64(count))
        var grid = OcclusionGrid(bounds: Self.screen, expected: count)
        var added: [Box] = []
        for _ in 0..<count {
            let box = Self.random(&rng, maxSide: maxSide)
            grid.add(box)
            added.append(box)
        }
        var covered = 0
        for _ in 0..<5_000 {
            let query = Self.random(&rng, maxSide: maxSide / 4)
            let truth = added.contains { $0.contains(query) }
            let said = grid.covers(query)
            #expect(!said || truth, "\(query) said covered, inside no area")
            if count <= 20 { #expect(said == truth, "\(query)") }
            if said { covered += 1 }
        }
        #expect(covered > 0)
    }

    @Test("overlapping full-screen areas, none containing another: bounded, and still sound")
    func staircase() {
        var grid = OcclusionGrid(bounds: Box(minX: 0, minY: 0, maxX: 1_100, maxY: 1_100), expected: 20_000)
        var added: [Box] = []
        for index in 0..<20_000 {
            let step = Double(index) * 10 / 20_000
            let box = Box(minX: step, minY: step, maxX: step + 1_000, maxY: step + 1_000)
            grid.add(box)
            added.append(box)
        }
        // Inside the last area added only, and inside many.
        let inLast = Box(minX: 1_009, minY: 1_009, maxX: 1_009.9, maxY: 1_009.9)
        let inMany = Box(minX: 100, minY: 100, maxX: 200, maxY: 200)
        let outside = Box(minX: 1_050, minY: 0, maxX: 1_060, maxY: 10)
        #expect(grid.covers(inMany))
        #expect(!grid.covers(outside))
        #expect(!grid.covers(inLast) || added.contains { $0.contains(inLast) })
    }
}
