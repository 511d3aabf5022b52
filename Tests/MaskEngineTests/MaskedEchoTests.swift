import Testing
import MaskEngine

/// The echo guard's matching (``MaskedEcho``): how texts are compared, and where a
/// masked text counts as held.
@Suite("Masked echo matching")
struct MaskedEchoTests {
    func n(_ text: String) -> [UInt8] { MaskedEcho.normalized(text.utf8) }
    func holds(_ holder: String, _ masked: String) -> Bool { MaskedEcho.holds(n(holder), n(masked)) }

    @Test func normalizingFoldsCaseSpacesWidthsHyphensAndInvisibleCharacters() {
        #expect(n("  Jane\t\nDOE  ") == Array("jane doe".utf8))
        // No-break, narrow no-break, ideographic and line separator spaces are spaces.
        #expect(n("Jane\u{00A0}Doe") == Array("jane doe".utf8))
        #expect(n("Jane\u{202F}\u{3000}Doe\u{2028}") == Array("jane doe".utf8))
        #expect(n("Jane\u{2007}Doe\u{205F}X\u{1680}Y\u{0085}Z") == Array("jane doe x y z".utf8))
        // Latin, Greek and Cyrillic letters lowered; other scripts kept as they are.
        #expect(n("ÉRIC Ωmega ИВАН 山田") == Array("éric ωmega иван 山田".utf8))
        // Fullwidth forms as ASCII, hyphens as `-`, bidi marks and zero-width characters dropped.
        #expect(n("\u{FF14}\u{FF12}\u{FF14}\u{FF12} ＡＢ") == Array("4242 ab".utf8))
        #expect(n("555\u{2011}0100 \u{2212}5") == Array("555-0100 -5".utf8))
        #expect(n("\u{202A}+1 555 0100\u{202C}") == Array("+1 555 0100".utf8))
        #expect(n("Ja\u{200B}ne D\u{00AD}oe") == Array("jane doe".utf8))
        #expect(n("Ja\u{061C}ne\u{034F} D\u{FE0F}oe\u{180E}") == Array("jane doe".utf8))
        // Every cased script below U+3000: Vietnamese, capital sharp s, final sigma, Georgian.
        #expect(n("NGUYỄN VĂN AN") == n("nguyễn văn an"))
        #expect(n("GROẞ") == Array("gross".utf8))
        // Case folding beyond lowercasing: sharp s, long s, ligatures.
        #expect(n("Straße") == n("STRASSE") && n("straße") == Array("strasse".utf8))
        #expect(n("\u{FB01}le \u{FB00}\u{FB02}y \u{FB06}ore \u{17F}ea") == Array("file fffly store sea".utf8))
        #expect(n("ΣΩΚΡΑΤΗΣ") == n("σωκρατης"))
        #expect(n("Ⴀ") == n("ⴀ"))
        #expect(n("a\u{00E9}b \u{2014} \u{3042}") == Array("a\u{00E9}b - \u{3042}".utf8))
        #expect(n("") == [])
        #expect(n(" \u{00A0} ") == [])
        // Malformed bytes read as U+FFFD, never dropped.
        #expect(MaskedEcho.normalized([0x61, 0xFF, 0x62]) == Array("a\u{FFFD}b".utf8))
    }

    @Test func aMaskedTextIsHeldAtWordEdges() {
        #expect(holds("Lieferadresse: STRASSE DES 17. JUNI 1", "Straße des 17. Juni 1"))
        #expect(holds("Jane Doe, jane.doe@example.com", "Jane Doe"))
        #expect(holds("JANE DOE, row 3", "jane doe"))
        #expect(holds("Jane\nDoe", "Jane Doe"))
        #expect(holds("Contact: Jane Doe-Smith", "Jane Doe"))
        #expect(holds("1234", "1234"))
        #expect(holds("Inbox, 3 unread", "3"))
        #expect(holds("Code 4 8 1 9", "8"))
        #expect(holds("Call \u{202A}+1 555 0100\u{202C}", "+1 555 0100"))
        #expect(holds("ÉRIC MARTIN", "éric"))
        // Inside a longer word or number: not the same text, in any script written with spaces.
        #expect(!holds("Janet, Settings", "Jane"))
        #expect(!holds("MaryJane Doe", "Jane Doe"))
        #expect(!holds("Row 12", "1"))
        #expect(!holds("Row 21", "1"))
        #expect(!holds("Frédéric Martin", "éric"))
        #expect(!holds("Иванов", "Иван"))
        // Punctuation at the masked text's edge needs no word edge beside it.
        #expect(holds("mail:jane@example.com.", "jane@example.com"))
        #expect(holds("call (555) 010-9999.", "(555) 010-9999"))
        #expect(!holds("x(555) 010-99999", "(555) 010-9999"))
        // Scripts written without spaces have no word edges: found anywhere.
        #expect(holds("山田太郎さん", "太郎"))
        #expect(holds("คุณสมชาย ใจดี", "สมชาย"))
        #expect(!holds("Jane", "Jane Doe"))
        #expect(!holds("", "a"))
    }

    @Test func onlyTextsWithALetterDigitOrOtherCharacterGuard() {
        #expect(MaskedEcho.guards(n("a")))
        #expect(MaskedEcho.guards(n("7")))
        #expect(MaskedEcho.guards(n("山")))
        #expect(MaskedEcho.guards(n("❤️")))
        #expect(!MaskedEcho.guards(n(" - , ")))
        #expect(!MaskedEcho.guards(n("$")))
        #expect(!MaskedEcho.guards(n("")))
    }

    @Test func aFinderFindsAnyOfItsTextsInOnePassAndAsksWhichItTakes() {
        let finder = MaskedEcho.Finder([n("Jane"), n("jane doe"), n("4242"), [], n("doe")])
        #expect(finder.first(in: n("Card 4242, Jane Doe")) == 2)
        #expect(finder.first(in: n("Janet Doerr")) == nil)
        // The longest at a position is not the only one tried: "doe" ends where "jane doe" does.
        #expect(finder.first(in: n("Mr Jane Doe"), accepting: { $0 != 1 }) != nil)
        #expect(finder.first(in: n("Jane Doe"), accepting: { $0 == 4 }) == 4)
        #expect(finder.first(in: n("Jane Doe"), accepting: { _ in false }) == nil)
        #expect(MaskedEcho.Finder([]).first(in: n("anything")) == nil)
        // A secure view's text is found anywhere: one-digit boxes joined in "PIN 4819".
        let boxes = MaskedEcho.Finder([n("8"), n("1")], anywhere: [true, false])
        #expect(boxes.first(in: n("PIN 4819")) == 0)
        #expect(MaskedEcho.Finder([n("8")]).first(in: n("PIN 4819")) == nil)
        // Past the candidates tried at one byte, none at word edges, the container counts
        // as holding one (a doubt masks), and the pass stays linear.
        let nested = (1...200).map { [UInt8](repeating: UInt8(ascii: "x"), count: $0) }
        #expect(MaskedEcho.Finder(nested).first(in: [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)) != nil)
        #expect(MaskedEcho.Finder(Array(nested.prefix(10))).first(in: [UInt8](repeating: UInt8(ascii: "x"), count: 1_000)) == nil)
        // Linear: a text of repeats under a masked text that almost matches everywhere.
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000)
        #expect(MaskedEcho.Finder([Array(long.dropLast(1)) + [UInt8(ascii: "b")]]).first(in: long) == nil)
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
