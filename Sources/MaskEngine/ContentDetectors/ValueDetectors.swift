/// Recognises personal data in text: e-mail addresses, phone numbers, payment card
/// numbers (issuer prefix, length and Luhn checked), IBANs (mod-97-checked), government
/// ids and secrets. Paths, file names and hashes hold none of these
/// (`MachineTokens`). Docs/detectors.md says what each detector takes and leaves, with
/// its precision and recall over a labelled corpus.
///
/// Hand-written scanners, no regular-expression engine: each runs in linear time over
/// the text. The one implementation behind the audit's value findings and the policy's
/// `detect:` safety net (``DecisionTable/safetyNet(_:content:)``).
public enum ValueDetectors {
    /// The detectors `scan` runs, in its order.
    public static let kinds: [ContentDetector] = [.email, .paymentCard, .iban, .governmentID, .phone, .secret]

    /// The kinds of personal data found in `text`, each once, in a fixed order.
    /// - Complexity: O(n) in the length of `text`.
    public static func scan(_ text: String) -> [ContentDetector] {
        // Fullwidth characters, other spaces and dashes read as their ASCII forms.
        let text = DetectorFold.folded(text)
        // One pass over the bytes says which detectors can match at all (each needs its
        // ASCII digits, an `@`, a token's first bytes; see ``mayMatch(_:)``): the others
        // are not run, so text without digits costs a byte pass, not a walk over its
        // characters per detector (a long masked text in an audit took a second a MB).
        let gate = ByteGate(text)
        // The character-reading detectors read the text's characters once, here.
        let characters = gate.digits > 0 || gate.mayHoldNamedSecret ? DetectorText(text) : nil
        let machine = gate.digits >= 8 ? characters.map(MachineTokens.init) : nil
        let ibans = gate.digits >= 2 ? ibanRanges(text) : []
        var cards: [Range<Int>] = []
        if gate.digits >= 13, let characters {
            cards = paymentCardRanges(characters, skipping: machine ?? MachineTokens(characters), ibans: ibans)
        }
        var found: [ContentDetector] = []
        if gate.hasAt && containsEmail(text) { found.append(.email) }
        if !cards.isEmpty { found.append(.paymentCard) }
        if !ibans.isEmpty { found.append(.iban) }
        if gate.digits >= 6 && containsGovernmentID(text) { found.append(.governmentID) }
        if let machine, let characters, containsPhone(characters, skipping: machine, taken: ibans + cards) { found.append(.phone) }
        if let characters, containsSecret(characters) { found.append(.secret) }
        return found
    }

    /// ``scan(_:)`` with every detector run whatever the bytes: the reference the gates
    /// are tested against.
    static func scanUngated(_ text: String) -> [ContentDetector] {
        let text = DetectorFold.folded(text)
        let characters = DetectorText(text)
        let machine = MachineTokens(characters)
        let ibans = ibanRanges(text)
        let cards = paymentCardRanges(characters, skipping: machine, ibans: ibans)
        var found: [ContentDetector] = []
        if containsEmail(text) { found.append(.email) }
        if !cards.isEmpty { found.append(.paymentCard) }
        if !ibans.isEmpty { found.append(.iban) }
        if containsGovernmentID(text) { found.append(.governmentID) }
        if containsPhone(characters, skipping: machine, taken: ibans + cards) { found.append(.phone) }
        if containsSecret(characters) { found.append(.secret) }
        return found
    }

    /// What one pass over a text's bytes says about which detectors can match.
    struct ByteGate {
        /// ASCII digits (the detectors read no others).
        var digits = 0
        var hasAt = false
        /// A PEM key's `-----`, a token prefix's first bytes or a JSON Web Token's `eyJ`
        /// could be there: without a digit, the only secrets ``containsSecret(_:)`` finds.
        var mayHoldNamedSecret = false

