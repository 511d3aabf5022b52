@testable import MaskEngine

// The value detectors as they were before they read a text once into `DetectorText`
// (every detector walked the `String` by characters on its own): the reference the
// rewrite is held to, character for character, in `DetectorRewriteTests`. One change:
// `contains` of a string is written `firstRange(of:) != nil`, the standard library's
// search by characters that the library (no Foundation) called; in this test target
// Foundation's `contains`, which matches inside a character, would be chosen instead.
// Later changes to what the detectors decide are made here too, so the reference keeps
// holding the character-by-character reading to them: `scan` reads the folded text
// (`DetectorFold`), IBAN groups may be joined by dashes, a slash may group a phone
// number after a `+` or a phone word.

/// Recognises personal data in text: e-mail addresses, phone numbers, payment card
/// numbers (issuer prefix, length and Luhn checked), IBANs (mod-97-checked), government
/// ids and secrets. Paths, file names and hashes hold none of these
/// (`ReferenceMachineTokens`). Docs/detectors.md says what each detector takes and leaves, with
/// its precision and recall over a labelled corpus.
///
/// Hand-written scanners, no regular-expression engine: each runs in linear time over
/// the text. The one implementation behind the audit's value findings and the policy's
/// `detect:` safety net (``DecisionTable/safetyNet(_:content:)``).
enum ReferenceDetectors {
    /// The detectors `scan` runs, in its order.
    static let kinds: [ContentDetector] = [.email, .paymentCard, .iban, .governmentID, .phone, .secret]

    /// The kinds of personal data found in `text`, each once, in a fixed order.
    /// - Complexity: O(n) in the length of `text`.
    static func scan(_ text: String) -> [ContentDetector] {
        // The detectors read the folded text (fullwidth forms, spaces and dashes as ASCII).
        let text = DetectorFold.folded(text)
        // One pass over the bytes says which detectors can match at all (each needs its
        // ASCII digits, an `@`, a token's first bytes; see ``mayMatch(_:)``): the others
        // are not run, so text without digits costs a byte pass, not a walk over its
        // characters per detector (a long masked text in an audit took a second a MB).
        let gate = ValueDetectors.ByteGate(text)
        let machine = gate.digits >= 8 ? ReferenceMachineTokens(text) : nil
        let ibans = gate.digits >= 2 ? ibanRanges(text) : []
        let cards = gate.digits >= 13 ? paymentCardRanges(text, skipping: machine ?? ReferenceMachineTokens(text), ibans: ibans) : []
        var found: [ContentDetector] = []
        if gate.hasAt && containsEmail(text) { found.append(.email) }
        if !cards.isEmpty { found.append(.paymentCard) }
        if !ibans.isEmpty { found.append(.iban) }
        if gate.digits >= 6 && containsGovernmentID(text) { found.append(.governmentID) }
        if let machine, containsPhone(text, skipping: machine, taken: ibans + cards) { found.append(.phone) }
        if (gate.digits > 0 || gate.mayHoldNamedSecret) && containsSecret(text) { found.append(.secret) }
        return found
    }

    /// ``scan(_:)`` with every detector run whatever the bytes: the reference the gates
    /// are tested against.
    static func scanUngated(_ text: String) -> [ContentDetector] {
        let text = DetectorFold.folded(text)
        let machine = ReferenceMachineTokens(text)
        let ibans = ibanRanges(text)
        let cards = paymentCardRanges(text, skipping: machine, ibans: ibans)
        var found: [ContentDetector] = []
        if containsEmail(text) { found.append(.email) }
        if !cards.isEmpty { found.append(.paymentCard) }
        if !ibans.isEmpty { found.append(.iban) }
        if containsGovernmentID(text) { found.append(.governmentID) }
        if containsPhone(text, skipping: machine, taken: ibans + cards) { found.append(.phone) }
        if containsSecret(text) { found.append(.secret) }
        return found
    }

    // MARK: e-mail

    /// E-mail reads scalars, not characters, and was not part of the rewrite: the
    /// library's own (which since reads past a full stop after the address).
    static func containsEmail(_ text: String) -> Bool { ValueDetectors.containsEmail(text) }

    // MARK: digit runs

