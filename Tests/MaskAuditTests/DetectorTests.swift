@testable import MaskAudit
@testable import MaskEngine
import Testing

@Suite("Value detectors")
struct DetectorTests {
    @Test("e-mail addresses", arguments: [
        ("write to jane.appleseed@example.com today", true), ("a@b.co", true), ("user+tag@mail.example.org", true),
        ("@handle", false), ("x@y", false), ("name@host.c", false), ("10 @ 5.99", false), ("icon@2x.png", false),
        // A sentence's full stop after the address.
        ("Receipt sent to jane@example.com.", true), ("jane@example.com.au.", true), ("Contact: jane.doe@company.org. Thanks!", true),
        ("icon@2x.png.", false), ("x@y.", false),
        // A hyphen after the top-level domain ends the address (identifiers built from it).
        ("row-jane.doe@example.com-2", true), ("Profile-jane.doe@example.com-View", true), ("icon@2x.png-1", false),
    ])
    func email(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.email) == expected)
    }

    @Test("payment cards need an issuer prefix, the issuer's length, card grouping and Luhn", arguments: [
        ("4242 4242 4242 4242", true), ("4111-1111-1111-1111", true), ("5500005555555559", true), ("378282246310005", true),
        ("3782 822463 10005", true), ("Card: 4111 1111 1111 1111 exp 12/28", true), ("Order 12 4111 1111 1111 1111", true),
        ("4242 4242 4242 4241", false), ("0000 0000 0000 0000", false), ("1234", false), ("order 123456789012", false),
        ("1234 5678 9012 3456", false), ("4111 111 1111 1111", false), ("ID4111111111111111", false),
        ("IMEI 490154203237518", false), ("Reza Yusuf Maulana  (0882251292745)", false), ("WhatsApp 4915123456787", false),
        ("+4111111111111111", false), ("DE89 3704 0044 0532 0130 00", false),
    ])
    func card(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.paymentCard) == expected)
    }

    @Test("card schemes by issuer prefix and length", arguments: [
        ("4111111111111111", "Visa"), ("4222222222222", "Visa"), ("5555555555554444", "Mastercard"), ("2223003122003222", "Mastercard"),
        ("371449635398431", "American Express"), ("6011111111111117", "Discover"), ("6445644564456445", "Discover"),
        ("3530111333300000", "JCB"), ("30569309025904", "Diners Club"), ("6200000000000005", "UnionPay"),
        ("2200000000000004", "Mir"), ("6759649826438453", "Maestro"), ("5038580000000006", "Maestro"),
        ("411111111111111", nil), ("37144963539843", nil), ("0882251292745", nil), ("9000123456789012", nil), ("2721000000000000", nil),
    ] as [(String, String?)])
    func brand(_ number: String, _ expected: String?) {
        #expect(PaymentCardBrand.brand(of: number.compactMap(\.wholeNumberValue)[...])?.name == expected)
    }

    @Test("IBANs are mod-97-checked", arguments: [
        ("DE89 3704 0044 0532 0130 00", true), ("GB82WEST12345698765432", true), ("fr14 2004 1010 0505 0001 3m02 606", true),
        ("DE89 3704 0044 0532 0130 01", false), ("GB00WEST12345698765432", false), ("DE89", false),
    ])
    func iban(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.iban) == expected)
    }

    @Test("government ids", arguments: [
        ("SSN 123-45-6789", true), ("QQ 12 34 56 C", true), ("AB123456D", true),
        ("000-12-3456", false), ("666-12-3456", false), ("123-00-6789", false), ("1123-45-67890", false), ("AB123456E", false),
    ])
    func governmentID(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.governmentID) == expected)
    }

    @Test("phone numbers need a plus, grouping or phone context", arguments: [
        ("Call +1 415 555 0100", true), ("(415) 555-0100", true), ("+447911123456", true), ("+44 20 7946 0321", true),
        ("01 99 00 45 67", true), ("Reza Yusuf Maulana  (0882251292745)", true), ("WhatsApp 081234567890", true),
        ("Tel: 4155550100", true), ("WhatsApp 4915123456787", true),
        ("Total 12345678", false), ("2026", false), ("Room 12", false), ("56db506c..._568-1457213548.mp4", false),
        ("/storage/emulated/0/DCIM/Camera/VID_568-1457213548.mp4", false), ("Screenshot_20160305-123456_WhatsApp", false),
        ("2016-05-03 10:00", false), ("12/25/2016", false), ("Server 192.168.100.200", false), ("Windows 10.0.19041.1234", false),
        ("Rp 125.000.000", false), ("ISBN 978-3-16-148410-0", false), ("SSN 123-45-6789", false), ("Posted 1457213548", false),
        ("550e8400-e29b-41d4-a716-446655440000", false), ("GB82 WEST 1234 5698 7654 32", false), ("081234567890", false),
    ])
    func phone(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.phone) == expected)
    }

    @Test("secrets", arguments: [
        ("sk_live_51HxAbCdEfGhIjKlMn", true), ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", true),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abcDEF123", true), ("AKIAIOSFODNN7EXAMPLE", true),
        ("Q9xT2mLp8ZrV4nKc7WbY3hJd", true), ("-----BEGIN PRIVATE KEY-----", true), ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", true),
        ("The quick brown fox", false), ("internationalization", false), ("Current directory: /storage/emulated/0/Android/", false),
        ("Screenshot_20160305-123456_WhatsApp", false), ("DCIM/Camera/IMG_20160305_123456", false), ("-----BEGIN CERTIFICATE-----", false),
        // A prefix after a mark inside a word; not glued to letters.
        ("key=sk_live_51HxAbCdEfGh", true), ("secret:sk_live_51HxAbCdEfGh", true), ("apiKey:sk_live_51HxAbCdEfGh", true),
        ("token=ghp_abcdefghijklmn", true), ("aws=AKIAIOSFODNN7EXAMPL", true), ("tok-sk_live_51HxAbCdEf", true), ("row-ghp_abcdefghijkl", true),
        ("desk_live_streaming_now", false), ("Mask_live_event_today", false), ("tok-sk_live_", false),
    ])
    func secret(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.secret) == expected)
    }

    @Test("paths, file names and hashes are machine words", arguments: [
        ("/storage/emulated/0/Android/", true), ("size/quality", true), ("https://example.com/a", true), ("IMG_0042.JPG", true),
        ("56db506c..._568-1457213548.mp4", true), ("550e8400-e29b-41d4-a716-446655440000", true), ("(deadbeef42)", true),
        ("12/25/2016", false), ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", false), ("Android", false), ("jane@example.com", false),
        ("+1", false), ("Decade2024x", false),
    ])
    func machineWords(_ word: String, _ expected: Bool) {
        #expect(MachineTokens.isMachineWord(word[...]) == expected)
    }

    @Test("identifier words split at punctuation and camel case; spinner is not a PIN")
    func identifierWords() {
        #expect(IdentifierHints.words(of: "login.passwordField") == ["login", "password", "field"])
        #expect(IdentifierHints.words(of: "cardCVV_input") == ["card", "cvv", "input"])
        #expect(IdentifierHints.match("loading.spinner") == nil)
        #expect(IdentifierHints.match("shipping.method") == nil)
        #expect(IdentifierHints.match("payment.cvv")?.secure == true)
        #expect(IdentifierHints.match("profile.email")?.secure == false)
    }

    @Test("excerpts keep the shape, never the value")
    func excerpt() {
        #expect(maskedExcerpt("jane@example.com") == "xxxx@xxxxxxx.xxx")
        #expect(maskedExcerpt("4242 4242") == "#### ####")
        #expect(maskedExcerpt(String(repeating: "a", count: 30)) == String(repeating: "x", count: 24) + "…")
        #expect(maskedExcerpt("+1 (555) 010-9999") == "+# (###) ###-####")
        #expect(maskedExcerpt("sk_live/ab:cd") == "xx_xxxx/xx:xx")
    }

    @Test("excerpts reduce controls, other punctuation and symbols to '?': only the shape is left")
    func excerptShape() {
        #expect(maskedExcerpt("jane@example.com\u{1B}[8m") == "xxxx@xxxxxxx.xxx??#x")
        #expect(maskedExcerpt("a\u{7F}b\u{85}c\u{9B}d\u{202E}e\u{2066}f") == "x?x x?x?x?x")
        #expect(maskedExcerpt("Doe, Jane; \"pin\"") == "xxx? xxxx? ?xxx?")
        #expect(maskedExcerpt("#4=5%&'<>$!*[]{}|\\~`^") == "?#?#" + String(repeating: "?", count: 17))
        #expect(maskedExcerpt("€5 ©x") == "?# ?x")
        #expect(maskedExcerpt("a\tb\nc\r\nd") == "x x x x")
        // Whatever the input, an excerpt holds only the shape characters.
        let allowed = Set("x# ?…").union(excerptSeparators)
        var scalars = String.UnicodeScalarView()
        for value in 0...0x3000 { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        let text = String(scalars)
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 24, limitedBy: text.endIndex) ?? text.endIndex
            let excerpt = maskedExcerpt(String(text[start..<end]))
            #expect(excerpt.allSatisfy(allowed.contains), "\(excerpt)")
            start = end
        }
    }

    @Test("fullwidth forms, other spaces and dashes read as their ASCII forms; slashes group announced phones", arguments: [
        ("4111\u{A0}1111\u{A0}1111\u{A0}1111", ContentDetector.paymentCard), ("4111\u{202F}1111\u{202F}1111\u{202F}1111", .paymentCard),
        ("４１１１ １１１１ １１１１ １１１１", .paymentCard), ("4111\u{2011}1111\u{2011}1111\u{2011}1111", .paymentCard),
        ("jane＠example.com", .email), ("ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ", .email),
        ("DE89-3704-0044-0532-0130-00", .iban), ("+44\u{A0}20\u{A0}7946\u{A0}0321", .phone), ("＋４４ ２０ ７９４６ ０３２１", .phone),
        ("+49 30/1234567", .phone), ("Tel. 030/12345678", .phone), ("SSN 123\u{2013}45\u{2013}6789", .governmentID),
        // Other scripts' digits, invisible characters between digits or after the @,
        // the katakana prolonged sound mark, a middle dot.
        ("+٩٧١ ٥٠ ١٢٣ ٤٥٦٧", .phone), ("Card ٤١١١ ١١١١ ١١١١ ١١١١", .paymentCard), ("4111 ११११ 1111 1111", .paymentCard),
        ("شماره کارت ۴۱۱۱-۱۱۱۱-۱۱۱۱-۱۱۱۱", .paymentCard), ("4111\u{200B}1111\u{200B}1111\u{200B}1111", .paymentCard),
        ("+1\u{2060}555\u{2060}123\u{2060}4567", .phone), ("jane@\u{200B}example.com", .email), ("jane.doe@exam\u{AD}ple.com", .email),
        ("090ー1234ー5678", .phone), ("+1·555·123·4567", .phone), ("DE89\u{200B}3704\u{200B}0044\u{200B}0532\u{200B}0130\u{200B}00", .iban),
        // Mathematical digits, more scripts' digits, the small commercial at.
        ("Card ༤༡༡༡ ༡༡༡༡ ༡༡༡༡ ༡༡༡༡", .paymentCard), ("+𞥑 𞥕𞥕𞥕 𞥑𞥒𞥓 𞥔𞥕𞥖𞥗", .phone), ("᭔᭑᭑᭑-᭑᭑᭑᭑-᭑᭑᭑᭑-᭑᭑᭑᭑", .paymentCard), ("+߄߄ ߂߀ ߇߉߄߆ ߀߃߂߁", .phone),
        ("𝟒𝟏𝟏𝟏 𝟏𝟏𝟏𝟏 𝟏𝟏𝟏𝟏 𝟏𝟏𝟏𝟏", .paymentCard), ("𝟺𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷𝟷", .paymentCard), ("+૯૧ ૯૮૭૬૫ ૪૩૨૧૦", .phone),
        ("+௯௧ ௯௮௭௬௫ ௪௩௨௧௦", .phone), ("+៨៥៥ ១២ ៣៤៥ ៦៧៨", .phone), ("+᠙᠗᠖ ᠙᠙᠑᠑ ᠒᠒᠓᠓", .phone), ("jane﹫example.com", .email),
    ])
    func folded(_ text: String, _ detector: ContentDetector) {
        #expect(ValueDetectors.scan(text).contains(detector), "\(text.debugDescription)")
        // The safety net's byte gate lets it through.
        #expect(ValueDetectors.mayMatch(Array(text.utf8)), "\(text.debugDescription)")
    }

    @Test("a neighbouring word's digits do not take a number out with them", arguments: [
        ("Call 415-555-0132 2nd line", ContentDetector.phone), ("+1 415 555 0132 2nd", .phone), ("jdoe99 (415) 555-0132", .phone),
        ("User7 415-555-0132", .phone), ("Ref A1 4111 1111 1111 1111", .paymentCard), ("abc1 4111111111111111", .paymentCard),
        ("4111 1111 1111 1111 3rd card", .paymentCard), ("My iPhone15 4111111111111111", .paymentCard),
        // A name's digits do not end the words before a number: the phone word still counts.
        ("call Bob7 4155550132", .phone), ("tel User_7 4155550132", .phone),
        // A number too long for a phone is a card after a phone word too.
        ("Call me 4111 1111 1111 1111", .paymentCard),
    ])
    func gluedNeighbours(_ text: String, _ detector: ContentDetector) {
        #expect(ValueDetectors.scan(text).contains(detector), "\(text)")
        #expect(ReferenceDetectors.scan(text).contains(detector), "reference: \(text)")
    }

    @Test("digits glued to a name stay out of the number", arguments: [
        "Screenshot_20160305-123456_WhatsApp", "ID4111111111111111", "v2 415", "Room12 3456",
    ])
    func gluedDigits(_ text: String) {
        let found = ValueDetectors.scan(text)
        #expect(!found.contains(.phone) && !found.contains(.paymentCard), "\(text)")
        #expect(ReferenceDetectors.scan(text) == found, "reference: \(text)")
    }

    @Test("a path, file name or identifier holding a card or `+` phone number of its own is read", arguments: [
        ("cards/4111111111111111", ContentDetector.paymentCard), ("cards/4111 1111 1111 1111", .paymentCard),
        ("contact/+14155550132", .phone), ("tel/(415) 555-0132", .phone), ("row/4111111111111111", .paymentCard),
        ("com.example:id/row_4111111111111111", .paymentCard), ("VID_4111111111111111.mp4", .paymentCard),
        // Grouped by dashes, dots or parentheses inside the word; runs across one or two spaces, either way.
        ("cards/4111-1111-1111-1111", .paymentCard), ("https://x.com/pay?card=4111-1111-1111-1111", .paymentCard),
        ("receipt-4111-1111-1111-1111.pdf", .paymentCard), ("contact/+1-415-555-0132", .phone), ("+1-415-555-0132.vcf", .phone),
        ("x/+1.415.555.0132", .phone), ("/u/+1(415)5550132", .phone), ("cards/4111  1111 1111 1111", .paymentCard),
        ("cards/4111 1111 1111 1111/edit", .paymentCard), ("com.example:id/row_4111-1111-1111-1111", .paymentCard),
    ])
    func numbersInMachineWords(_ text: String, _ detector: ContentDetector) {
        #expect(ValueDetectors.scan(text).contains(detector), "\(text)")
        #expect(ReferenceDetectors.scan(text).contains(detector), "reference: \(text)")
    }

    @Test("timestamps, counters and dates in paths and file names stay machine words", arguments: [
        "orders/1457213548123", "/photos/2016/05/IMG_1234.jpg", "VID_568-1457213548.mp4", "DCIM/Camera/IMG_20160305_123456",
        "cards/4111111111111112", "items/+1234", "2016-05-03/IMG_1234.jpg", "orders/2016-05-03-1234", "v1.2.3/build-4567",
    ])
    func machineNumbers(_ word: String) {
        #expect(MachineTokens.isMachineWord(word[...]), "\(word)")
        #expect(ValueDetectors.scan(word).isEmpty, "\(word)")
        #expect(ReferenceDetectors.scan(word).isEmpty, "reference: \(word)")
    }

    @Test("every digit the fold reads, and every at sign, is one the byte gates count")
    func foldedDigitsAreGated() {
        var digits = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let ascii = DetectorFold.fold(scalar) else { continue }
            let bytes = Array(String(scalar).utf8)
            let last = bytes.suffix(3), padded = Array(repeating: UInt8(0), count: 3 - last.count) + last
            if ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9") {
                digits += 1
                #expect(DetectorFold.endsForeignDigit(padded[0], padded[1], padded[2]), "U+\(String(value, radix: 16))")
                // The digit it folds to is the scalar's own value.
                #expect(scalar.properties.numericValue == Double(ascii - UInt8(ascii: "0")), "U+\(String(value, radix: 16))")
            }
            if ascii == UInt8(ascii: "@") { #expect(DetectorFold.isFullwidthAt(padded[0], padded[1], padded[2])) }
        }
        // Fullwidth, 27 scripts below U+1C5A, Adlam and five mathematical sets.
        #expect(digits == 10 + 27 * 10 + 10 + 50)
    }

    @Test("slashes elsewhere write dates, fractions and ranges, not phones; a dashed IBAN still needs its check digits", arguments: [
        "12/25/2024", "1234/5678/9012", "page 10/2024", "Score 123/4567890", "DE89-3704-0044-0532-0130-01", "2024/2025 season 12345/67890",
        "コーヒー 350円", "価格：１２，８００円", "２０２４／１２／３１ １２：３０", "〒１００－０００１",
    ])
    func notFolded(_ text: String) {
        #expect(!ValueDetectors.scan(text).contains(.phone) && !ValueDetectors.scan(text).contains(.iban), "\(text)")
    }
}
