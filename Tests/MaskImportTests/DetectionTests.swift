import MaskStorage
import Testing
import MaskImport
import MaskJSON

/// Format detection goes by content, not by file name.
@Suite("Detection")
struct DetectionTests {
    @Test("each format is detected from a small sample", arguments: [
        ("{\"screen\": \"S\", \"root\": {\"class\": \"UILabel\"}}", CaptureFormat.json),
        ("  \n{\"class\": \"UILabel\"}", .json),
        ("{\"activity_name\": \"a/a.B\", \"activity\": {\"root\": {\"class\": \"V\"}}}", .rico),
        ("{\"activity\": {\"root\": {\"class\": \"V\"}}, \"request_id\": 1}", .rico),
        // Truncated Rico JSON still says what it is.
        ("{\"activity_name\": \"a/a.B\", \"activity\": {", .rico),
        ("<?xml version='1.0' ?><hierarchy rotation=\"0\"><node class=\"V\"/></hierarchy>", .uiautomator),
        ("<hierarchy><node\nclass=\"V\"/></hierarchy>", .uiautomator),
        ("<?xml version=\"1.0\"?><hierarchy index=\"0\"><android.widget.FrameLayout class=\"android.widget.FrameLayout\"/></hierarchy>", .appiumAndroid),
        // <nodes> is not <node>.
        ("<hierarchy><nodes/></hierarchy>", .appiumAndroid),
        ("<?xml version=\"1.0\"?>\n<AppiumAUT><XCUIElementTypeApplication name=\"A\"/></AppiumAUT>", .xcuitest),
        ("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\"/>", .xcuitest),
        ("dumped:\n<hierarchy><node/></hierarchy>", .uiautomator),
    ] as [(String, CaptureFormat)])
    func detects(_ sample: (String, CaptureFormat)) {
        #expect(CaptureImporter.detect(Array(sample.0.utf8)) == .format(sample.1))
    }

    @Test("unknown content is not detected", arguments: ["", "   \n", "hello", "<html><body/></html>", "[1, 2]", "<root><child/></root>"])
    func unknown(_ text: String) {
        #expect(CaptureImporter.detect(Array(text.utf8)) == .unknown)
    }

    @Test("UTF-16 content is detected")
    func utf16Detection() {
        #expect(CaptureImporter.detect(utf16("<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>", bigEndian: true)) == .format(.xcuitest))
        #expect(CaptureImporter.detect(utf16("<hierarchy><android.view.View/></hierarchy>", bigEndian: false)) == .format(.appiumAndroid))
        #expect(CaptureImporter.detect(utf16("{\"activity_name\":\"a\"}", bigEndian: false)) == .format(.rico))
    }

