import Testing
import MaskImport

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
        #expect(CaptureImporter.detect(Array(sample.0.utf8)) == sample.1)
    }

    @Test("unknown content is not detected", arguments: ["", "   \n", "hello", "<html><body/></html>", "[1, 2]", "<root><child/></root>"])
    func unknown(_ text: String) {
        #expect(CaptureImporter.detect(Array(text.utf8)) == nil)
    }

    @Test("UTF-16 content is detected")
    func utf16Detection() {
        #expect(CaptureImporter.detect(utf16("<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>", bigEndian: true)) == .xcuitest)
        #expect(CaptureImporter.detect(utf16("<hierarchy><android.view.View/></hierarchy>", bigEndian: false)) == .appiumAndroid)
        #expect(CaptureImporter.detect(utf16("{\"activity_name\":\"a\"}", bigEndian: false)) == .rico)
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