    /// Runs of digits with at most two separators between digits; `text` of a run spans
    /// its first digit to its last, with indices into the scanned text.
    static func digitRuns(_ text: String, separators: Set<Character>) -> [(digits: [Int], text: Substring)] {
        var runs: [(digits: [Int], text: Substring)] = []
        var digits: [Int] = []
        var start = text.startIndex, lastDigitEnd = text.startIndex
        var index = text.startIndex
        var gap = 0
        func close() {
            if !digits.isEmpty { runs.append((digits, text[start..<lastDigitEnd])) }
            digits = []
            gap = 0
        }
        while index < text.endIndex {
            let c = text[index]
            if let d = c.wholeNumberValue, c.isASCII {
                if digits.isEmpty { start = index }
                digits.append(d)
                gap = 0
                lastDigitEnd = text.index(after: index)
            } else if separators.contains(c), !digits.isEmpty, gap < 2 {
                gap += 1
            } else {
                close()
            }
            index = text.index(after: index)
        }
        close()
        return runs
    }

    // MARK: IBAN

    /// The IBANs in `text` (ISO 13616): two letters, two check digits, up to 30 letters
    /// and digits, single spaces allowed between groups, not glued to a letter or digit
    /// before; valid when the rearranged number is 1 modulo 97. The longest valid span
    /// ending at a group boundary is taken, so words after an IBAN do not hide it.
    ///
    /// - Complexity: O(n) in the length of `text` (an IBAN is at most 34 characters).
    static func ibanRanges(_ text: String) -> [Range<String.Index>] {
        let scalars = Array(text.unicodeScalars)
        let indices = Array(text.unicodeScalars.indices) + [text.endIndex]
        var found: [Range<String.Index>] = []
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
                found.append(indices[i]..<indices[end])
                i = end
            } else {
                i += 1
            }
        }
        return found
    }

    static func mod97(_ iban: [Unicode.Scalar]) -> Int { ValueDetectors.mod97(iban) }

    private static func upper(_ s: Unicode.Scalar) -> Unicode.Scalar { ("a"..."z").contains(s) ? Unicode.Scalar(UInt8(s.value - 32)) : s }
    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    private static func isAlnum(_ s: Unicode.Scalar) -> Bool { isLetter(s) || isDigit(s) || ("a"..."z").contains(s) }

    // MARK: government ids

    /// Reads scalars, not characters, and was not part of the rewrite: the library's own.
    /// US social security numbers (AAA-GG-SSSS, not 000/666/9xx areas, no zero group)
    /// and UK national insurance numbers (two letters, six digits, A to D): over the
    /// text's scalars, as the engine read them before it read bytes.
    static func containsGovernmentID(_ text: String) -> Bool {
        let s = Array(text.unicodeScalars)
        if s.count >= 11 {
            for i in 0...(s.count - 11) {
                let window = s[i..<i + 11]
                let pattern = window.enumerated().allSatisfy { offset, c in
                    offset == 3 || offset == 6 ? c == "-" : isDigit(c)
                }
                let bounded = (i == 0 || !isDigit(s[i - 1])) && (i + 11 == s.count || !isDigit(s[i + 11]))
                if pattern && bounded {
                    let area = Int(String(String.UnicodeScalarView(window.prefix(3)))) ?? 0
                    let group = Int(String(String.UnicodeScalarView(window.dropFirst(4).prefix(2)))) ?? 0
                    let serial = Int(String(String.UnicodeScalarView(window.suffix(4)))) ?? 0
                    if area != 0 && area != 666 && area < 900 && group != 0 && serial != 0 { return true }
                }
            }
        }
        // ASCII letters upper-cased (the id's letters are ASCII; `ß` is not `SS` here).
        let compact = text.unicodeScalars.filter { $0 != " " }.map { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }
        if compact.count >= 9 {
            for i in 0...(compact.count - 9) {
                let w = compact[i..<i + 9]
                let letters = w.prefix(2).allSatisfy(isLetter)
                let digits = w.dropFirst(2).prefix(6).allSatisfy(isDigit)
                let suffix = w.last.map { ("A"..."D").contains($0) } ?? false
                let bounded = (i == 0 || !isAlnum(compact[i - 1])) && (i + 9 == compact.count || !isAlnum(compact[i + 9]))
                if letters && digits && suffix && bounded { return true }
            }
        }
        return false
    }

}