    @Test("text that is neither UTF-8 nor UTF-16 is undecodable, with where it fails")
    func undecodable() throws {
        // An XML capture with a stray byte inside an attribute.
        let xml = Array("<?xml version=\"1.0\"?>\n<hierarchy><node text=\"".utf8) + [0xFF, 0x41] + Array("\"/></hierarchy>".utf8)
        guard case .undecodable(let line, let column, let message) = CaptureImporter.detect(xml) else {
            Issue.record("not undecodable: \(CaptureImporter.detect(xml))")
            return
        }
        #expect(line == 2 && column == 24 && message.contains("UTF-8"))
        // A lone UTF-16 surrogate after a byte order mark.
        let broken: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00]
        guard case .undecodable = CaptureImporter.detect(broken) else {
            Issue.record("not undecodable: \(CaptureImporter.detect(broken))")
            return
        }
        // The message names bytes and positions, never the capture's text.
        #expect(!message.contains("A\""))
        // A JSON object with a bad byte is JSON's, and so is other text: its reader says where.
        #expect(CaptureImporter.detect(Array("{\"class\":\"".utf8) + [0xFF] + Array("\"}".utf8)) == .format(.json))
        #expect(CaptureImporter.detect([0x41, 0xFF, 0x3C]) == .unknown)
    }

    /// `{"activity": {"root": DECOY}, "note": "xxx...", KEY: ...}`: a maskc tree's own key
    /// after `padding` bytes, behind a Rico hierarchy.
    static func decoy(padding: Int, key: String = #""root":{"class":"UILabel"}"#) -> [UInt8] {
        Array((#"{"activity":{"root":{"class":"Decoy"}},"note":""# + String(repeating: "x", count: padding) + #"",\#(key)}"#).utf8)
    }

    @Test("JSON is decided from its whole top level: maskc's keys behind a Rico decoy make it ambiguous, however far in", arguments: [0, 70_000, 3 << 20])
    func wholeTopLevel(padding: Int) {
        for key in [#""root":{"class":"UILabel"}"#, #""class":"UILabel""#, #""r\u006Fot":{"class":"UILabel"}"#, #""\u0063lass":"UILabel""#] {
            #expect(CaptureImporter.detect(Self.decoy(padding: padding, key: key)) == .ambiguous(line: 1, column: 2), "\(key)")
            #expect(CaptureImporter.detect(InputBytes(Self.decoy(padding: padding, key: key))) == .ambiguous(line: 1, column: 2))
        }
        // The other way round: the tree first, the decoy far in (its position is given).
        let late = #"{"root":{"class":"UILabel"},"note":"\#(String(repeating: "x", count: padding))",\#n "activity":{"root":{}}}"#
        #expect(CaptureImporter.detect(Array(late.utf8)) == .ambiguous(line: 2, column: 2))
        // Without the decoy's `root`, or without maskc's keys, only one reader can read it.
        #expect(CaptureImporter.detect(Self.decoy(padding: padding, key: #""other":1"#)) == .format(.rico))
    }

    @Test("only top-level keys count, decoded; keys in nested objects and in strings do not", arguments: [
        (#"{"activity":{"root":{"class":"V","root":1,"children":[{"class":"W"}]}},"text":"\"class\": \"root\""}"#, CaptureImporter.Detection.format(.rico)),
        (#"{"class":"V","children":[{"activity":{"root":{}}}],"text":"\"activity\":{\"root\":{}}"}"#, .format(.json)),
        (#"{"root":{"class":"V"},"activity":"Main"}"#, .format(.json)),
        (#"{"root":{"class":"V"},"activity":{"name":"Main","nested":{"root":{}}}}"#, .format(.json)),
        (#"{"root":{"class":"V"},"activity_name":"a/a.Main"}"#, .format(.json)),
        (#"{"class":"V", "\u0061ctivity" : { "r\u006fot" : {} } }"#, .ambiguous(line: 1, column: 15)),
        (#"{"screen":"S","root":{"class":"V"},"activity":{"root":{"class":"W"}}}"#, .ambiguous(line: 1, column: 36)),
        (#"{"a\"ctivity":{"root":{}},"class":"V"}"#, .format(.json)),
        ("{}", .format(.json)),
    ] as [(String, CaptureImporter.Detection)])
    func topLevelOnly(_ sample: (String, CaptureImporter.Detection)) {
        #expect(CaptureImporter.detect(Array(sample.0.utf8)) == sample.1)
    }

    @Test("a UTF-8 byte order mark is skipped before JSON as before XML; positions ignore it")
    func byteOrderMark() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(CaptureImporter.detect(mark + Array(#" {"class":"V"}"#.utf8)) == .format(.json))
        #expect(CaptureImporter.detect(mark + Array(#"{"activity":{"root":{}}}"#.utf8)) == .format(.rico))
        #expect(CaptureImporter.detect(mark + Self.decoy(padding: 10)) == .ambiguous(line: 1, column: 2))
        #expect(CaptureImporter.detect(utf16(#"{"root":{},"activity":{"root":{}}}"#, bigEndian: true)) == .ambiguous(line: 1, column: 12))
    }

    @Test("maskc's own JSON passes through unchanged")
    func passThrough() throws {
        let bytes = Array("{ \"screen\" : \"S\",\n \"root\": {\"class\": \"UILabel\", \"text\": \"a\\u0041\"} }\n".utf8)
        #expect(try CaptureImporter.convert(bytes, format: .json, file: "t.json") == bytes)
    }

    @Test("format names are the CLI spellings")
    func names() {
        #expect(CaptureFormat.allCases.map(\.rawValue) == ["json", "uiautomator", "appium-android", "rico", "xcuitest"])
        #expect(CaptureFormat(rawValue: "appium-android") == .appiumAndroid)
    }
}
