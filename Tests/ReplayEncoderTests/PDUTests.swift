import Testing
import MaskEngine
@testable import ReplayEncoder

/// The seed's binary PDU, byte for byte.
struct PDUTests {
    @Test func seedExampleOne() {
        // (x, y) = (0, 0), (width, height) = (0, 0), type label = 0.
        let view = ReplayView(type: .label, frame: ViewFrame(x: 0, y: 0, width: 0, height: 0))
        #expect(view.pdu == [0x00, 0x00, 0x00, 0x00, 0x00])
    }

    @Test func seedExampleTwo() {
        // (x, y) = (256, 0): x takes two bytes, 0x01 0x00.
        let view = ReplayView(type: .label, frame: ViewFrame(x: 256, y: 0, width: 0, height: 0))
        #expect(view.pdu == [0x80, 0x01, 0x00, 0x00, 0x00, 0x00])
    }

    @Test func flagsInOrderXYWidthHeight() {
        let view = ReplayView(type: .map, x: 1, y: 300, width: 2, height: 65_535)
        #expect(view.pdu == [0x40 | 0x10 | 12, 0x01, 0x01, 0x2C, 0x02, 0xFF, 0xFF])
        #expect(ReplayView(type: .view, x: 256, y: 256, width: 256, height: 256).pdu.count == 9)
        #expect(ReplayView(type: .view, x: 255, y: 255, width: 255, height: 255).pdu.count == 5)
    }

    @Test func roundingAndClamping() {
        #expect(ReplayView.wireValue(0.5) == 1)
        #expect(ReplayView.wireValue(1.49) == 1)
        #expect(ReplayView.wireValue(2.5) == 3)
        #expect(ReplayView.wireValue(-0.4) == 0)
        #expect(ReplayView.wireValue(-20) == 0)
        #expect(ReplayView.wireValue(65_534.5) == 65_535)
        #expect(ReplayView.wireValue(1e12) == 65_535)
        #expect(ReplayView.wireValue(.nan) == 0)
        #expect(ReplayView.wireValue(.infinity) == 0)
    }

    @Test func everyTypeReadsBack() throws {
        for type in ReplayViewType.allCases {
            var reader = ByteReader(ReplayView(type: type, x: 300, y: 2, width: 1000, height: 7).pdu)
            let view = try ReplayView.readPDU(&reader)
            #expect(view == ReplayView(type: type, x: 300, y: 2, width: 1000, height: 7))
            #expect(reader.isAtEnd)
        }
    }

    @Test func reservedTypesAreRefused() {
        for raw: UInt8 in [7, 13, 14, 15] {
            var reader = ByteReader([raw, 0, 0, 0, 0])
            #expect(throws: ReplayDecodingError(offset: 0, reason: .reservedViewType(raw))) { try ReplayView.readPDU(&reader) }
        }
    }

    @Test func backgroundColours() {
        #expect(RGBAColor(hex: "#FF8000") == RGBAColor(red: 255, green: 128, blue: 0, alpha: 255))
        #expect(RGBAColor(hex: "#ff8000fc")?.alpha == 252)
        #expect(RGBAColor(hex: "#ff8000fc")?.isOpaque == false)
        #expect(RGBAColor(hex: "FF8000") == nil)
        #expect(RGBAColor(hex: "#FF80") == nil)
        #expect(RGBAColor(hex: "#GG8000") == nil)
    }
}
