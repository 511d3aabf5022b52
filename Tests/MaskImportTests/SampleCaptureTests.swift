import Testing
import MaskEngine
import MaskImport
import MaskJSON

/// The real captures in Tests/Fixtures/Captures convert, and maskc reads the result.
@Suite("Real captures")
struct SampleCaptureTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var path: String
        var format: CaptureFormat
        var screen: String?
        var viewCount: Int
        var classCounts: [String: Int]
        /// A field and a string value it must hold somewhere in the tree.
        var knownText: (key: String, value: String)?
        /// An accessibility identifier the tree must hold, or nil for a capture with none.
        var knownIdentifier: String?
        var testDescription: String { path }
    }

    static let samples: [Expectation] = [
        Expectation(path: "uiautomator/pocket-financer_window_dump.xml", format: .uiautomator, screen: "com.pocketfinancer",
                    viewCount: 64,
                    classCounts: ["android.widget.TextView": 35, "android.view.View": 21, "android.widget.Button": 3,
                                  "android.widget.FrameLayout": 2, "android.widget.LinearLayout": 1,
                                  "androidx.compose.ui.platform.ComposeView": 1, "android.widget.ScrollView": 1],
                    knownText: ("text", "Qwen3-1.7B Q8_0"), knownIdentifier: "android:id/content"),
        Expectation(path: "uiautomator/college-companion_window_dump.xml", format: .uiautomator, screen: "com.jayeshmahajan.collegecompanion",
                    viewCount: 45,
                    classCounts: ["android.view.View": 34, "android.widget.Button": 6, "android.widget.FrameLayout": 3,
                                  "android.widget.LinearLayout": 1, "android.widget.ScrollView": 1],
                    // &#10; and &#128075; decoded.
                    knownText: ("accessibilityLabel", "Good Evening,\nJayesh \u{1F44B}"), knownIdentifier: "android:id/statusBarBackground"),
        Expectation(path: "uiautomator/flutter-fractal-forge_ui_dump.xml", format: .uiautomator, screen: "com.trebuchetdynamics.fractal.forge",
                    viewCount: 23,
                    classCounts: ["android.view.View": 11, "android.widget.Button": 7, "android.widget.FrameLayout": 3,
                                  "android.widget.LinearLayout": 1, "android.widget.EditText": 1],
                    knownText: ("accessibilityLabel", "Fractal Catalog"), knownIdentifier: "android:id/navigationBarBackground"),
        Expectation(path: "rico/dailyreflections_124.json", format: .rico, screen: "aa.apps.dailyreflections/aa.apps.dailyreflections.EditActivity",
                    viewCount: 68,
                    classCounts: ["android.widget.LinearLayout": 26, "android.widget.TextView": 17, "android.widget.RelativeLayout": 8,
                                  "com.android.internal.widget.PreferenceImageView": 7, "android.widget.Button": 3,
                                  "android.widget.FrameLayout": 2, "android.widget.CheckBox": 2,
                                  "com.android.internal.policy.PhoneWindow$DecorView": 1, "android.view.ViewStub": 1, "android.widget.ListView": 1],
                    knownText: ("text", "Adjust the default font size."), knownIdentifier: "android:id/headers"),
        Expectation(path: "rico/clockAndWeather_107.json", format: .rico, screen: "air.clockAndWeather/air.clockAndWeather.AppEntry",
                    viewCount: 11,
                    classCounts: ["android.widget.RelativeLayout": 4, "android.widget.FrameLayout": 2,
                                  "com.android.internal.policy.PhoneWindow$DecorView": 1, "android.widget.LinearLayout": 1,
                                  "android.view.ViewStub": 1, "com.adobe.air.AndroidCameraView": 1, "com.adobe.air.AIRWindowSurfaceView": 1],
                    // An AIR app drawing on a surface: no view holds text.
                    knownText: nil, knownIdentifier: "android:id/action_mode_bar_stub"),
        Expectation(path: "rico/avon_279.json", format: .rico, screen: "air.com.avon.mobile.AvonMobile/air.com.avon.mobile.AvonMobile.AppEntry",
                    viewCount: 35,
                    classCounts: ["android.widget.LinearLayout": 9, "android.widget.FrameLayout": 4, "android.widget.TextView": 4,
                                  "android.widget.ImageView": 3, "android.widget.Button": 3, "android.widget.ScrollView": 2,
                                  "android.widget.TableRow": 2, "android.view.View": 2, "android.widget.RelativeLayout": 2,
                                  "com.android.internal.policy.PhoneWindow$DecorView": 1, "com.android.internal.widget.DialogTitle": 1,
                                  "android.widget.TableLayout": 1, "android.view.ViewStub": 1],
                    knownText: ("text", "Trust this server and make the connection?"), knownIdentifier: "android:id/alertTitle"),
        Expectation(path: "xcuitest/settings_top.xml", format: .xcuitest, screen: "Settings",
                    viewCount: 93,
                    classCounts: ["XCUIElementTypeOther": 28, "XCUIElementTypeStaticText": 17, "XCUIElementTypeCell": 15,
                                  "XCUIElementTypeImage": 15, "XCUIElementTypeButton": 14, "XCUIElementTypeApplication": 1,
                                  "XCUIElementTypeWindow": 1, "XCUIElementTypeNavigationBar": 1, "XCUIElementTypeTable": 1],
                    // &amp; decoded.
                    knownText: ("text", "Siri & Search"), knownIdentifier: "APPLE_ACCOUNT"),
        Expectation(path: "xcuitest/sample_app_ios1.xml", format: .xcuitest, screen: "App.dev",
                    viewCount: 70,
                    classCounts: ["XCUIElementTypeStaticText": 26, "XCUIElementTypeOther": 17, "XCUIElementTypeTextField": 8,
                                  "XCUIElementTypeButton": 7, "XCUIElementTypeWindow": 3, "XCUIElementTypeImage": 3,
                                  "XCUIElementTypeSecureTextField": 2, "XCUIElementTypeApplication": 1,
                                  "XCUIElementTypeNavigationBar": 1, "XCUIElementTypeScrollView": 1, "XCUIElementTypeStatusBar": 1],
                    // Every `name` in this capture is text (issue 16, item 12): no identifiers.
                    knownText: ("text", "Enter password."), knownIdentifier: nil),
    ]

    @Test("each sample is detected, converts, and reads back", arguments: samples)
    func sampleConverts(_ sample: Expectation) throws {
        let bytes = try fixture(sample.path)
        #expect(CaptureImporter.detect(bytes) == .format(sample.format))
        let converted = try convertAndRead(bytes, format: sample.format, file: sample.path)
        #expect(converted.document.isWrapped)
        #expect(converted.document.tree.screen == sample.screen)
        #expect(converted.views.count == sample.viewCount)
        #expect(converted.classCounts == sample.classCounts)
        if let known = sample.knownText {
            #expect(converted.strings(known.key).contains(known.value))
        } else {
            #expect(converted.strings("text").isEmpty)
        }
        if let identifier = sample.knownIdentifier {
            #expect(converted.views.contains { $0.accessibilityIdentifier == identifier })
        } else {
            #expect(!converted.views.contains { $0.accessibilityIdentifier != nil })
        }
        #expect(converted.decisions.count == sample.viewCount)
        // Masking the converted tree works end to end.
        let masked = try TreeMasker(table: maskEverything).apply(converted.json, file: sample.path)
        _ = try JSONReader.parse(masked)
        if let known = sample.knownText {
            #expect(!String(decoding: masked, as: UTF8.self).contains(known.value))
        }
    }

    @Test("conversion is deterministic", arguments: samples)
    func deterministic(_ sample: Expectation) throws {
        let bytes = try fixture(sample.path)
        let first = try CaptureImporter.convert(bytes, format: sample.format, file: sample.path)
        let second = try CaptureImporter.convert(bytes, format: sample.format, file: sample.path)
        #expect(first == second)
        #expect(first.first == UInt8(ascii: "{"))
        #expect(!first.contains(0x0A))  // compact: one line
    }

    @Test("secure text fields in sample_app_ios1.xml are secure")
    func secureFields() throws {
        let converted = try convertAndRead(try fixture("xcuitest/sample_app_ios1.xml"), format: .xcuitest)
        let secure = converted.views.indices.filter { converted.views[$0].className == "XCUIElementTypeSecureTextField" }
        #expect(secure.count == 2)
        for index in secure {
            #expect(converted.views[index].isSecureTextEntry)
            #expect(converted.decisions[index].kind == .secureText)
            #expect(converted.decisions[index].isSecure)
        }
        // The labels of the secure fields are bullets once masked.
        let masked = String(decoding: try TreeMasker(table: maskEverything).apply(converted.json, file: "s"), as: UTF8.self)
        #expect(!masked.contains("password1"))
        #expect(masked.contains("\"accessibilityLabel\":\"•••••••••\""))
    }

    @Test("XCUITest: hidden, enabled, static text and name that is only the label")
    func xcuitestMapping() throws {
        let converted = try convertAndRead(try fixture("xcuitest/settings_top.xml"), format: .xcuitest)
        // 38 elements have visible="false".
        #expect(converted.text.components(separatedBy: "\"hidden\":true").count - 1 == 38)
        #expect(converted.text.contains("{\"class\":\"XCUIElementTypeStaticText\",\"accessibilityIdentifier\":\"APPLE_ACCOUNT\",\"frame\":{"))
        // name == label: XCUITest's fallback, not an identifier.
        #expect(!converted.views.contains { $0.accessibilityIdentifier == "General" })
        #expect(converted.strings("accessibilityLabel").contains("General"))
        // Apple's all-caps names repeat the label (NEWS for News) or are single words
        // (GAMECENTER for Game Center): text, not identifiers.
        #expect(Set(converted.views.compactMap(\.accessibilityIdentifier)) == ["APPLE_ACCOUNT", "DEVELOPER_SETTINGS", "com.example.app"])
        #expect(converted.strings("name") == ["SIRI", "GAMECENTER"])
        // The navigation bar's name copies its title's label: text, standing for its label.
        #expect(converted.text.contains(#"{"class":"XCUIElementTypeNavigationBar","frame":{"x":0,"y":47,"width":390,"height":96},"accessibilityLabel":"Settings""#))
    }

    @Test("issue 16 item 12: sample_app_ios1.xml's text-only names are text, masked with the view")
    func xcuitestNamesThatAreText() throws {
        let bytes = try fixture("xcuitest/sample_app_ios1.xml")
        let converted = try convertAndRead(bytes, format: .xcuitest)
        #expect(converted.views.allSatisfy { $0.accessibilityIdentifier == nil })
        // StaticText with only name="Enter password.": its text.
        #expect(converted.text.contains(#""text":"Enter password.","accessibilityLabel":"Enter password.""#))
        #expect(converted.strings("text").contains("Enter information as possible as you can."))
        // The navigation bar copies its title's label into its name.
        #expect(converted.text.contains(#"{"class":"XCUIElementTypeNavigationBar","frame":{"x":0,"y":20,"width":375,"height":44},"accessibilityLabel":"Text2""#))
        // Masked, none of it survives.
        let masked = String(decoding: try TreeMasker(table: maskEverything).apply(converted.json, file: "s"), as: UTF8.self)
        for text in ["Enter password.", "Enter information", "Text2", "Mail Address"] {
            #expect(!masked.contains(text), "\(text)")
        }
    }

    @Test("Rico: superclasses, frame and visibility")
    func ricoMapping() throws {
        let converted = try convertAndRead(try fixture("rico/clockAndWeather_107.json"), format: .rico)
        let root = converted.views[0]
        #expect(root.className == "com.android.internal.policy.PhoneWindow$DecorView")
        #expect(root.superclasses == ["android.widget.FrameLayout", "android.view.ViewGroup", "android.view.View", "java.lang.Object"])
        #expect(converted.text.contains("\"frame\":{\"x\":0,\"y\":0,\"width\":1440,\"height\":2392}"))
        #expect(converted.strings("visibility").filter { $0 == "gone" }.count == 1)
        // content-desc [null] gives no label.
        #expect(converted.strings("accessibilityLabel").isEmpty)
    }

    @Test("uiautomator: bounds become frames, flags are booleans")
    func uiautomatorMapping() throws {
        let converted = try convertAndRead(try fixture("uiautomator/flutter-fractal-forge_ui_dump.xml"), format: .uiautomator)
        #expect(converted.text.hasPrefix("{\"screen\":\"com.trebuchetdynamics.fractal.forge\",\"root\":{\"class\":\"android.widget.FrameLayout\",\"frame\":{\"x\":0,\"y\":0,\"width\":1080,\"height\":2400},\"checkable\":false,\"checked\":false,\"clickable\":false,\"enabled\":true,\"focusable\":false,\"focused\":false,\"scrollable\":false,\"selected\":false,\"children\":["))
        let editText = try #require(converted.views.firstIndex { $0.className == "android.widget.EditText" })
        #expect(converted.decisions[editText].kind == .text)
        #expect(!converted.text.contains("long-clickable"))
        #expect(!converted.text.contains("\"index\""))
        #expect(!converted.text.contains("\"package\""))
    }
}
