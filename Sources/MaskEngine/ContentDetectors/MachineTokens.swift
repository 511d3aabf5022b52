/// Words of a text that name files, paths or hashes: `/storage/emulated/0/Android/`,
/// `VID_568-1457213548.mp4`, `56db506c2f0e`. Their digits are not phone or card
/// numbers and their letters are not secrets, so the value detectors skip them.
struct MachineTokens {
    /// The UTF-8 ranges of the words that are paths, file names or hashes, in text order.
    let ranges: [Range<Int>]

    /// Finds the machine words of `text` (words are separated by white space).
    ///
    /// - Complexity: O(n) in the length of `text`.
    init(_ text: DetectorText) {
        var ranges: [Range<Int>] = []
        for word in text.split(0..<text.count, where: { text[$0].isWhitespace })
        where Self.isMachineWord(text, word) && !Self.numberRunsOn(text, word) {
            ranges.append(text.bytes(word))
        }
        self.ranges = ranges
    }

    /// Whether `range` (UTF-8 offsets) overlaps a machine word.
    ///
    /// - Complexity: O(log m) in the number of machine words.
    func covers(_ range: Range<Int>) -> Bool {
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
        let text = DetectorText(String(word))
        return isMachineWord(text, 0..<text.count)
    }

    /// Whether characters `word` of `text` (no white space in them) are a path, a file
    /// name or a hash, and hold no card or international phone number of their own
    /// (``holdsNumber(_:_:)``).
    static func isMachineWord(_ text: DetectorText, _ word: Range<Int>) -> Bool {
        let trimmed = trimmingPunctuation(text, word)
        return (isPath(text, trimmed) || isFileName(text, trimmed) || isHashName(text, trimmed)) && !holdsNumber(text, trimmed)
    }

