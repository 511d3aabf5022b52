import Testing
import MaskEngine
import ReplayEncoder

/// Rounded corners and covered views: a view covers only where it really is opaque, so
/// what shows through a rounded corner (its own, or a rounded clipping ancestor's) stays.
struct RoundedCoverTests {
    /// An opaque view filling a rounded, clipping card: the label in the card's corner
    /// shows through the rounded-off corner; one well inside the card is covered.
    @Test func aRoundedClippingAncestorCoversNothingAtItsCorners() {
        let card = V("UIView", 0, 0, 200, 200, clips: true, corner: 40, [V("UIView", 0, 0, 200, 200, background: "#FFFFFF")])
        let corner = V("UILabel", 0, 0, 20, 20, text: "UNDER_CORNER")
        let (frame, stats) = encode(V("UIView", 0, 0, 390, 844, [corner, card]))
        #expect(summary(frame) == ["label 0 0 20 20 \"UNDER_CORNER\"", "view 0 0 200 200"])
        #expect(stats[.covered] == 0)
        // Inside the card, clear of its corners (inset by the radius): covered.
        let inside = V("UILabel", 50, 50, 100, 100, text: "UNDER_MIDDLE")
        let (covered, coveredStats) = encode(V("UIView", 0, 0, 390, 844, [inside, card]))
        #expect(summary(covered) == ["view 0 0 200 200"])
        #expect(coveredStats[.covered] == 1)
        // Along an edge, but into the band the corners round off: not covered.
        let edge = V("UILabel", 0, 50, 20, 100, text: "ALONG_EDGE")
        #expect(encode(V("UIView", 0, 0, 390, 844, [edge, card])).0.views.count == 2)
    }

    /// Every rounded clipping ancestor counts, however far up.
    @Test func roundedAncestorsFurtherUpCount() {
        let card = V("UIView", 0, 0, 200, 200, clips: true, corner: 40, [
            V("UIView", 0, 0, 200, 200, [V("UIView", 0, 0, 200, 200, clips: true, [V("UIView", 0, 0, 200, 200, background: "#FFFFFF")])]),
        ])
        let corner = V("UILabel", 0, 0, 20, 20, text: "UNDER_CORNER")
        #expect(summary(encode(V("UIView", 0, 0, 390, 844, [corner, card])).0) == ["label 0 0 20 20 \"UNDER_CORNER\"", "view 0 0 200 200"])
    }

    /// A rounded view that does not clip its children leaves them square.
    @Test func aRoundedAncestorThatDoesNotClipLeavesChildrenSquare() {
        let card = V("UIView", 0, 0, 200, 200, clips: false, corner: 40, [V("UIView", 0, 0, 200, 200, background: "#FFFFFF")])
        let corner = V("UILabel", 0, 0, 20, 20, text: "UNDER_CORNER")
        #expect(summary(encode(V("UIView", 0, 0, 390, 844, [corner, card])).0) == ["view 0 0 200 200"])
    }

    /// A view's own corner radius rounds its background: it covers only inside its
    /// frame inset by the radius.
    @Test func aRoundedOpaqueViewCoversOnlyInsideItsCorners() {
        let rounded = V("UIView", 0, 0, 200, 200, background: "#FFFFFF", corner: 40)
        let corner = V("UILabel", 0, 0, 20, 20, text: "UNDER_CORNER")
        let inside = V("UILabel", 50, 50, 100, 100, text: "UNDER_MIDDLE")
        #expect(summary(encode(V("UIView", 0, 0, 390, 844, [corner, inside, rounded])).0) == ["label 0 0 20 20 \"UNDER_CORNER\"", "view 0 0 200 200"])
        // A radius past half the side leaves no square part: it covers nothing.
        let pill = V("UIView", 0, 0, 200, 200, background: "#FFFFFF", corner: 101)
        #expect(encode(V("UIView", 0, 0, 390, 844, [inside, pill])).0.views.count == 2)
        // A radius that is not a number, or infinite (a tree's unreadable one), covers nothing.
        for radius in [Double.nan, .infinity] {
            let unknown = V("UIView", 0, 0, 200, 200, background: "#FFFFFF", corner: radius)
            #expect(encode(V("UIView", 0, 0, 390, 844, [inside, unknown])).0.views.count == 2)
            let card = V("UIView", 0, 0, 200, 200, clips: true, corner: radius, [V("UIView", 0, 0, 200, 200, background: "#FFFFFF")])
            #expect(encode(V("UIView", 0, 0, 390, 844, [inside, card])).0.views.count == 2)
        }
    }
}
