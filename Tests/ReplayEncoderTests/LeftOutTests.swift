import Testing
import MaskEngine
import ReplayEncoder

/// Views that draw nothing, clipping, covered views, drawing order and coordinates.
struct LeftOutTests {
    @Test func everyReasonIsCounted() {
        let root = V("UIView", 0, 0, 400, 800, [
            V("UILabel", 0, 0, 100, 20, text: "hidden", hidden: true, [V("UILabel", 0, 0, 10, 10, text: "inside hidden")]),
            V("UILabel", 0, 30, 100, 20, text: "clear", alpha: 0),
            V("UILabel", 0, 60, 0, 20, text: "zero"),
            V("UIView", 0, 90, 100, 100),  // no content, background or border
            V("UIView", 0, 200, 100, 100, background: "#00000000"),  // transparent background
            V("UIScrollView", 0, 300, 100, 100, [V("UILabel", 0, 500, 100, 20, text: "scrolled away", [V("UILabel", 0, 300, 10, 10, text: "x")])]),
            V("UILabel", 0, 700, 100, 20, text: "shown"),
        ])
        let (frame, stats) = encode(root)
        #expect(summary(frame) == ["label 0 700 100 20 \"shown\""])
        #expect(stats.viewsIn == 11)
        #expect(stats.viewsDrawn == 1)
        #expect(stats[.hidden] == 2)
        #expect(stats[.transparent] == 1)
        #expect(stats[.zeroArea] == 1)
        #expect(stats[.drawsNothing] == 4)  // root, the empty view, the transparent background, the scroll view
        #expect(stats[.clipped] == 2)
    }

    /// Views entered below a view left out with its subtree are only counted: leaving
    /// them returns to the right parent, and a frame finished inside such a subtree
    /// leaves the encoder ready for the next.
    @Test func aDeepLeftOutSubtreeIsLeftCleanly() {
        let hidden = V("UIView", 0, 0, 100, 100, hidden: true, [
            V("UIView", 0, 0, 50, 50, [V("UIView", 0, 0, 20, 20, [V("UILabel", 0, 0, 10, 10, text: "deep")])]),
            V("UILabel", 0, 60, 10, 10, text: "also hidden"),
        ])
        let root = V("UIScrollView", 0, 0, 400, 800, [hidden, V("UILabel", 0, 200, 100, 20, text: "after")])
        let (frame, stats) = encode(root)
        #expect(summary(frame) == ["label 0 200 100 20 \"after\""])
        #expect(stats[.hidden] == 5)
        #expect(stats.viewsIn == 7)

        var encoder = FrameEncoder(table: table())
        encoder.begin(screen: "Test")
        encoder.enter(root.facts, root.look)
        encoder.enter(hidden.facts, hidden.look)
        encoder.enter(hidden.children[0].facts, hidden.children[0].look)  // below the hidden view
        #expect(encoder.finish().views.isEmpty)
        encoder.begin(screen: "Test")
        walk(root, &encoder)
        #expect(summary(encoder.finish()) == ["label 0 200 100 20 \"after\""])
    }

    @Test func aTransparentContainersChildrenDraw() {
        let root = V("UIView", 0, 0, 400, 800, [V("UIView", 0, 0, 200, 200, [V("UILabel", 10, 10, 50, 20, text: "in")])])
        #expect(summary(encode(root).0) == ["label 10 10 50 20 \"in\""])
    }

    @Test func alphaMultipliesDownTheChain() {
        let root = V("UIView", 0, 0, 400, 800, alpha: 0, [V("UILabel", 10, 10, 50, 20, text: "in")])
        let (frame, stats) = encode(root)
        #expect(frame.views.isEmpty)
        #expect(stats[.transparent] == 2)
    }

    @Test func clippingAncestorsCutFrames() {
        let root = V("UIView", 0, 0, 400, 800, [
            V("UIView", 50, 50, 100, 100, clips: true, [V("UILabel", 100, 100, 200, 20, text: "cut")]),
            V("UIView", 300, 300, 50, 50, [V("UILabel", 300, 300, 200, 20, text: "not cut")]),
        ])
        #expect(summary(encode(root).0) == ["label 100 100 50 20 \"cut\"", "label 300 300 200 20 \"not cut\""])
    }