    /// Whether a word ends in digits (a `)` after them allowed) that the next word goes
    /// on with, after one or two spaces (`cards/4111 1111 1111 1111`,
    /// `tel/(415) 555-0132`), or starts with digits (a `(` before them allowed) that go
    /// on from the previous word's (`4111 1111/edit`): the number is not the path's, and
    /// the detectors read it whole.
    static func numberRunsOn(_ text: DetectorText, _ word: Range<Int>) -> Bool {
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < text.count && text[index].asciiDigit != nil }
        func isSpace(_ index: Int) -> Bool { text.character(index, is: UInt8(ascii: " ")) }
        // Ends in a number the next word goes on with.
        var last = word.upperBound - 1
        if last > word.lowerBound, text.character(last, is: UInt8(ascii: ")")) { last -= 1 }
        if last >= word.lowerBound, isDigit(last), isSpace(word.upperBound) {
            let next = isSpace(word.upperBound + 1) ? word.upperBound + 2 : word.upperBound + 1
            if isDigit(next) || (text.character(next, is: UInt8(ascii: "(")) && isDigit(next + 1)) { return true }
        }
        // Starts with a number the previous word's goes on into.
        var first = word.lowerBound
        if text.character(first, is: UInt8(ascii: "(")) { first += 1 }
        if first < word.upperBound, isDigit(first), isSpace(word.lowerBound - 1) {
            var previous = isSpace(word.lowerBound - 2) ? word.lowerBound - 3 : word.lowerBound - 2
            if text.character(previous, is: UInt8(ascii: ")")) { previous -= 1 }
            if isDigit(previous) { return true }
        }
        return false
    }

    /// Whether a word holds, as a number of its own (its digits not glued to a letter or
    /// digit before or after), a payment card number (13 to 19 digits with a scheme's
    /// prefix and length, passing Luhn, not all one digit; in one block, or grouped by
    /// dashes as cards are) or `+` and 8 to 15 digits (grouped by any of `-.()`):
    /// `cards/4111111111111111`, `com.example:id/row_4111-1111-1111-1111`,
    /// `contact/+1-415-555-0132`. Such a word is read as any other, whatever else it
    /// looks like: an identifier built from a row's card number is not a path's
    /// business. Timestamps, counters and dates in paths and file names are neither.
    /// - Complexity: O(n) in the word's length.
    static func holdsNumber(_ text: DetectorText, _ word: Range<Int>) -> Bool {
        func isGlue(_ at: Int) -> Bool { at >= 0 && at < text.count && (text[at].isLetter || text[at].isNumber) }
        func isSeparator(_ at: Int) -> Bool { at < word.upperBound && text.character(at, isOneOf: "-.()") }
        var index = word.lowerBound
        var digits: [Int] = [], groups: [Int] = []
        while index < word.upperBound {
            guard text[index].asciiDigit != nil, !isGlue(index - 1) else {
                index += 1
                continue
            }
            let start = index
            digits.removeAll(keepingCapacity: true)
            groups.removeAll(keepingCapacity: true)
            var dashesOnly = true
            var grouped = 0  // digits in the groups before this one
            while index < word.upperBound, let digit = text[index].asciiDigit {
                digits.append(digit)
                index += 1
                if index < word.upperBound, text[index].asciiDigit != nil { continue }
                groups.append(digits.count - grouped)
                grouped = digits.count
                // One or two separators between groups (`) `, `)-`), then digits.
                let gap = isSeparator(index) ? (isSeparator(index + 1) ? 2 : 1) : 0
                guard gap > 0, index + gap < word.upperBound, text[index + gap].asciiDigit != nil else { break }
                if (index..<index + gap).contains(where: { !text.character($0, is: UInt8(ascii: "-")) }) { dashesOnly = false }
                index += gap
            }
            guard !isGlue(index) else { continue }
            if text.character(start - 1, is: UInt8(ascii: "+")), (8...15).contains(digits.count) { return true }
            if (13...19).contains(digits.count), groups.count == 1 || (dashesOnly && ValueDetectors.isCardGrouping(groups)),
               PaymentCardBrand.brand(of: digits[...]) != nil, ValueDetectors.luhn(digits), digits.contains(where: { $0 != digits[0] }) {
                return true
            }
        }
        return false
    }

    /// The word without the quotes, brackets and sentence punctuation around it.
    static func trimmingPunctuation(_ text: DetectorText, _ word: Range<Int>) -> Range<Int> {
        var lower = word.lowerBound, upper = word.upperBound
        while lower < upper, text.character(lower, isOneOf: "([{<\"'") { lower += 1 }
        while lower < upper, text.character(upper - 1, isOneOf: ")]}>\"',;:.!?") { upper -= 1 }
        return lower..<upper
    }

    // MARK: paths

    /// A path or URL: `/`-separated segments, one of them with a letter in it, either
    /// rooted (`/`, `~/`, `./`, `../`, `scheme://`) or with two segments or more of which
    /// none looks machine-generated (so a base64 token with a `/` in it stays a token).
    static func isPath(_ text: DetectorText, _ word: Range<Int>) -> Bool {
        guard word.contains(where: { text.character($0, is: UInt8(ascii: "/")) }) else { return false }
        let segments = text.split(word) { text.character($0, is: UInt8(ascii: "/")) }
        guard segments.contains(where: { segment in segment.contains { text[$0].isLetter } }) else { return false }
        if text.hasPrefix(word, "/") || text.hasPrefix(word, "~/") || text.hasPrefix(word, "./") || text.hasPrefix(word, "../")
            || text.contains(word, "://") {
            return true
        }
        return segments.count >= 2 && !segments.contains(where: { segment in
            !segment.contains { text.character($0, is: UInt8(ascii: ".")) } && looksGenerated(text, segment, minimumLength: 8)
        })
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
    static func isFileName(_ text: DetectorText, _ word: Range<Int>) -> Bool {
        guard let dot = word.last(where: { text.character($0, is: UInt8(ascii: ".")) }), dot > word.lowerBound else { return false }
        return fileExtensions.contains(text.substring((dot + 1)..<word.upperBound).lowercased())
    }

    // MARK: hashes

    /// A word holding a run of eight hexadecimal characters or more, letters and digits
    /// mixed, not glued to other letters or digits: a hash, a UUID, a commit.
    static func isHashName(_ text: DetectorText, _ word: Range<Int>) -> Bool {
        var run = 0, letters = 0, digits = 0
        var glued = false
        func closes() -> Bool { !glued && run >= 8 && letters > 0 && digits > 0 }
        for index in word {
            let character = text[index]
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
    static func looksGenerated(_ text: DetectorText, _ range: Range<Int>, minimumLength: Int) -> Bool {
        var count = 0, switches = 0
        var previous: Int?
        for index in range {
            let character = text[index]
            guard character.isASCII && (character.isLetter || character.isNumber) else { continue }
            let kind = character.isNumber ? 0 : character.isUppercase ? 1 : 2
            if let previous, previous != kind { switches += 1 }
            previous = kind
            count += 1
        }
        return count >= minimumLength && switches * 3 >= count
    }
}
