import Testing
import MaskEngine
import MaskJSON
import ReplayEncoder
import ReplayTrees

/// The tree fields the encoder reads, from maskc JSON.
struct TreeAppearanceTests {
    private func document(_ json: String) throws -> TreeDocument {
        try TreeMasker(table: DecisionTable(policy: MaskingPolicy(default: .unmask))).read(Array(json.utf8), file: "t.json")
    }

    @Test func everyFieldIsRead() throws {
        let doc = try document("""
            {"class": "UILabel", "frame": {"x": 1, "y": 2, "width": 30, "height": 40}, "contentFrame": {"x": 5, "y": 6, "width": 7, "height": 8},
             "hidden": false, "alpha": 0.5, "backgroundColor": "#10203040", "borderWidth": 2, "cornerRadius": 3, "clipsToBounds": true,
             "zIndex": 4, "transform": [1, 0, 0, 1, 10, 0], "placeholder": "Name", "image": "x.png"}
            """)
        let look = doc.appearance(of: 0)
        #expect(look.frame == ViewFrame(x: 1, y: 2, width: 30, height: 40))
        #expect(look.contentFrame == ViewFrame(x: 5, y: 6, width: 7, height: 8))
        #expect(!look.isHidden)
        #expect(look.alpha == 0.5)
        #expect(look.backgroundColor == RGBAColor(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(look.borderWidth == 2 && look.cornerRadius == 3 && look.clipsToBounds == true && look.zIndex == 4)
        #expect(look.isTransformed)
        #expect(look.text == "Name" && look.textField == .placeholder)
        #expect(look.hasImage)
    }

    @Test func hiddenAndIdentityAndUnreadableValues() throws {
        let doc = try document("""
            {"class": "V", "children": [
              {"class": "V", "isHidden": true},
              {"class": "V", "visibility": "gone"},
              {"class": "V", "visibility": "visible", "transform": "identity", "alpha": "half", "backgroundColor": "red", "cornerRadius": "round"},
              {"class": "V", "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], "accessibilityLabel": "Close"}]}
            """)
        #expect(doc.appearance(of: 1).isHidden)
        #expect(doc.appearance(of: 2).isHidden)
        let unreadable = doc.appearance(of: 3)
        #expect(!unreadable.isHidden && !unreadable.isTransformed)
        // Unreadable values never hide anything: partly transparent, covering nothing.
        #expect(unreadable.alpha == 0.5)
        #expect(unreadable.backgroundColor?.isOpaque == false)
        #expect(unreadable.cornerRadius == .infinity)
        let identity = doc.appearance(of: 4)
        #expect(!identity.isTransformed)
        #expect(identity.text == "Close" && identity.textField == .label)
    }

    @Test func superviewCoordinatesFromTheWrapper() throws {
        let doc = try document(##"{"screen": "S", "coordinates": "superview", "root": {"class": "V", "frame": {"x": 10, "y": 10, "width": 100, "height": 100}, "backgroundColor": "#000000", "children": [{"class": "UILabel", "text": "t", "frame": {"x": 5, "y": 5, "width": 20, "height": 10}}]}}"##)
        #expect(try doc.coordinates(file: "t.json") == .superview)
        var encoder = TreeFrameEncoder(table: DecisionTable(policy: MaskingPolicy(default: .unmask)))
        let frame = try encoder.encode(doc, timestamp: 0, file: "t.json")
        #expect(summary(frame) == ["view 10 10 100 100", "label 15 15 20 10 \"t\""])
        let bad = try document(#"{"coordinates": 3, "root": {"class": "V"}}"#)
        #expect(throws: TreeError.self) { try bad.coordinates(file: "t.json") }
    }

    @Test("the frame carries a screen name that holds personal data masked, as apply writes it; the rules still read it as captured")
    func screenNameMasked() throws {
        let doc = try document(##"{"screen": "inbox-jane.doe@example.com", "root": {"class": "UILabel", "text": "t", "frame": {"x": 0, "y": 0, "width": 20, "height": 10}}}"##)
        var encoder = TreeFrameEncoder(table: DecisionTable(policy: MaskingPolicy(default: .unmask)))
        let frame = try encoder.encode(doc, timestamp: 0, file: "t.json")
        #expect(frame.screen == "lalalalalalalalalalalalala")
        let plain = try document(##"{"screen": "Inbox", "root": {"class": "UILabel", "text": "t"}}"##)
        #expect(try encoder.encode(plain, timestamp: 0, file: "t.json").screen == "Inbox")
    }
}
