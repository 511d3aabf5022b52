import Testing
import MaskEngine
import ReplayEncoder

/// Every wire type, and how the masking decision changes it.
struct TypeInferenceTests {
    private func type(of view: V, table: DecisionTable) -> ReplayView? {
        let root = V("UIView", 0, 0, 400, 800, [view])
        return encode(root, table: table).0.views.first
    }

    @Test func unmaskedTypes() {
        let open = table(default: .unmask)
        #expect(type(of: V("UILabel", 10, 10, 100, 20, text: "Hello"), table: open)?.type == .label)
        #expect(type(of: V("UILabel", 10, 10, 100, 20, text: "Hello"), table: open)?.text == "Hello")
        #expect(type(of: V("UITextField", 10, 10, 100, 20, text: "typed"), table: open)?.type == .textInput)
        // A module-qualified field (`String(reflecting:)` writes `__C.UITextField`) is one too.
        #expect(type(of: V("__C.UITextField", 10, 10, 100, 20, text: "typed"), table: open)?.type == .textInput)
        #expect(type(of: V("UIKit.UITextView", 10, 10, 100, 20, text: "typed"), table: open)?.type == .textInput)
        #expect(type(of: V("UIButton", 10, 10, 100, 20, text: "Buy"), table: open)?.type == .button)
        #expect(type(of: V("UIImageView", 10, 10, 100, 20), table: open)?.type == .image)
        #expect(type(of: V("UISwitch", 10, 10, 50, 30), table: open)?.type == .toggle)
        #expect(type(of: V("android.widget.CheckBox", 10, 10, 50, 30), table: open)?.type == .toggle)
        #expect(type(of: V("WKWebView", 10, 10, 100, 20), table: open)?.type == .webView)
        #expect(type(of: V("UIView", 10, 10, 100, 20, background: "#FFFFFF"), table: open)?.type == .view)
        #expect(type(of: V("SwiftUI.Text", 10, 10, 100, 20, text: "Hi"), table: open)?.type == .label)
    }

    @Test func maskedTypesCarryNoText() {
        let closed = table(default: .mask)
        let cases: [(V, ReplayViewType)] = [
            (V("UILabel", 10, 10, 100, 20, text: "Jane"), .maskedText),
            (V("UITextField", 10, 10, 100, 20, text: "typed"), .maskedText),
            (V("UIButton", 10, 10, 100, 20, text: "Jane"), .maskedText),
            (V("UIImageView", 10, 10, 100, 20, image: true), .maskedImage),
            (V("SwiftUI.Text", 10, 10, 100, 20, text: "Jane"), .maskedSwiftUIText),
            (V("MKMapView", 10, 10, 100, 20), .map),
            (V("UISwitch", 10, 10, 50, 30), .toggle),
            (V("UIView", 10, 10, 100, 20, background: "#000000"), .view),
        ]
        for (view, expected) in cases {
            let encoded = type(of: view, table: closed)
            #expect(encoded?.type == expected, "\(view.facts.className)")
            #expect(encoded?.text == nil)
        }
    }

    @Test func secureTextIsSecureEvenWhenUnmasked() {
        let open = table(default: .unmask)
        let field = type(of: V("UITextField", 10, 10, 100, 20, text: "hunter2", secure: true), table: open)
        #expect(field?.type == .secureText)
        #expect(field?.text == nil)
        // Text drawn inside a secure field is secure too.
        let root = V("UIView", 0, 0, 400, 800, [V("UITextField", 10, 10, 200, 40, secure: true, [V("UILabel", 12, 12, 100, 20, text: "hunter2")])])
        let frame = encode(root, table: open).0
        #expect(summary(frame) == ["secure-text 10 10 200 40", "secure-text 12 12 100 20"])
    }