        init(_ text: String) {
            var previous: UInt8 = 0
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
                case UInt8(ascii: "@"): hasAt = true
                default: break
                }
                if !mayHoldNamedSecret {
                    // Every prefix starts with two of these byte pairs; `-----` with `--`.
                    switch (previous, byte) {
                    case (UInt8(ascii: "-"), UInt8(ascii: "-")), (UInt8(ascii: "e"), UInt8(ascii: "y")), (UInt8(ascii: "k"), UInt8(ascii: "_")),
                         (UInt8(ascii: "k"), UInt8(ascii: "-")), (UInt8(ascii: "h"), UInt8(ascii: "p")), (UInt8(ascii: "h"), UInt8(ascii: "o")),
                         (UInt8(ascii: "h"), UInt8(ascii: "s")), (UInt8(ascii: "i"), UInt8(ascii: "t")), (UInt8(ascii: "l"), UInt8(ascii: "p")),
                         (UInt8(ascii: "o"), UInt8(ascii: "x")), (UInt8(ascii: "a"), UInt8(ascii: "p")), (UInt8(ascii: "K"), UInt8(ascii: "I")),
                         (UInt8(ascii: "I"), UInt8(ascii: "z")), (UInt8(ascii: "a"), UInt8(ascii: "2")), (UInt8(ascii: "h"), UInt8(ascii: "a")):
                        mayHoldNamedSecret = true
                    default: break
                    }
                }
                previous = byte
            }
        }
    }

    // MARK: e-mail

    static func containsEmail(_ text: String) -> Bool {
        let chars = Array(text.unicodeScalars)
        for (index, scalar) in chars.enumerated() where scalar == "@" {
            var left = index - 1
            while left >= 0, isLocalPart(chars[left]) { left -= 1 }
            guard index - left - 1 >= 1 else { continue }
            var right = index + 1, lastDot = -1
            while right < chars.count, isDomainPart(chars[right]) { right += 1 }
            // A sentence's full stop after the address is not part of its domain
            // (`Receipt sent to jane@example.com.`).
            while right > index + 1, chars[right - 1] == "." { right -= 1 }
            if let dot = chars[(index + 1)..<right].lastIndex(of: ".") { lastDot = dot }
            // A top-level domain has no hyphen: one after it ends the address
            // (`row-jane.doe@example.com-2`, `Profile-jane@example.com-View`).
            if lastDot > index + 1, let hyphen = chars[(lastDot + 1)..<right].firstIndex(of: "-") { right = hyphen }
            // a dot inside the domain, with at least two letters after the last one, which
            // are not a file extension (`icon@2x.png` is a file)
            guard lastDot > index + 1, right - lastDot - 1 >= 2 else { continue }
            let topLevel = chars[(lastDot + 1)..<right]
            if topLevel.allSatisfy({ $0.properties.isAlphabetic }),
               !MachineTokens.fileExtensions.contains(String(String.UnicodeScalarView(topLevel)).lowercased()) {
                return true
            }
        }
        return false
    }

    private static func isLocalPart(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || "._%+-".unicodeScalars.contains(s)
    }

    private static func isDomainPart(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "." || s == "-"
    }

    // MARK: digit runs

    /// Runs of digits with at most two separators (characters equal to one of
    /// `separators`' bytes) between digits; a run's `range` spans its first digit to its
    /// last, in characters of `text`.
    static func digitRuns(_ text: DetectorText, separators: StaticString) -> [(digits: [Int], range: Range<Int>)] {
        var runs: [(digits: [Int], range: Range<Int>)] = []
        var digits: [Int] = []
        var start = 0, lastDigitEnd = 0
        var gap = 0
        func close() {
            if !digits.isEmpty { runs.append((digits, start..<lastDigitEnd)) }
            digits = []
            gap = 0
        }
        for index in 0..<text.count {
            if let digit = text[index].asciiDigit {
                if digits.isEmpty { start = index }
                digits.append(digit)
                gap = 0
                lastDigitEnd = index + 1
            } else if text.character(index, isOneOf: separators), !digits.isEmpty, gap < 2 {
                gap += 1
            } else {
                close()
            }
        }
        close()
        return runs
    }

    /// A digit run without its first or last group where that group is glued to the
    /// character before or after the run (`isGlue`): a neighbouring word's digits are
    /// joined to a run by the space between them (`A1 4111 1111 1111 1111`,
    /// `User7 415-555-0132`, `... 555-0132 2nd line`) and would otherwise take the
    /// whole run out with them. The run as it is when neither edge is glued; nil when
    /// nothing is left.
    /// - Complexity: O(n) in the run's length.
    static func trimmingGluedEdges(_ text: DetectorText, _ run: (digits: [Int], range: Range<Int>),
                                   isGlue: (DetectorText.Traits) -> Bool) -> (digits: [Int], range: Range<Int>)? {
        let gluedBefore = run.range.lowerBound > 0 && isGlue(text[run.range.lowerBound - 1])
        let gluedAfter = run.range.upperBound < text.count && isGlue(text[run.range.upperBound])
        guard gluedBefore || gluedAfter else { return run }
        let groups = digitGroups(text, run.range)
        let first = gluedBefore ? 1 : 0, last = groups.count - (gluedAfter ? 2 : 1)
        guard first <= last else { return nil }
        return (groups[first...last].flatMap(\.digits), groups[first].range.lowerBound..<groups[last].range.upperBound)
    }

    // MARK: IBAN

    /// The IBANs in `text` (ISO 13616): two letters, two check digits, up to 30 letters
    /// and digits, single spaces or dashes allowed between groups, not glued to a letter or digit
    /// before; valid when the rearranged number is 1 modulo 97. The longest valid span
    /// ending at a group boundary is taken, so words after an IBAN do not hide it.
    ///
    /// Returns UTF-8 ranges.
    ///
    /// - Complexity: O(n) in the length of `text` (an IBAN is at most 34 characters).
    static func ibanRanges(_ text: String) -> [Range<Int>] {
        // Every IBAN starts with two ASCII letters and two digits: a text without them
        // costs one pass over its bytes.
        var a: UInt8 = 0, b: UInt8 = 0, c: UInt8 = 0
        var starts = false
        for byte in text.utf8 {
            if (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z") && (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
                && c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                starts = true
                break
            }
            (a, b, c) = (b, c, byte)
        }
        guard starts else { return [] }
        let scalars = Array(text.unicodeScalars)
        var found: [Range<Int>] = []
        // UTF-8 offsets of scalars, counted forward as IBANs are found (in text order).
        var countedScalars = 0, countedBytes = 0
        func utf8Offset(_ scalar: Int) -> Int {
            while countedScalars < scalar {
                countedBytes += UTF8.width(scalars[countedScalars])
                countedScalars += 1
            }
            return countedBytes
        }
        var i = 0
        while i + 4 <= scalars.count {
            let starts = (i == 0 || !isAlnum(scalars[i - 1])) && isLetter(upper(scalars[i])) && isLetter(upper(scalars[i + 1]))
                && isDigit(scalars[i + 2]) && isDigit(scalars[i + 3])
            guard starts else {
                i += 1
                continue
            }
            var compact: [Unicode.Scalar] = []
            var j = i, end: Int?
            while j < scalars.count, compact.count < 34,
                  isAlnum(scalars[j]) || ((scalars[j] == " " || scalars[j] == "-") && j + 1 < scalars.count && isAlnum(scalars[j + 1])) {
                if scalars[j] != " " && scalars[j] != "-" { compact.append(upper(scalars[j])) }
                j += 1
                let boundary = j == scalars.count || !isAlnum(scalars[j])
                if boundary, (15...34).contains(compact.count), mod97(compact) == 1 { end = j }
            }
            if let end {
                found.append(utf8Offset(i)..<utf8Offset(end))
                i = end
            } else {
                i += 1
            }
        }
        return found
    }

    static func mod97(_ iban: [Unicode.Scalar]) -> Int {
        let rearranged = Array(iban[4...]) + Array(iban[..<4])
        var remainder = 0
        for scalar in rearranged {
            if isDigit(scalar) {
                remainder = (remainder * 10 + Int(scalar.value - 48)) % 97
            } else if isLetter(scalar) {
                let value = Int(scalar.value) - 55  // A = 10
                remainder = (remainder * 100 + value) % 97
            } else {
                return -1
            }
        }
        return remainder
    }

    private static func upper(_ s: Unicode.Scalar) -> Unicode.Scalar { ("a"..."z").contains(s) ? Unicode.Scalar(UInt8(s.value - 32)) : s }
    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    private static func isAlnum(_ s: Unicode.Scalar) -> Bool { isLetter(s) || isDigit(s) || ("a"..."z").contains(s) }

    // MARK: government ids

    /// US social security numbers (AAA-GG-SSSS, not 000/666/9xx areas, no zero group)
    /// and UK national insurance numbers (two letters, six digits, A to D; spaces
    /// anywhere in it). Read from the text's UTF-8 bytes (both are ASCII; a letter is an
    /// ASCII letter, upper-cased).
    /// - Complexity: O(n) in the length of `text`.
    static func containsGovernmentID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            func value(_ offset: Int, _ count: Int) -> Int { (offset..<offset + count).reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) } }
            if bytes.count >= 11 {
                for i in 0...(bytes.count - 11) where bytes[i + 3] == UInt8(ascii: "-") && bytes[i + 6] == UInt8(ascii: "-") {
                    guard [0, 1, 2, 4, 5, 7, 8, 9, 10].allSatisfy({ isDigit(bytes[i + $0]) }),
                          i == 0 || !isDigit(bytes[i - 1]), i + 11 == bytes.count || !isDigit(bytes[i + 11]) else { continue }
                    let area = value(i, 3), group = value(i + 4, 2), serial = value(i + 7, 4)
                    if area != 0 && area != 666 && area < 900 && group != 0 && serial != 0 { return true }
                }
            }
            guard bytes.count >= 9 else { return false }
            // The text without spaces, ASCII letters upper-cased.
            var compact: [UInt8] = []
            compact.reserveCapacity(bytes.count)
            for byte in bytes where byte != 0x20 {
                compact.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
            }
            func isLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            guard compact.count >= 9 else { return false }
            for i in 0...(compact.count - 9) where isLetter(compact[i]) && isLetter(compact[i + 1]) {
                guard (2..<8).allSatisfy({ isDigit(compact[i + $0]) }), compact[i + 8] >= UInt8(ascii: "A") && compact[i + 8] <= UInt8(ascii: "D"),
                      i == 0 || !(isLetter(compact[i - 1]) || isDigit(compact[i - 1])),
                      i + 9 == compact.count || !(isLetter(compact[i + 9]) || isDigit(compact[i + 9])) else { continue }
                return true
            }
            return false
        }
    }
}
