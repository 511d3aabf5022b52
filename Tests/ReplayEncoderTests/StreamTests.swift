import Testing
import MaskEngine
@testable import ReplayEncoder

/// Frames, deltas and the decoder's typed errors.
struct StreamTests {
    private let first = ReplayFrame(screen: "Home", timestamp: 0, views: [
        ReplayView(type: .view, x: 0, y: 0, width: 390, height: 844),
        ReplayView(type: .label, x: 16, y: 100, width: 200, height: 20, text: "Welcome"),
        ReplayView(type: .maskedText, x: 16, y: 130, width: 120, height: 20),
        ReplayView(type: .textInput, x: 16, y: 160, width: 300, height: 40, text: "ja"),
    ] + (0..<30).map { ReplayView(type: .button, x: 16, y: 300 + UInt16($0) * 20, width: 300, height: 18, text: "Row \($0)") })

    @Test func aSingleFrameIsTheMagicThenOneFullFrame() throws {
        var writer = ReplayStreamWriter()
        #expect(writer.append(ReplayFrame(views: [ReplayView(type: .label, x: 0, y: 0, width: 0, height: 0)])) == .full)
        // magic, version 1, full, length 5+1+1+1+1, timestamp 0, no screen, 1 view, the PDU, no texts
        #expect(writer.bytes == Array("MSKR".utf8) + [1, 0, 9, 0, 0, 1, 0x00, 0x00, 0x00, 0x00, 0x00, 0])
        let decoded = try ReplayDecoder.decode(writer.bytes)
        #expect(decoded.map(\.frame) == [ReplayFrame(views: [ReplayView(type: .label, x: 0, y: 0, width: 0, height: 0)])])
    }

    @Test func smallChangesAreDeltasAndDecodeToTheSameFrames() throws {
        var frames = [first]
        var typed = first
        typed.timestamp = 1000
        typed.views[3].text = "jan"
        frames.append(typed)
        var added = typed
        added.timestamp = 2000
        added.views.insert(ReplayView(type: .image, x: 16, y: 220, width: 40, height: 40), at: 3)
        frames.append(added)
        var removed = added
        removed.timestamp = 3000
        removed.views.remove(at: 1)
        removed.screen = "Home2"
        frames.append(removed)
        var writer = ReplayStreamWriter()
        let kinds = frames.map { writer.append($0) }
        #expect(kinds == [.full, .delta, .delta, .delta])
        let decoded = try ReplayDecoder.decode(writer.bytes)
        #expect(decoded.map(\.frame) == frames)
        #expect(decoded.map(\.base) == [nil, 0, 0, 0])
    }

    @Test func aViewDroppedNearTheTopShiftsNothingAfterIt() throws {
        // The first row scrolled off, one row changed, a row added at the bottom: the
        // 30 rows after the first are the same views one place earlier.
        var scrolled = first
        scrolled.timestamp = 1000
        scrolled.views.remove(at: 4)
        scrolled.views[10].text = "Row 7, read"
        scrolled.views.append(ReplayView(type: .button, x: 16, y: 900, width: 300, height: 18, text: "Row 30"))
        var writer = ReplayStreamWriter()
        writer.append(first)
        let fullSize = writer.bytes.count
        #expect(writer.append(scrolled) == .delta)
        let deltaSize = writer.bytes.count - fullSize
        // One removal, one change with its text, one addition with its text: tens of
        // bytes, not the hundreds of a full frame.
        #expect(deltaSize < 60, "\(deltaSize) bytes")
        let delta = FrameDelta(base: first.views, new: scrolled.views)
        #expect(delta.removed == [4] && delta.changed.map(\.index) == [11] && delta.changed.map(\.newIndex) == [10])
        #expect(delta.added.map(\.index) == [scrolled.views.count - 1])
        #expect(try ReplayDecoder.decode(writer.bytes).map(\.frame) == [first, scrolled])
    }

