extension ValueDetectors {
    /// Words that announce a phone number, lower case.
    static let phoneWords: Set<String> = [
        "phone", "telephone", "tel", "tél", "tele", "telp", "tlp", "call", "mobile", "mob", "cell", "cellphone",
        "whatsapp", "wa", "hp", "handphone", "ponsel", "fax", "sms", "ph", "telefon", "telefone", "telefono",
        "teléfono", "téléphone", "celular", "móvil", "movil", "handy",
    ]

    /// Words that announce a number that is not a phone number, lower case.
    static let otherNumberWords: Set<String> = [
        "isbn", "imei", "order", "invoice", "receipt", "ref", "reference", "tracking", "serial", "transaction",
        "account", "acct", "build", "version",
    ]

    /// The (at most three) words between the previous number and character `start`,
    /// nearest first, lower case: `Tel. no: 0812` gives `no`, `tel`; digits in a name
    /// (`Bob7`, `User_7`) are the name's, not a number.
    static func wordsBefore(_ text: DetectorText, _ start: Int) -> [String] {
        var words: [String] = []
        // The current word's characters, lower-cased, last first.
        var letters: [String] = []
        func close() {
            words.append(letters.reversed().joined())
            letters = []
        }
        var index = start
        while index > 0, words.count < 3 {
            index -= 1
            let character = text[index]
            // A digit ends the words, unless it is part of a name (a letter or `_` right
            // before it: `call Bob7 4155550132`), whose digits are a word's.
            if character.isNumber {
                guard index > 0, text[index - 1].isLetter || text.character(index - 1, is: UInt8(ascii: "_")) else { break }
                letters.append(text.character(index).lowercased())
            } else if character.isLetter {
                let code = character.code
                if character.isASCII, code != 0xFF {
                    letters.append(String(Unicode.Scalar(code >= UInt8(ascii: "A") && code <= UInt8(ascii: "Z") ? code + 32 : code)))
                } else {
                    letters.append(text.character(index).lowercased())
                }
            } else if !letters.isEmpty {
                close()
            }
        }
        if !letters.isEmpty, words.count < 3 { close() }
        return words
    }

    /// Whether one of the three words before character `start` announces a phone number:
    /// `Call 0882...`, `Tel: +62 ...`, `WhatsApp (0812) ...`.
    static func followsPhoneWord(_ text: DetectorText, _ start: Int) -> Bool {
        wordsBefore(text, start).contains { phoneWords.contains($0) }
    }

    /// Phone numbers, written as people write them:
    /// - 8 to 15 digits after a `+`;
    /// - 9 to 15 digits grouped by spaces, dashes, dots or parentheses;
    /// - digits grouped by a slash too (`030/1234567`), after a `+` or a phone word;
    /// - 9 to 15 digits after a word such as `phone`, `tel`, `call`, `mobile`, `whatsapp`;
    /// - a national number in parentheses, `(0882251292745)`: a trunk `0`, then 10 to 13
    ///   digits in all.
    ///
    /// Not phones: plain counts and prices (`Total 12345678`); dates (2016-05-03,
    /// 03.05.2016); the shape of a US SSN (123-45-6789); IPv4 addresses, versions and
    /// amounts grouped by dots; numbers after a word such as `order`, `isbn`, `imei`,
    /// `account` (one of the two words before; a `+` or a phone word wins); card numbers
    /// and IBANs found in the same text (`taken`, UTF-8 ranges); digits glued to a letter
    /// or `_` (`Screenshot_20160305-123456`: an edge group glued so is left out, and the
    /// rest of the run read); digits inside paths, file names and hashes
    /// (`..._568-1457213548.mp4`).
    static func containsPhone(_ text: DetectorText, skipping machine: MachineTokens, taken: [Range<Int>]) -> Bool {
        digitRuns(text, separators: " -.()/").contains { joined in
            // An edge group glued to a letter or `_` is part of a name, not of the number
            // (`User7 415-555-0132`, `... 555-0132 2nd`); what is left of the run is read.
            guard joined.digits.count >= 8,
                  let run = trimmingGluedEdges(text, joined, isGlue: { $0.isLetter || $0.code == UInt8(ascii: "_") }) else { return false }
            let bytes = text.bytes(run.range)
            let count = run.digits.count
            guard (8...15).contains(count), !machine.covers(bytes), !taken.contains(where: { $0.overlaps(bytes) }) else { return false }
            let international = text.character(run.range.lowerBound - 1, is: UInt8(ascii: "+"))
            // A run holds ASCII digits and separators only: its characters are its codes.
            let codes = run.range.map { text[$0].code }
            // A slash groups a phone number (`+49 30/1234567`, `Tel. 030/1234567`) only
            // where it is announced as one: elsewhere it writes dates, fractions, ranges.
            if codes.contains(UInt8(ascii: "/")) {
                if international { return true }
                return count >= 9 && followsPhoneWord(text, run.range.lowerBound) && !looksLikeDate(codes[...])
            }
            if international { return true }
            guard !looksLikeDate(codes[...]) else { return false }
            guard count >= 9, !looksLikeDottedNumber(codes), !looksLikeSocialSecurityNumber(codes) else { return false }
            let words = wordsBefore(text, run.range.lowerBound)
            if words.contains(where: phoneWords.contains) { return true }
            if words.prefix(2).contains(where: otherNumberWords.contains) { return false }
            if codes.contains(where: { $0 < UInt8(ascii: "0") || $0 > UInt8(ascii: "9") }) { return true }
            let parenthesised = text.character(run.range.lowerBound - 1, is: UInt8(ascii: "("))
                && text.character(run.range.upperBound, is: UInt8(ascii: ")"))
            return parenthesised && run.digits[0] == 0 && run.digits[1] != 0 && (10...13).contains(count)
        }
    }