extension ReferenceDetectors {
    /// The (at most three) words between the previous digit and `start`, nearest first,
    /// lower case: `Tel. no: 0812` gives `no`, `tel`.
    static func wordsBefore(_ text: String, _ start: String.Index) -> [String] {
        var words: [String] = []
        var index = start
        var word = ""
        while index > text.startIndex, words.count < 3 {
            index = text.index(before: index)
            let character = text[index]
            // A digit ends the words, unless a letter or `_` is right before it (`Bob7`).
            if character.isNumber {
                guard index > text.startIndex, text[text.index(before: index)].isLetter || text[text.index(before: index)] == "_" else { break }
                word.insert(contentsOf: String(character), at: word.startIndex)
            } else if character.isLetter {
                word.insert(contentsOf: character.lowercased(), at: word.startIndex)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty, words.count < 3 { words.append(word) }
        return words
    }

    /// Whether one of the three words before `start` announces a phone number:
    /// `Call 0882...`, `Tel: +62 ...`, `WhatsApp (0812) ...`.
    static func followsPhoneWord(_ text: String, _ start: String.Index) -> Bool {
        wordsBefore(text, start).contains { ValueDetectors.phoneWords.contains($0) }
    }

    /// Phone numbers, written as people write them:
    /// - 8 to 15 digits after a `+`;
    /// - 9 to 15 digits grouped by spaces, dashes, dots or parentheses;
    /// - 9 to 15 digits after a word such as `phone`, `tel`, `call`, `mobile`, `whatsapp`;
    /// - a national number in parentheses, `(0882251292745)`: a trunk `0`, then 10 to 13
    ///   digits in all.
    ///
    /// Not phones: plain counts and prices (`Total 12345678`); dates (2016-05-03,
    /// 03.05.2016); the shape of a US SSN (123-45-6789); IPv4 addresses, versions and
    /// amounts grouped by dots; numbers after a word such as `order`, `isbn`, `imei`,
    /// `account` (one of the two words before; a `+` or a phone word wins); card numbers
    /// and IBANs found in the same text (`taken`); digits glued to a letter or `_`
    /// (`Screenshot_20160305-123456`); digits inside paths, file names and hashes
    /// (`..._568-1457213548.mp4`).
    static func containsPhone(_ text: String, skipping machine: ReferenceMachineTokens, taken: [Range<String.Index>]) -> Bool {
        digitRuns(text, separators: [" ", "-", ".", "(", ")", "/"]).contains { joined in
            guard let run = withoutGluedEdges(text, joined, glue: { $0.isLetter || $0 == "_" }) else { return false }
            let range = run.text.startIndex..<run.text.endIndex
            let count = run.digits.count
            guard (8...15).contains(count), !machine.covers(range), !taken.contains(where: { $0.overlaps(range) }),
                  !isInName(text, range) else { return false }
            if run.text.contains("/") {
                if text[..<range.lowerBound].last == "+" { return true }
                return count >= 9 && wordsBefore(text, range.lowerBound).contains(where: ValueDetectors.phoneWords.contains) && !looksLikeDate(run.text)
            }
            if text[..<range.lowerBound].last == "+" { return true }
            guard !looksLikeDate(run.text) else { return false }
            guard count >= 9, !looksLikeDottedNumber(run.text), !looksLikeSocialSecurityNumber(run.text) else { return false }
            let words = wordsBefore(text, range.lowerBound)
            if words.contains(where: ValueDetectors.phoneWords.contains) { return true }
            if words.prefix(2).contains(where: ValueDetectors.otherNumberWords.contains) { return false }
            if run.text.contains(where: { $0 == " " || $0 == "-" || $0 == "(" || $0 == ")" || $0 == "." }) { return true }
            let parenthesised = text[..<range.lowerBound].last == "(" && text[range.upperBound...].first == ")"
            return parenthesised && run.digits[0] == 0 && run.digits[1] != 0 && (10...13).contains(count)
        }
    }

    /// A run without an edge group (digits between separators) that `glue` says is stuck
    /// to the character outside the run; nil when no group is left.
    static func withoutGluedEdges(_ text: String, _ run: (digits: [Int], text: Substring), glue: (Character) -> Bool) -> (digits: [Int], text: Substring)? {
        var groups = digitGroups(run.text)
        if let before = text[..<run.text.startIndex].last, glue(before) { groups.removeFirst() }
        if let after = text[run.text.endIndex...].first, glue(after), !groups.isEmpty { groups.removeLast() }
        guard let first = groups.first, let last = groups.last else { return nil }
        return (groups.flatMap(\.digits), text[first.range.lowerBound..<last.range.upperBound])
    }

    /// Whether a digit run is part of a name: a letter or `_` right before or after it.
    static func isInName(_ text: String, _ range: Range<String.Index>) -> Bool {
        let before = text[..<range.lowerBound].last, after = text[range.upperBound...].first
        return [before, after].contains { $0.map { $0.isLetter || $0 == "_" } ?? false }
    }

    /// Whether a digit run starts with a date: YYYY-MM-DD, DD-MM-YYYY or MM-DD-YYYY (or
    /// two-digit years), one of `-`, `/`, `.` between the three parts, a month of 1 to 12
    /// and a day of 1 to 31.
    static func looksLikeDate(_ run: Substring) -> Bool {
        var groups: [Substring] = [], separators: [Character] = []
        var rest = run[...]
        while groups.count < 3 {
            let digits = rest.prefix(while: \.isNumber)
            guard !digits.isEmpty else { return false }
            groups.append(digits)
            rest = rest[digits.endIndex...]
            if groups.count < 3 {
                guard let separator = rest.first, separator == "-" || separator == "/" || separator == "." else { return false }
                separators.append(separator)
                rest = rest.dropFirst()
            }
        }
        guard separators[0] == separators[1] else { return false }
        let values = groups.map { Int($0) ?? 0 }, counts = groups.map(\.count)
        func isDay(_ value: Int) -> Bool { (1...31).contains(value) }
        func isMonth(_ value: Int) -> Bool { (1...12).contains(value) }
        if counts[0] == 4 { return counts[1] <= 2 && counts[2] <= 2 && isMonth(values[1]) && isDay(values[2]) }
        guard counts[0] <= 2, counts[1] <= 2, counts[2] == 2 || counts[2] == 4 else { return false }
        return (isDay(values[0]) && isMonth(values[1])) || (isMonth(values[0]) && isDay(values[1]))
    }

    /// Whether a digit run has the shape of a US social security number, AAA-GG-SSSS.
    static func looksLikeSocialSecurityNumber(_ run: Substring) -> Bool {
        run.split(separator: "-", omittingEmptySubsequences: false).map(\.count) == [3, 2, 4] && run.allSatisfy { $0.isNumber || $0 == "-" }
    }

    /// Whether a digit run grouped by dots alone is not a phone number: an IPv4 address
    /// (four groups of one to three digits), a version (a one-digit group after the
    /// first: 10.0.19041.1234)
    /// or an amount with dots between thousands (125.000.000).
    static func looksLikeDottedNumber(_ run: Substring) -> Bool {
        let groups = run.split(separator: ".", omittingEmptySubsequences: false)
        guard groups.count >= 3, groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return false }
        let counts = groups.map(\.count)
        let address = counts.count == 4 && counts.allSatisfy { $0 <= 3 }
        let version = counts.dropFirst().contains(1)
        let thousands = counts[0] <= 3 && counts.dropFirst().allSatisfy { $0 == 3 }
        return address || version || thousands
    }
}

extension ReferenceDetectors {
    /// The payment card numbers in `text`: digits grouped by spaces or dashes the way
    /// cards are, with a scheme's issuer prefix and one of its lengths, passing Luhn, not
    /// all one digit, not glued to letters or digits, not in a path, file name, hash or
    /// IBAN, and not in phone context (after a `+`, or a word such as `phone`, `call`,
    /// `whatsapp`). A longer run of groups is searched for a card in any of its spans of
    /// whole groups.
    ///
    /// - Complexity: O(n) in the length of `text` (a span is at most 19 digits in at most
    ///   19 groups).
    static func paymentCardRanges(_ text: String, skipping machine: ReferenceMachineTokens, ibans: [Range<String.Index>]) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        for joined in digitRuns(text, separators: [" ", "-"]) {
            guard let run = withoutGluedEdges(text, joined, glue: { $0.isLetter || $0.isNumber }) else { continue }
            let range = run.text.startIndex..<run.text.endIndex
            guard run.digits.count >= 13, !machine.covers(range), !ibans.contains(where: { $0.overlaps(range) }), !isGlued(text, range) else { continue }
            let groups = digitGroups(run.text)
            for first in groups.indices {
                var digits: [Int] = [], lengths: [Int] = []
                for last in first..<groups.count {
                    digits += groups[last].digits
                    lengths.append(groups[last].digits.count)
                    // no longer span can be a card once the length or the grouping is wrong
                    guard digits.count <= 19, lengths.dropLast().allSatisfy({ $0 == 4 }) || (lengths.count <= 3 && lengths.starts(with: [4, 6])) else { break }
                    guard PaymentCardBrand.brand(of: digits[...]) != nil, ValueDetectors.isCardGrouping(lengths),
                          ValueDetectors.luhn(digits), digits.contains(where: { $0 != digits[0] }) else { continue }
                    let start = groups[first].range.lowerBound
                    if text[..<start].last != "+", digits.count > 15 || !followsPhoneWord(text, start) {
                        found.append(start..<groups[last].range.upperBound)
                    }
                }
            }
        }
        return found
    }

