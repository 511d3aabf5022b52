/// A text as the value detectors read it: its characters (grapheme clusters, as `String`
/// iterates them), each with the properties the detectors ask about, read in one pass.
///
/// The detectors used to walk the `String` themselves, each one character by character
/// and several of them more than once (breaking graphemes and looking up Unicode
/// properties every time): about 10,000 instructions a byte, so a screen of unmasked
/// labels with prices and dates cost more in the `detect:` safety net than everything
/// else. Now a text is read once: an ASCII text byte by byte (each byte is a character,
/// except CR LF), any other text one grapheme walk, and the detectors index characters by
/// number. What they decide is unchanged, character for character (a test holds them to
/// the former implementation): a property here is the `Character` property of the same
/// name, and ``code`` compares as `Character ==` does (canonical equivalence: U+212A
/// KELVIN SIGN is `K`).
struct DetectorText {
    /// What the detectors ask about one character.
    struct Traits: Equatable {
        /// The ASCII character this character is equal to (`==`), or 0xFF: a single ASCII
        /// scalar, or one of the three scalars canonically equivalent to one (U+037E is
        /// `;`, U+1FEF is `` ` ``, U+212A is `K`). CR LF is equal to no ASCII character.
        var code: UInt8
        var flags: UInt8

        static let ascii: UInt8 = 1, whitespace: UInt8 = 2, letter: UInt8 = 4, number: UInt8 = 8
        static let uppercase: UInt8 = 16, lowercase: UInt8 = 32, hexDigit: UInt8 = 64

        init(code: UInt8, flags: UInt8) {
            self.code = code
            self.flags = flags
        }

        init(_ character: Character) {
            var flags: UInt8 = 0
            if character.isASCII { flags |= Self.ascii }
            if character.isWhitespace { flags |= Self.whitespace }
            if character.isLetter { flags |= Self.letter }
            if character.isNumber { flags |= Self.number }
            if character.isUppercase { flags |= Self.uppercase }
            if character.isLowercase { flags |= Self.lowercase }
            if character.isHexDigit { flags |= Self.hexDigit }
            self.flags = flags
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first {
                switch scalar.value {
                case 0..<0x80: code = UInt8(scalar.value)
                case 0x37E: code = UInt8(ascii: ";")
                case 0x1FEF: code = UInt8(ascii: "`")
                case 0x212A: code = UInt8(ascii: "K")
                default: code = 0xFF
                }
            } else {
                code = 0xFF
            }
        }

        /// The traits of each ASCII byte as a character of its own.
        static let ofASCII: [Traits] = (0..<128).map { Traits(Character(Unicode.Scalar(UInt8($0)))) }
        /// CR LF, one character.
        static let crlf = Traits("\r\n")

        var isASCII: Bool { flags & Self.ascii != 0 }
        var isWhitespace: Bool { flags & Self.whitespace != 0 }
        var isLetter: Bool { flags & Self.letter != 0 }
        var isNumber: Bool { flags & Self.number != 0 }
        var isUppercase: Bool { flags & Self.uppercase != 0 }
        var isLowercase: Bool { flags & Self.lowercase != 0 }
        var isHexDigit: Bool { flags & Self.hexDigit != 0 }
        /// The value of an ASCII digit (`Character.wholeNumberValue` of an ASCII
        /// character), or nil.
        var asciiDigit: Int? {
            isASCII && code >= UInt8(ascii: "0") && code <= UInt8(ascii: "9") ? Int(code - UInt8(ascii: "0")) : nil
        }
    }

    let text: String
    /// One entry per character, in order.
    let traits: [Traits]
    /// Each character's UTF-8 offset, then the text's length; nil when every character is
    /// one byte (character `i` starts at byte `i`).
    private let starts: [Int]?

    init(_ text: String) {
        self.text = text
        var traits: [Traits] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            traits.reserveCapacity(text.utf8.count)
            var starts: [Int]?
            var previous: UInt8 = 0, offset = 0
            for byte in text.utf8 {
                if previous == 0x0D && byte == 0x0A {
                    // CR LF is one character: the CR's entry becomes it.
                    traits[traits.count - 1] = Traits.crlf
                    if starts == nil { starts = Array(0..<offset) }
                    previous = 0
                } else {
                    traits.append(Traits.ofASCII[Int(byte)])
                    starts?.append(offset)
                    previous = byte
                }
                offset += 1
            }
            starts?.append(offset)
            self.starts = starts
        } else {
            var starts: [Int] = []
            var offset = 0
            for character in text {
                traits.append(Traits(character))
                starts.append(offset)
                offset += character.utf8.count
            }
            starts.append(offset)
            self.starts = starts
        }
        self.traits = traits
    }

    /// The number of characters.
    var count: Int { traits.count }

    subscript(_ index: Int) -> Traits { traits[index] }

    /// The UTF-8 offset where character `index` starts (`count`: the end of the text).
    func offset(_ index: Int) -> Int { starts?[index] ?? index }

    /// The UTF-8 offsets of characters `range`.
    func bytes(_ range: Range<Int>) -> Range<Int> { offset(range.lowerBound)..<offset(range.upperBound) }

    /// Characters `range` of the text.
    func substring(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offset(range.lowerBound))
        let upper = utf8.index(lower, offsetBy: offset(range.upperBound) - offset(range.lowerBound))
        return text[lower..<upper]
    }

    /// Character `index` itself.
    func character(_ index: Int) -> Character { substring(index..<index + 1).first! }

    /// Whether character `index` exists and is equal to `ascii`.
    func character(_ index: Int, is ascii: UInt8) -> Bool {
        index >= 0 && index < count && traits[index].code == ascii
    }

    /// Whether character `index` is equal to one of `set`'s bytes (`set` is ASCII).
    func character(_ index: Int, isOneOf set: StaticString) -> Bool {
        let code = traits[index].code
        guard code != 0xFF else { return false }
        return set.withUTF8Buffer { $0.contains(code) }
    }

    /// Whether characters `range` start with `prefix` (ASCII), as `hasPrefix` compares.
    func hasPrefix(_ range: Range<Int>, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { bytes in
            guard bytes.count <= range.count else { return false }
            for (offset, byte) in bytes.enumerated() where traits[range.lowerBound + offset].code != byte { return false }
            return true
        }
    }

    /// Whether characters `range` hold `needle` (ASCII) as consecutive characters.
    func contains(_ range: Range<Int>, _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { bytes in
            guard bytes.count <= range.count else { return false }
            var start = range.lowerBound
            outer: while start + bytes.count <= range.upperBound {
                for (offset, byte) in bytes.enumerated() where traits[start + offset].code != byte {
                    start += 1
                    continue outer
                }
                return true
            }
            return false
        }
    }

    /// The non-empty runs of characters of `range` between characters `isSeparator`
    /// accepts (as `split(whereSeparator:)` gives them).
    func split(_ range: Range<Int>, where isSeparator: (Int) -> Bool) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where isSeparator(index) {
            if index > start { pieces.append(start..<index) }
            start = index + 1
        }
        if range.upperBound > start { pieces.append(start..<range.upperBound) }
        return pieces
    }
}
