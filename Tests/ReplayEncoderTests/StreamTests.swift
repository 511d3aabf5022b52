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