    /// The digit groups of a run, each with its digits and range.
    static func digitGroups(_ run: Substring) -> [(digits: [Int], range: Range<String.Index>)] {
        var groups: [(digits: [Int], range: Range<String.Index>)] = []
        var index = run.startIndex
        while index < run.endIndex {
            guard run[index].isASCII, run[index].isNumber else {
                index = run.index(after: index)
                continue
            }
            let start = index
            var digits: [Int] = []
            while index < run.endIndex, run[index].isASCII, let digit = run[index].wholeNumberValue {
                digits.append(digit)
                index = run.index(after: index)
            }
            groups.append((digits, start..<index))
        }
        return groups
    }

    /// Whether a digit run has a letter or digit right before or after it (`ID4111...`).
    static func isGlued(_ text: String, _ range: Range<String.Index>) -> Bool {
        let before = text[..<range.lowerBound].last, after = text[range.upperBound...].first
        return [before, after].contains { $0.map { $0.isLetter || $0.isNumber } ?? false }
    }
}

extension ReferenceDetectors {
    /// Prefixes of API keys and tokens that name their issuer.
    static let secretPrefixes = [
        "sk_live_", "sk_test_", "pk_live_", "rk_live_", "sk-proj-", "ghp_", "gho_", "ghs_", "github_pat_", "glpat-",
        "xoxb-", "xoxp-", "xapp-", "AKIA", "AIza", "ya29.", "shpat_",
    ]