    @Test func mapsAreAlwaysMapsAndHideTheirSubtree() {
        let root = V("UIView", 0, 0, 400, 800, [V("MKMapView", 0, 0, 400, 400, [V("UILabel", 10, 10, 100, 20, text: "Home address")])])
        let (frame, stats) = encode(root, table: table(default: .unmask, unmask: ["MKMapView"]))
        #expect(summary(frame) == ["map 0 0 400 400"])
        #expect(stats[.notEmitted] == 1)
    }

    @Test func placeholderTypesHaveTheMaskedBit() {
        for type in ReplayViewType.allCases {
            #expect(type.isPlaceholder == [.maskedText, .secureText, .maskedImage, .maskedSwiftUIText, .map].contains(type))
            #expect(!(type.isPlaceholder && type.carriesText))
        }
        #expect(ReplayViewType.label.rawValue == 0)
    }

    /// Class traits are kept by the engine's class number; numbers are given out afresh
    /// when a screen change drops the engine's class facts (a type rule scoped to a
    /// screen), so one encoder reused across screens must not keep a number's old traits.
    @Test func classTraitsFollowTheClassAcrossScreensThatRenumberClasses() {
        let scoped = DecisionTable(policy: MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .type("UILabel"), screen: "Settings")]))
        var encoder = FrameEncoder(table: scoped)
        func types(_ screen: String, _ classes: [String]) -> [ReplayViewType] {
            encoder.begin(screen: screen)
            walk(V("UIView", 0, 0, 400, 800, classes.enumerated().map { V($1, 0, Double($0) * 40, 100, 30, text: "t") }), &encoder)
            return encoder.finish().views.map(\.type)
        }
        #expect(types("Home", ["UISwitch", "UIButton", "UITextField"]) == [.toggle, .button, .textInput])
        // Settings drops the class facts: UIButton is now met first, so numbers change.
        #expect(types("Settings", ["UIButton", "UITextField", "UISwitch"]) == [.button, .textInput, .toggle])
        #expect(types("Home", ["UITextField", "UISwitch", "UIButton"]) == [.textInput, .toggle, .button])
        // A view that brings its own chain is numbered apart, and does not disturb the others.
        encoder.begin(screen: "Home")
        var custom = V("AppToggle", 0, 0, 100, 30)
        custom.facts.superclasses = ["UISwitch", "UIControl", "UIView"]
        walk(V("UIView", 0, 0, 400, 800, [custom, V("UIButton", 0, 40, 100, 30, text: "Buy")]), &encoder)
        #expect(encoder.finish().views.map(\.type) == [.toggle, .button])
    }

    /// Views that bring their own superclass chains (Rico captures) have their traits
    /// kept per class and chain: one class met with another chain is typed by that chain,
    /// every time, including after the engine drops its chains (past its limit).
    @Test func classTraitsFollowEachGivenChain() {
        var encoder = FrameEncoder(table: table())
        func type(_ chain: [String]) -> ReplayViewType? {
            encoder.begin(screen: "Home")
            var custom = V("AppControl", 0, 0, 100, 30, text: "t")
            custom.facts.superclasses = chain
            walk(V("UIView", 0, 0, 400, 800, [custom]), &encoder)
            return encoder.finish().views.first?.type
        }
        let chains: [([String], ReplayViewType)] = [
            (["UISwitch", "UIControl", "UIView"], .toggle), (["UIButton", "UIControl", "UIView"], .button),
            (["UITextField", "UIControl", "UIView"], .textInput),
        ]
        for round in 0..<3 {
            for (chain, expected) in chains { #expect(type(chain) == expected, "round \(round), \(chain)") }
        }
        // Past the engine's limit of remembered chains: numbers are given out afresh.
        for index in 0..<(4_100 / chains.count + 1) {
            let (chain, expected) = chains[index % chains.count]
            #expect(type(chain + ["Base\(index)"]) == expected, "chain \(index)")
        }
        for (chain, expected) in chains { #expect(type(chain) == expected, "after the limit, \(chain)") }
    }
}