    @Test func randomEditsRoundTripAndUseTheShortestScript() throws {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var edited = first
            edited.timestamp = 1000
            var edits = 0
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let at = Int.random(in: 0..<max(1, edited.views.count), using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !edited.views.isEmpty: edited.views.remove(at: at)
                case 1: edited.views.insert(ReplayView(type: .label, x: UInt16(round), y: UInt16(at), width: 5, height: 5, text: "New \(round)"), at: at)
                default: if !edited.views.isEmpty { edited.views[at].y &+= 1 }
                }
                edits += 1
            }
            let delta = FrameDelta(base: first.views, new: edited.views)
            // Each edit costs at most one removal and one addition, or one change.
            #expect(delta.removed.count + delta.added.count + delta.changed.count <= 2 * edits)
            var writer = ReplayStreamWriter(fullFrameInterval: 2)
            writer.append(first)
            writer.append(edited)
            #expect(try ReplayDecoder.decode(writer.bytes).map(\.frame) == [first, edited], "round \(round)")
        }
    }

    @Test func aFullFrameAtLeastEveryInterval() {
        var writer = ReplayStreamWriter(fullFrameInterval: 3)
        var kinds: [ReplayStream.FrameKind] = []
        for second in 0..<7 {
            var frame = first
            frame.timestamp = UInt64(second) * 1000
            kinds.append(writer.append(frame))
        }
        #expect(kinds == [.full, .delta, .delta, .full, .delta, .delta, .full])
    }

    @Test func aDeltaLargerThanTheFrameIsSentFull() {
        var writer = ReplayStreamWriter()
        writer.append(first)
        let other = ReplayFrame(screen: "Other", views: [ReplayView(type: .map, x: 1, y: 1, width: 1, height: 1)])
        #expect(writer.append(other) == .full)
    }

    @Test func truncationAnywhereIsATypedError() throws {
        var writer = ReplayStreamWriter()
        writer.append(first)
        var typed = first
        typed.views[3].text = "jane"
        writer.append(typed)
        let bytes = writer.bytes
        for cut in 0..<bytes.count {
            let prefix = Array(bytes.prefix(cut))
            do {
                let frames = try ReplayDecoder.decode(prefix)
                // Only a cut between frames decodes, to fewer frames.
                #expect(frames.count < 2)
            } catch {
                #expect(error.offset <= cut)
            }
        }
    }

    @Test func malformedBytesGetTypedErrors() {
        func reason(_ bytes: [UInt8]) -> ReplayDecodingError.Reason? {
            do { _ = try ReplayDecoder.decode(bytes); return nil } catch { return error.reason }
        }
        let magic = ReplayStream.magic
        #expect(reason([]) == .notAStream)
        #expect(reason(Array("MSKX".utf8)) == .notAStream)
        #expect(reason(magic) == nil)
        #expect(reason(magic + [2, 0, 0]) == .unsupportedVersion(2))
        #expect(reason(magic + [1, 7, 0]) == .unknownFrameKind(7))
        #expect(reason(magic + [1, 0, 200]) == .truncated)
        #expect(reason(magic + [1, 0, 11] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == .numberTooLarge)
        #expect(reason(magic + [1, 0, 3, 0, 0, 100]) == .countTooLarge)
        #expect(reason(magic + [1, 0, 8, 0, 0, 1, 0x07, 0, 0, 0, 0]) == .reservedViewType(7))
        #expect(reason(magic + [1, 0, 4, 0, 2, 0xC3, 0x28, 0]) == .invalidUTF8)
        // A text for a masked view.
        #expect(reason(magic + [1, 0, 12, 0, 0, 1, 0x08, 0, 0, 0, 0, 1, 0, 1, 0x41]) == .textForViewWithoutText(0))
        // A text for a view that does not exist.
        #expect(reason(magic + [1, 0, 12, 0, 0, 1, 0x00, 0, 0, 0, 0, 1, 1, 1, 0x41]) == .indexOutOfRange(1))
        // A delta first.
        #expect(reason(magic + [1, 1, 8, 0, 0, 0, 0, 0, 0, 0, 0]) == .missingBase(0))
        // Bytes after the last section.
        #expect(reason(magic + [1, 0, 5, 0, 0, 0, 0, 9]) == .trailingBytes)
        // A delta whose counts do not add up: base of 1 view, delta says 3 views, adds 1.
        let base: [UInt8] = [1, 0, 9, 0, 0, 1, 0x00, 0, 0, 0, 0, 0]
        #expect(reason(magic + base + [1, 1, 14, 0, 0, 3, 0, 0, 0, 1, 0, 0x06, 1, 1, 1, 1, 0]) == .viewCountMismatch(expected: 3, found: 2))
    }

    @Test func errorsRenderOnOneLine() {
        let error = ReplayDecodingError(offset: 12, reason: .reservedViewType(13))
        #expect(error.message == "offset 12: view type 13 is reserved")
    }
}

/// What the writer never sends, and the classifier hook.
struct WriterContractTests {
    @Test func aPlaceholderNeverCarriesTextEvenIfGivenOne() throws {
        var writer = ReplayStreamWriter()
        writer.append(ReplayFrame(views: [ReplayView(type: .maskedText, x: 1, y: 1, width: 1, height: 1, text: "Jane")]))
        #expect(!EncoderPropertyTests.contains(writer.bytes, Array("Jane".utf8)))
        #expect(try ReplayDecoder.decode(writer.bytes)[0].frame.views[0].text == nil)
    }

    /// The seed's `CenteredLabel`: the classifier shrinks the content frame to the text.
    struct CenteredLabel: ViewClassifier {
        func classify(_ view: ViewFacts, frame: inout ViewFrame) -> ViewClassification? {
            guard view.className == "CenteredLabel" else { return nil }
            frame.x += (frame.width - 60) / 2
            frame.width = 60
            return ViewClassification(kind: .text, recurse: false)
        }
    }

    @Test func theClassifierSetsKindAndContentFrame() {
        var encoder = FrameEncoder(table: table(default: .unmask), classifier: CenteredLabel())
        encoder.begin(screen: "S")
        encoder.enter(ViewFacts(className: "CenteredLabel"), ViewAppearance(frame: ViewFrame(x: 0, y: 10, width: 390, height: 20), text: "ABC"))
        let descends = encoder.enter(ViewFacts(className: "UILabel"), ViewAppearance(frame: ViewFrame(x: 0, y: 10, width: 10, height: 10), text: "inner"))
        #expect(!descends)
        encoder.leave()
        encoder.leave()
        #expect(summary(encoder.finish()) == ["label 165 10 60 20 \"ABC\""])
        #expect(encoder.stats[.notEmitted] == 1)
    }
}