    /// PEM private keys (`-----BEGIN ... PRIVATE KEY-----`; certificates are public),
    /// known token prefixes followed by 8 characters or more, JSON Web Tokens, and long
    /// machine-generated words: 24 characters or more of letters, digits and `_-+/=`,
    /// mixing upper case, lower case and digits, and switching between them at least
    /// once every three characters (`ReferenceMachineTokens.looksGenerated`). Not secrets: paths
    /// (`/storage/emulated/0/Android/`), file names (a dot is not in the alphabet), and
    /// names that switch too seldom (`Screenshot_20160305_WhatsApp`).
    static func containsSecret(_ text: String) -> Bool {
        if text.firstRange(of: "-----BEGIN") != nil, text.firstRange(of: "PRIVATE KEY-----") != nil { return true }
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "," }) {
            // At the word's start or after a mark inside it (`key=sk_live_…`).
            let starts = [word.startIndex] + word.indices.dropFirst().filter { index in
                let before = word[word.index(before: index)]
                return !(before.isLetter || before.isNumber)
            }
            for start in starts where secretPrefixes.contains(where: { word[start...].hasPrefix($0) && word[start...].count >= $0.count + 8 }) {
                return true
            }
            if word.hasPrefix("eyJ"), word.split(separator: ".").count == 3, word.count >= 30 { return true }
            guard word.count >= 24, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-+/=".contains($0)) }) else { continue }
            let trimmed = ReferenceMachineTokens.trimmingPunctuation(word)
            guard !ReferenceMachineTokens.isPath(trimmed) else { continue }
            let upper = word.contains { $0.isUppercase }, lower = word.contains { $0.isLowercase }, digit = word.contains { $0.isNumber }
            if upper && lower && digit && ReferenceMachineTokens.looksGenerated(word, minimumLength: 20) { return true }
        }
        return false
    }
}