    /// Whether a digit run (its ASCII codes) starts with a date: YYYY-MM-DD, DD-MM-YYYY
    /// or MM-DD-YYYY (or two-digit years), one of `-`, `/`, `.` between the three parts, a
    /// month of 1 to 12 and a day of 1 to 31.
    static func looksLikeDate(_ run: ArraySlice<UInt8>) -> Bool {
        var groups: [ArraySlice<UInt8>] = [], separators: [UInt8] = []
        var rest = run
        while groups.count < 3 {
            let digits = rest.prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            groups.append(digits)
            rest = rest[digits.endIndex...]
            if groups.count < 3 {
                guard let separator = rest.first, separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".")
                else { return false }
                separators.append(separator)
                rest = rest.dropFirst()
            }
        }
        guard separators[0] == separators[1] else { return false }
        let values = groups.map(value), counts = groups.map(\.count)
        func isDay(_ value: Int) -> Bool { (1...31).contains(value) }
        func isMonth(_ value: Int) -> Bool { (1...12).contains(value) }
        if counts[0] == 4 { return counts[1] <= 2 && counts[2] <= 2 && isMonth(values[1]) && isDay(values[2]) }
        guard counts[0] <= 2, counts[1] <= 2, counts[2] == 2 || counts[2] == 4 else { return false }
        return (isDay(values[0]) && isMonth(values[1])) || (isMonth(values[0]) && isDay(values[1]))
    }

    /// Whether a digit run has the shape of a US social security number, AAA-GG-SSSS.
    static func looksLikeSocialSecurityNumber(_ run: [UInt8]) -> Bool {
        run.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false).map(\.count) == [3, 2, 4]
            && run.allSatisfy { isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// Whether a digit run grouped by dots alone is not a phone number: an IPv4 address
    /// (four groups of one to three digits), a version (a one-digit group after the
    /// first: 10.0.19041.1234)
    /// or an amount with dots between thousands (125.000.000).
    static func looksLikeDottedNumber(_ run: [UInt8]) -> Bool {
        let groups = run.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard groups.count >= 3, groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return false }
        let counts = groups.map(\.count)
        let address = counts.count == 4 && counts.allSatisfy { $0 <= 3 }
        let version = counts.dropFirst().contains(1)
        let thousands = counts[0] <= 3 && counts.dropFirst().allSatisfy { $0 == 3 }
        return address || version || thousands
    }

    /// Whether `code` is an ASCII digit.
    static func isDigit(_ code: UInt8) -> Bool { code >= UInt8(ascii: "0") && code <= UInt8(ascii: "9") }

    /// The value of ASCII digits, as `Int(_:)` reads them (0 when there are too many).
    private static func value(_ digits: ArraySlice<UInt8>) -> Int {
        var value = 0
        for digit in digits {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = product.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflow || overflowAgain { return 0 }
            value = sum
        }
        return value
    }
}