    @Test func androidViewGroupsClipByDefaultUnlessTheTreeSaysNot() {
        let inside = V("android.widget.TextView", 0, 80, 100, 40, text: "t")
        let clipped = V("android.widget.FrameLayout", 0, 0, 400, 100, [inside])
        #expect(summary(encode(V("android.view.View", 0, 0, 400, 800, [clipped])).0) == ["label 0 80 100 20 \"t\""])
        let open = V("android.widget.FrameLayout", 0, 0, 400, 100, clips: false, [inside])
        #expect(summary(encode(V("android.view.View", 0, 0, 400, 800, [open])).0) == ["label 0 80 100 40 \"t\""])
    }

    @Test func contentFramePositionsText() {
        let label = V("UILabel", 0, 100, 400, 40, text: "ABC", content: ViewFrame(x: 180, y: 110, width: 40, height: 20))
        #expect(summary(encode(V("UIView", 0, 0, 400, 800, [label])).0) == ["label 180 110 40 20 \"ABC\""])
    }

    /// Text or an image clipped to nothing is not sent, neither at its content frame nor
    /// at its frame; its children are still visited.
    @Test func contentClippedAwayByAnAncestorIsLeftOut() {
        let away = V("UILabel", 0, 150, 100, 40, text: "TEXT_CLIPPED_AWAY", content: ViewFrame(x: 0, y: 250, width: 50, height: 20),
                     [V("UILabel", 0, 160, 100, 20, text: "child")])
        let root = V("UIView", 0, 0, 390, 844, [V("UIScrollView", 0, 100, 100, 100, [away])])
        let (frame, stats) = encode(root)
        #expect(summary(frame) == ["label 0 160 100 20 \"child\""])
        #expect(stats[.clipped] == 1)
        #expect(stats.viewsDrawn == 1)
    }

    /// A view's own `clipsToBounds` clips what it draws: the part of its text outside its
    /// bounds is not shown, and text entirely outside is not sent.
    @Test func aViewsOwnClipsToBoundsClipsItsContent() {
        func label(clips: Bool?, content: ViewFrame) -> V {
            V("UIView", 0, 0, 390, 844, [V("UILabel", 0, 0, 100, 40, text: "OUTSIDE", clips: clips, content: content)])
        }
        let outside = ViewFrame(x: 200, y: 200, width: 50, height: 20)
        let (frame, stats) = encode(label(clips: true, content: outside))
        #expect(frame.views.isEmpty)
        #expect(stats[.clipped] == 1)
        #expect(summary(encode(label(clips: true, content: ViewFrame(x: 80, y: 10, width: 50, height: 20))).0) == ["label 80 10 20 20 \"OUTSIDE\""])
        // Not clipping, the label draws its text outside its frame.
        #expect(summary(encode(label(clips: nil, content: outside)).0) == ["label 200 200 50 20 \"OUTSIDE\""])
    }

    /// Masked text and images clipped to nothing send no placeholder either.
    @Test func maskedContentClippedAwayIsLeftOut() {
        let outside = ViewFrame(x: 0, y: 500, width: 50, height: 20)
        let root = V("UIView", 0, 0, 390, 844, [V("UIScrollView", 0, 0, 100, 100, [
            V("UILabel", 0, 10, 100, 40, text: "secret", content: outside),
            V("UIImageView", 0, 50, 100, 40, content: outside, image: true),
            V("UITextField", 0, 60, 100, 30, text: "pw", secure: true, content: outside),
        ])])
        let (frame, stats) = encode(root, table: table(default: .mask))
        #expect(frame.views.isEmpty)
        #expect(stats[.clipped] == 3)
    }

    /// A view whose content is clipped away still draws its background or border: it is
    /// sent as a `view` at its clipped frame, with no text.
    @Test func contentClippedAwayLeavesTheBackground() {
        let root = V("UIView", 0, 0, 390, 844, [
            V("UILabel", 0, 0, 100, 40, text: "OUTSIDE", background: "#FF0000", clips: true, content: ViewFrame(x: 200, y: 200, width: 50, height: 20)),
            V("UILabel", 0, 50, 100, 40, text: "BORDERED", clips: true, content: ViewFrame(x: 200, y: 200, width: 50, height: 20), border: 1),
        ])
        let (frame, stats) = encode(root)
        #expect(summary(frame) == ["view 0 0 100 40", "view 0 50 100 40"])
        #expect(stats[.clipped] == 0)
    }