/// Words of a text that name files, paths or hashes: `/storage/emulated/0/Android/`,
/// `VID_568-1457213548.mp4`, `56db506c2f0e`. Their digits are not phone or card
/// numbers and their letters are not secrets, so the value detectors skip them.
struct ReferenceMachineTokens {
    /// The ranges of the words that are paths, file names or hashes, in text order.
    let ranges: [Range<String.Index>]

    /// Finds the machine words of `text` (words are separated by white space).
    ///
    /// - Complexity: O(n) in the length of `text`.
    init(_ text: String) {
        var ranges: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard !text[index].isWhitespace else {
                index = text.index(after: index)
                continue
            }
            let start = index
            while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
            // A number that the word ends in and the next word goes on with (one or two
            // spaces between), or that the word starts with going on from the previous
            // word's, is read whole.
            func isDigit(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isNumber } ?? false }
            var ending = text[start..<index]
            if ending.last == ")" { ending = ending.dropLast() }
            var after = text[index...].dropFirst(text[index...].hasPrefix("  ") ? 2 : 1)
            if after.first == "(" { after = after.dropFirst() }
            let runsOn = isDigit(ending.last) && text[index...].first == " " && isDigit(after.first)
            var opening = text[start..<index]
            if opening.first == "(" { opening = opening.dropFirst() }
            var before = text[..<start].dropLast(text[..<start].hasSuffix("  ") ? 2 : 1)
            if before.last == ")" { before = before.dropLast() }
            let runsIn = isDigit(opening.first) && text[..<start].last == " " && isDigit(before.last)
            if Self.isMachineWord(text[start..<index]) && !runsOn && !runsIn { ranges.append(start..<index) }
        }
        self.ranges = ranges
    }

    /// Whether `range` overlaps a machine word.
    ///
    /// - Complexity: O(log m) in the number of machine words.
    func covers(_ range: Range<String.Index>) -> Bool {
        // the words are disjoint and in order: the first one ending after the range starts
        // overlaps it, or none does
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].overlaps(range)
    }

    /// Whether a word (no white space in it) is a path, a file name or a hash.
    static func isMachineWord(_ word: Substring) -> Bool {
        let trimmed = trimmingPunctuation(word)
        return (isPath(trimmed) || isFileName(trimmed) || isHashName(trimmed)) && !holdsNumber(trimmed)
    }

    /// Whether a word holds a card number or `+` and 8 to 15 digits as a number of its
    /// own (no letter or digit right before or after its digits).
    static func holdsNumber(_ word: Substring) -> Bool {
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        var rest = word[...]
        while let start = rest.firstIndex(where: isDigit) {
            // Digit groups joined by one or two of `-.()`.
            var end = start, groups: [Substring] = [], separators = ""
            while true {
                let groupEnd = word[end...].firstIndex(where: { !isDigit($0) }) ?? word.endIndex
                groups.append(word[end..<groupEnd])
                let gap = word[groupEnd...].prefix(while: { "-.()".contains($0) }).prefix(2)
                end = groupEnd
                guard !gap.isEmpty, let next = word[gap.endIndex...].first, isDigit(next), gap.count == word[groupEnd...].prefix(while: { "-.()".contains($0) }).count else { break }
                separators += gap
                end = gap.endIndex
            }
            let digits = groups.joined().compactMap(\.wholeNumberValue)
            let before = word[..<start].last, after = word[end...].first
            rest = word[end...]
            if [before, after].contains(where: { $0.map { $0.isLetter || $0.isNumber } ?? false }) { continue }
            if before == "+" && (8...15).contains(digits.count) { return true }
            let cardGrouped = groups.count == 1 || (separators.allSatisfy { $0 == "-" } && ValueDetectors.isCardGrouping(groups.map(\.count)))
            if (13...19).contains(digits.count), cardGrouped, PaymentCardBrand.brand(of: digits[...]) != nil, ValueDetectors.luhn(digits),
               Set(digits).count > 1 {
                return true
            }
        }
        return false
    }

    /// The word without the quotes, brackets and sentence punctuation around it.
    static func trimmingPunctuation(_ word: Substring) -> Substring {
        var result = word
        while let first = result.first, "([{<\"'".contains(first) { result = result.dropFirst() }
        while let last = result.last, ")]}>\"',;:.!?".contains(last) { result = result.dropLast() }
        return result
    }

    // MARK: paths

    /// A path or URL: `/`-separated segments, one of them with a letter in it, either
    /// rooted (`/`, `~/`, `./`, `../`, `scheme://`) or with two segments or more of which
    /// none looks machine-generated (so a base64 token with a `/` in it stays a token).
    static func isPath(_ word: Substring) -> Bool {
        guard word.firstRange(of: "/") != nil else { return false }
        let segments = word.split(separator: "/")
        guard segments.contains(where: { $0.contains(where: \.isLetter) }) else { return false }
        if word.hasPrefix("/") || word.hasPrefix("~/") || word.hasPrefix("./") || word.hasPrefix("../") || word.firstRange(of: "://") != nil {
            return true
        }
        return segments.count >= 2 && !segments.contains(where: { $0.firstRange(of: ".") == nil && looksGenerated($0, minimumLength: 8) })
    }

    // MARK: file names

    /// Extensions that end a file name. Left out: extensions that are also common
    /// top-level domains (`.ai`, `.md`, `.mobi`, ...).
    static let fileExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "bmp", "svg", "tif", "tiff",
        "mp4", "m4v", "mov", "avi", "mkv", "webm", "3gp", "flv", "wmv",
        "mp3", "m4a", "aac", "wav", "ogg", "flac", "amr", "opus",
        "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "csv", "rtf", "epub",
        "json", "xml", "html", "htm", "js", "css", "log", "db", "sqlite", "bin", "gguf",
        "zip", "rar", "7z", "gz", "tar", "apk", "ipa", "vcf", "ics",
    ]

    /// A name ending in a dot and a known file extension (`IMG_0042.JPG`, `data.json`).
    static func isFileName(_ word: Substring) -> Bool {
        guard let dot = word.lastIndex(of: "."), dot > word.startIndex else { return false }
        return fileExtensions.contains(word[word.index(after: dot)...].lowercased())
    }

    // MARK: hashes

    /// A word holding a run of eight hexadecimal characters or more, letters and digits
    /// mixed, not glued to other letters or digits: a hash, a UUID, a commit.
    static func isHashName(_ word: Substring) -> Bool {
        var run = 0, letters = 0, digits = 0
        var glued = false
        func closes() -> Bool { !glued && run >= 8 && letters > 0 && digits > 0 }
        for character in word {
            if character.isHexDigit, character.isASCII {
                if character.isNumber { digits += 1 } else { letters += 1 }
                run += 1
            } else {
                if closes(), !(character.isLetter || character.isNumber) { return true }
                glued = character.isLetter || character.isNumber
                run = 0; letters = 0; digits = 0
            }
        }
        return closes()
    }

    // MARK: generated text

    /// Whether the letters and digits of `text` look machine-generated: at least
    /// `minimumLength` of them, switching between upper case, lower case and digits at
    /// least once every three characters. English words, camelCase names and dates do
    /// not; random tokens do (about two switches in three).
    static func looksGenerated(_ text: Substring, minimumLength: Int) -> Bool {
        var count = 0, switches = 0
        var previous: Int?
        for character in text where character.isASCII && (character.isLetter || character.isNumber) {
            let kind = character.isNumber ? 0 : character.isUppercase ? 1 : 2
            if let previous, previous != kind { switches += 1 }
            previous = kind
            count += 1
        }
        return count >= minimumLength && switches * 3 >= count
    }
}

