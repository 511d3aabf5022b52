extension ValueDetectors {
    /// Whether the digits pass the Luhn check every card number carries.
    static func luhn(_ digits: some Collection<Int>) -> Bool {
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

    /// Whether digit groups are written the way cards are: in one block, in fours (the
    /// last group may be shorter), or 4-6-5 and 4-6-4 (American Express, Diners Club).
    /// Phone numbers are grouped otherwise (3-3-4, 2-2-2-2-2, 4-4-5).
    static func isCardGrouping(_ groups: [Int]) -> Bool {
        if groups.count == 1 || groups == [4, 6, 5] || groups == [4, 6, 4] { return true }
        return groups.dropLast().allSatisfy { $0 == 4 } && (1...4).contains(groups[groups.count - 1])
    }

    /// The payment card numbers in `text`, as UTF-8 ranges: digits grouped by spaces or
    /// dashes the way cards are, with a scheme's issuer prefix and one of its lengths,
    /// passing Luhn, not all one digit, not glued to letters or digits (a run's edge
    /// group that is glued is left out: `A1 4111 1111 1111 1111`), not in a path,
    /// file name, hash or IBAN (`ibans`, UTF-8 ranges), and not in phone context (after a
    /// `+`, or a word such as `phone`, `call`, `whatsapp`). A longer run of groups is
    /// searched for a card in any of its spans of whole groups.
    ///
    /// - Complexity: O(n) in the length of `text` (a span is at most 19 digits in at most
    ///   19 groups).
    static func paymentCardRanges(_ text: DetectorText, skipping machine: MachineTokens, ibans: [Range<Int>]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for joined in digitRuns(text, separators: " -") {
            // An edge group glued to a letter or digit (`A1 4111 ...`) is not part of a
            // card; what is left of the run is read.
            guard joined.digits.count >= 13,
                  let run = trimmingGluedEdges(text, joined, isGlue: { $0.isLetter || $0.isNumber }) else { continue }
            let bytes = text.bytes(run.range)
            guard run.digits.count >= 13, !machine.covers(bytes), !ibans.contains(where: { $0.overlaps(bytes) }) else { continue }
            let groups = digitGroups(text, run.range)
            for first in groups.indices {
                var digits: [Int] = [], lengths: [Int] = []
                for last in first..<groups.count {
                    digits += groups[last].digits
                    lengths.append(groups[last].digits.count)
                    // no longer span can be a card once the length or the grouping is wrong
                    guard digits.count <= 19, lengths.dropLast().allSatisfy({ $0 == 4 }) || (lengths.count <= 3 && lengths.starts(with: [4, 6])) else { break }
                    guard PaymentCardBrand.brand(of: digits[...]) != nil, isCardGrouping(lengths),
                          luhn(digits), digits.contains(where: { $0 != digits[0] }) else { continue }
                    let start = groups[first].range.lowerBound
                    // A phone word before a number too long for a phone does not make it one.
                    if !text.character(start - 1, is: UInt8(ascii: "+")), digits.count > 15 || !followsPhoneWord(text, start) {
                        found.append(text.bytes(start..<groups[last].range.upperBound))
                    }
                }
            }
        }
        return found
    }

    /// The digit groups of characters `run` (a digit run), each with its digits and
    /// characters.
    static func digitGroups(_ text: DetectorText, _ run: Range<Int>) -> [(digits: [Int], range: Range<Int>)] {
        var groups: [(digits: [Int], range: Range<Int>)] = []
        var index = run.lowerBound
        while index < run.upperBound {
            guard text[index].asciiDigit != nil else {
                index += 1
                continue
            }
            let start = index
            var digits: [Int] = []
            while index < run.upperBound, let digit = text[index].asciiDigit {
                digits.append(digit)
                index += 1
            }
            groups.append((digits, start..<index))
        }
        return groups
    }

}
