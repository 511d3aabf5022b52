import Testing
import MaskImport
import MaskJSON

/// Depth is limited by memory only: nothing recurses.
@Suite("Deep trees")
struct DeepTreeTests {
    static let depth = 100_000

    static func deepXML(closed: Bool) -> [UInt8] {
        var xml = Array("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">".utf8)
        let open = Array("<node class=\"android.view.View\" text=\"t\" bounds=\"[0,0][1,1]\">".utf8)
        let close = Array("</node>".utf8)
        xml.reserveCapacity(depth * (open.count + close.count) + 64)
        for _ in 0..<depth { xml.append(contentsOf: open) }
        if closed {
            for _ in 0..<depth { xml.append(contentsOf: close) }
            xml.append(contentsOf: Array("</hierarchy>".utf8))
        }
        return xml
    }

    @Test("a 100,000-deep uiautomator dump converts and reads back")
    func deepConverts() throws {
        let converted = try convertAndRead(Self.deepXML(closed: true), format: .uiautomator)
        #expect(converted.views.count == Self.depth)
        #expect(converted.document.tree.depth(of: Self.depth - 1) == Self.depth - 1)
        #expect(converted.decisions.allSatisfy { $0.isMasked })
        #expect(converted.json.suffix(5) == Array("]}]}}".utf8))
    }

    @Test("a 100,000-deep unclosed dump is an error, not a crash")
    func deepUnclosed() throws {
        let error = try #require(importError(Self.deepXML(closed: false), format: .uiautomator))
        #expect(error.message == "element <node> is not closed before the end of the input")
        #expect(error.line == 1)
        // The innermost open element: the last start tag.
        let tagLength = "<node class=\"android.view.View\" text=\"t\" bounds=\"[0,0][1,1]\">".count
        let prefix = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">".count
        #expect(error.column == prefix + (Self.depth - 1) * tagLength + 1)
    }
}
