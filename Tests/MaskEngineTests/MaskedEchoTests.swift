import Testing
import MaskEngine

/// The echo guard's matching (``MaskedEcho``): how texts are compared, and where a
/// masked text counts as held.
@Suite("Masked echo matching")
struct MaskedEchoTests {
    func n(_ text: String) -> [UInt8] { MaskedEcho.normalized(text.utf8) }
    func holds(_ holder: String, _ masked: String) -> Bool { MaskedEcho.holds(n(holder), n(masked)) }

    @Test func normalizingLowersASCIIAndFoldsEverySpaceRun() {
        #expect(n("  Jane\t\nDOE  ") == Array("jane doe".utf8))
        // No-break, narrow no-break, ideographic and line separator spaces are spaces.
        #expect(n("Jane\u{00A0}Doe") == Array("jane doe".utf8))
        #expect(n("Jane\u{202F}\u{3000}Doe\u{2028}") == Array("jane doe".utf8))
        #expect(n("Jane\u{2007}Doe\u{205F}X\u{1680}Y\u{0085}Z") == Array("jane doe x y z".utf8))
        // Other scripts are kept byte for byte (their case is not folded).
        #expect(n("Ärger Ωmega 山田") == Array("Ärger Ωmega 山田".utf8))
        // A lead byte shared with the spaces but another character is kept whole.
        #expect(n("a\u{00E9}b \u{2014} \u{3042}") == Array("a\u{00E9}b \u{2014} \u{3042}".utf8))
        #expect(n("") == [])
        #expect(n(" \u{00A0} ") == [])
    }

    @Test func aMaskedTextIsHeldAtWordEdges() {
        #expect(holds("Jane Doe, jane.doe@example.com", "Jane Doe"))
        #expect(holds("JANE DOE, row 3", "jane doe"))
        #expect(holds("Jane\nDoe", "Jane Doe"))
        #expect(holds("Contact: Jane Doe-Smith", "Jane Doe"))
        #expect(holds("1234", "1234"))
        #expect(holds("Inbox, 3 unread", "3"))
        // Inside a longer word or number: not the same text.
        #expect(!holds("Janet, Settings", "Jane"))
        #expect(!holds("MaryJane Doe", "Jane Doe"))
        #expect(!holds("Row 12", "1"))
        #expect(!holds("Row 21", "1"))
        // Punctuation at the masked text's edge needs no word edge beside it.
        #expect(holds("mail:jane@example.com.", "jane@example.com"))
        #expect(holds("call (555) 010-9999.", "(555) 010-9999"))
        #expect(!holds("x(555) 010-99999", "(555) 010-9999"))
        // Scripts without spaces between words: found anywhere.
        #expect(holds("山田太郎さん", "太郎"))
        #expect(!holds("Jane", "Jane Doe"))
        #expect(!holds("", "a"))
    }

    @Test func onlyTextsWithTwoLettersOrDigitsGuard() {
        #expect(MaskedEcho.guards(n("ab")))
        #expect(MaskedEcho.guards(n("42")))
        #expect(MaskedEcho.guards(n("- 4 2 -")))
        #expect(MaskedEcho.guards(n("山田")))
        #expect(MaskedEcho.guards(n("Zoë")))
        #expect(!MaskedEcho.guards(n("a")))
        #expect(!MaskedEcho.guards(n("7")))
        #expect(!MaskedEcho.guards(n("山")))
        #expect(!MaskedEcho.guards(n(" - , ")))
        #expect(!MaskedEcho.guards(n("")))
    }

    @Test func anEchoDecisionNamesItsSourceAndKeepsTheRest() {
        let shown = MaskDecision(isMasked: false, level: .instance, ruleIndex: 3, kind: .other, isSecure: false, emitsChildren: true)
        let echoed = shown.echoing(41)
        #expect(echoed.isMasked && echoed.level == .detector && echoed.echoSource == 41)
        #expect(echoed.ruleIndex == nil && echoed.detector == nil && echoed.contentDimension == nil)
        #expect(echoed.kind == .other && echoed.emitsChildren && !echoed.isSecure)
        #expect(shown.echoSource == nil)
        #expect(shown.echoing(0).echoSource == 0)
        // Every other code stays what it was.
        #expect(shown.detected(by: .email).echoSource == nil)
        // A number past what the code holds is kept as the largest it holds.
        #expect(shown.echoing(Int(Int32.max)).echoSource == Int(Int32.max) - 2000)
        #expect(shown.echoing(-5).echoSource == 0)
    }
}
