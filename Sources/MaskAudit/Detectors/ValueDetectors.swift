/// Recognises personal data in text: e-mail addresses, phone numbers, payment card
/// numbers (Luhn-checked), IBANs (mod-97-checked), government ids and secrets.
///
/// Hand-written scanners, no regular-expression engine: each runs in linear time over
/// the text.
public enum ValueDetectors {
    /// The kinds of personal data found in `text`, each once, in a fixed order.
    public static func scan(_ text: String) -> [SensitiveKind] {
        var found: [SensitiveKind] = []
        if containsEmail(text) { found.append(.email) }
        if containsPaymentCard(text) { found.append(.paymentCard) }
        if containsIBAN(text) { found.append(.iban) }
        if containsGovernmentID(text) { found.append(.governmentID) }
        if !found.contains(.paymentCard), containsPhone(text) { found.append(.phone) }
        if containsSecret(text) { found.append(.secret) }
        return found
    }

    // MARK: e-mail

    static func containsEmail(_ text: String) -> Bool {
        let chars = Array(text.unicodeScalars)
        for (index, scalar) in chars.enumerated() where scalar == "@" {
            var left = index - 1
            while left >= 0, isLocalPart(chars[left]) { left -= 1 }
            guard index - left - 1 >= 1 else { continue }
            var right = index + 1, lastDot = -1
            while right < chars.count, isDomainPart(chars[right]) {
                if chars[right] == "." { lastDot = right }
                right += 1
            }
            // a dot inside the domain, with at least two letters after the last one
            if lastDot > index + 1, right - lastDot - 1 >= 2, chars[(lastDot + 1)..<right].allSatisfy({ $0.properties.isAlphabetic }) {
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

    /// Runs of digits allowing single spaces, dashes, dots or parentheses between them.
    static func digitRuns(_ text: String, separators: Set<Character> = [" ", "-", ".", "(", ")", "/"]) -> [(digits: [Int], text: Substring)] {
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

    // MARK: payment card

    static func luhn(_ digits: [Int]) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            if offset % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    static func containsPaymentCard(_ text: String) -> Bool {
        digitRuns(text, separators: [" ", "-"]).contains { run in
            (13...19).contains(run.digits.count) && luhn(run.digits) && !run.digits.allSatisfy { $0 == run.digits[0] }
        }
    }

    // MARK: IBAN

    /// ISO 13616: two letters, two check digits, up to 30 alphanumerics; spaces allowed
    /// in groups; valid when the rearranged number is 1 modulo 97.
    static func containsIBAN(_ text: String) -> Bool {
        let upper = Array(text.uppercased().unicodeScalars)
        var i = 0
        while i + 4 <= upper.count {
            let starts = (i == 0 || !isAlnum(upper[i - 1])) && isLetter(upper[i]) && isLetter(upper[i + 1]) && isDigit(upper[i + 2]) && isDigit(upper[i + 3])
            if starts {
                var compact: [Unicode.Scalar] = []
                var j = i
                while j < upper.count, isAlnum(upper[j]) || (upper[j] == " " && j + 1 < upper.count && isAlnum(upper[j + 1])) {
                    if upper[j] != " " { compact.append(upper[j]) }
                    j += 1
                    if compact.count > 34 { break }
                }
                if (15...34).contains(compact.count), mod97(compact) == 1 { return true }
            }
            i += 1
        }
        return false
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

    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    private static func isAlnum(_ s: Unicode.Scalar) -> Bool { isLetter(s) || isDigit(s) || ("a"..."z").contains(s) }

    // MARK: government ids

    /// US social security numbers (AAA-GG-SSSS, not 000/666/9xx areas, no zero group)
    /// and UK national insurance numbers (two letters, six digits, A to D).
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
        let compact = Array(text.uppercased().unicodeScalars.filter { $0 != " " })
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

    // MARK: phone

    /// 8 to 15 digits after a `+`, or 9 to 15 digits grouped by spaces, dashes, dots or
    /// parentheses, so that plain counts and prices are not taken for phone numbers;
    /// runs that start like a date (2016-05-03, 12/25/2016) are not phones.
    static func containsPhone(_ text: String) -> Bool {
        digitRuns(text, separators: [" ", "-", ".", "(", ")"]).contains { run in
            let hasPlus = text[..<run.text.startIndex].last == "+"
            guard (hasPlus ? 8 : 9)...15 ~= run.digits.count, !looksLikeDate(run.text) else { return false }
            let grouped = run.text.contains { $0 == " " || $0 == "-" || $0 == "(" || $0 == ")" || $0 == "." }
            return hasPlus || grouped
        }
    }

    /// Whether a digit run starts with a date: YYYY-MM-DD or DD-MM-YYYY (any of - / .).
    static func looksLikeDate(_ run: Substring) -> Bool {
        let groups = run.split(whereSeparator: { !$0.isNumber }).map(\.count)
        guard groups.count >= 3 else { return false }
        return (groups[0] == 4 && groups[1] <= 2 && groups[2] <= 2) || (groups[0] <= 2 && groups[1] <= 2 && (groups[2] == 2 || groups[2] == 4))
    }

    // MARK: secrets

    static let secretPrefixes = ["sk_live_", "sk_test_", "pk_live_", "ghp_", "gho_", "github_pat_", "xoxb-", "xoxp-", "AKIA", "AIza", "ya29.", "-----BEGIN"]

    /// Known token prefixes, JSON Web Tokens, and long random-looking words (20+
    /// characters mixing upper case, lower case and digits).
    static func containsSecret(_ text: String) -> Bool {
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "," }) {
            if secretPrefixes.contains(where: { word.hasPrefix($0) && word.count >= $0.count + 8 }) { return true }
            if word.hasPrefix("eyJ"), word.split(separator: ".").count == 3, word.count >= 30 { return true }
            if word.count >= 24, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-+/=".contains($0)) }) {
                let upper = word.contains { $0.isUppercase }, lower = word.contains { $0.isLowercase }, digit = word.contains { $0.isNumber }
                if upper && lower && digit { return true }
            }
        }
        return false
    }
}