    /// A content frame with no area draws nothing: the text is not sent at the frame.
    @Test func contentWithoutAreaIsLeftOut() {
        let root = V("UIView", 0, 0, 390, 844, [V("UILabel", 0, 0, 100, 40, text: "EMPTY", content: ViewFrame(x: 10, y: 10, width: 0, height: 20))])
        let (frame, stats) = encode(root)
        #expect(frame.views.isEmpty)
        #expect(stats[.zeroArea] == 1)
    }

    @Test func superviewCoordinatesAreConvertedToTheWindow() {
        let root = V("UIView", 10, 20, 400, 800, [V("UIView", 5, 5, 200, 200, [V("UILabel", 1, 2, 50, 20, text: "deep")])])
        #expect(summary(encode(root, coordinates: .superview).0) == ["label 16 27 50 20 \"deep\""])
    }

    @Test func anOpaqueLaterSiblingCoversWithSubtree() {
        let root = V("UIView", 0, 0, 400, 800, [
            V("UIView", 0, 0, 400, 400, background: "#FF0000", [V("UILabel", 10, 10, 100, 20, text: "under")]),
            V("UIView", 0, 0, 400, 400, background: "#FFFFFF"),
        ])
        let (frame, stats) = encode(root)
        #expect(summary(frame) == ["view 0 0 400 400"])
        #expect(stats[.covered] == 2)
        // Without removal, both stay.
        #expect(encode(root, removingCovered: false).0.views.count == 3)
    }

    @Test func anAlmostOpaqueOverlayHidesNothing() {
        let under = V("UILabel", 10, 10, 100, 20, text: "account 1234")
        for overlay in [V("UIView", 0, 0, 400, 400, background: "#FFFFFFFE"),
                        V("UIView", 0, 0, 400, 400, background: "#FFFFFF", alpha: 0.99),
                        V("UIView", 0, 0, 400, 400, background: "#FFFFFF", transformed: true)] {
            let frame = encode(V("UIView", 0, 0, 400, 800, [under, overlay])).0
            #expect(frame.views.count == 2)
        }
        // An ancestor's alpha counts too.
        let faded = V("UIView", 0, 0, 400, 800, alpha: 0.99, [under, V("UIView", 0, 0, 400, 400, background: "#FFFFFF")])
        #expect(encode(faded).0.views.count == 2)
    }

    @Test func aPartialCoverRemovesNothing() {
        let root = V("UIView", 0, 0, 400, 800, [
            V("UILabel", 10, 10, 100, 20, text: "peeks out"),
            V("UIView", 0, 0, 100, 400, background: "#FFFFFF"),
        ])
        #expect(summary(encode(root).0) == ["label 10 10 100 20 \"peeks out\"", "view 0 0 100 400"])
    }

    @Test func zIndexOrdersSiblingsAndCovering() {
        // The cover comes first in the list but draws last: it covers the label.
        let root = V("UIView", 0, 0, 400, 800, [
            V("UIView", 0, 0, 400, 400, background: "#FFFFFF", z: 1),
            V("UILabel", 10, 10, 100, 20, text: "under"),
        ])
        let (frame, stats) = encode(root)
        #expect(summary(frame) == ["view 0 0 400 400"])
        #expect(stats[.covered] == 1)
        // Without removal, the order is back to front.
        #expect(summary(encode(root, removingCovered: false).0) == ["label 10 10 100 20 \"under\"", "view 0 0 400 400"])
        // A lower zIndex draws first: the label is on top and stays.
        let below = V("UIView", 0, 0, 400, 800, [V("UILabel", 10, 10, 100, 20, text: "top", z: 2), V("UIView", 0, 0, 400, 400, background: "#FFFFFF", z: 1)])
        #expect(summary(encode(below).0) == ["view 0 0 400 400", "label 10 10 100 20 \"top\""])
    }

    @Test func anEarlierViewCoversNothing() {
        let root = V("UIView", 0, 0, 400, 800, [
            V("UIView", 0, 0, 400, 400, background: "#FFFFFF"),
            V("UILabel", 10, 10, 100, 20, text: "on top"),
        ])
        #expect(encode(root).0.views.count == 2)
    }
}
