/// What the value detectors read in place of a text: the text with the compatibility
/// forms people and keyboards put into personal data folded to ASCII, so a number or an
/// address written with them is found as the plain one is:
/// - fullwidth forms (U+FF01 to U+FF5E: `＠`, `４１１１`, `．`) become their ASCII
///   characters (what NFKC does to them);
/// - spaces that are not U+0020 (no-break U+00A0, figure U+2007, narrow no-break
///   U+202F, the U+2000 to U+200A spaces, ideographic U+3000) become a space: phones
///   and formatters group digits with them (`4111 1111 1111 1111` with U+00A0);
/// - hyphens and dashes (U+2010 to U+2015, minus U+2212, small and fullwidth hyphen-minus)
///   become `-`.
///
/// - the decimal digits of Arabic-Indic (`٤١١١`), Persian and the other scripts of
///   ``digitZeros`` (Devanagari to Ol Chiki), Adlam, and the mathematical digits (bold, double-struck, sans-serif,
///   monospace: `𝟒𝟏𝟏𝟏`, compatibility forms as the fullwidth ones are) become ASCII
///   digits (the byte gates count them);
/// - the small commercial at `﹫` becomes `@`, the small full stop `﹒` `.`;
/// - the katakana prolonged sound mark and its halfwidth form (`090ー1234ー5678`) become
///   `-`, a middle dot (`·`, `・`) `.`;
/// - invisible format characters (zero-width space and joiners, word joiner, soft
///   hyphen, byte order mark, direction marks and embeddings) are dropped: put between
///   digits or after an `@`, they split what they sit in for the eye of no reader.
///
/// Only those: everything else is left as it is. An ASCII text is returned as it came,
/// without a copy.
enum DetectorFold {
    /// The folded text.
    /// - Complexity: O(n): one pass over the bytes; a second over the scalars when the
    ///   text is not ASCII.
    static func folded(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                changed = true
            } else if let ascii = fold(scalar) {
                scalars.append(Unicode.Scalar(ascii))
                changed = true
            } else {
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : text
    }

    /// The ASCII character a scalar folds to, or nil.
    static func fold(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0..<0x80: return nil
        case 0xFF01...0xFF5E: return UInt8(scalar.value - 0xFEE0)
        case 0xA0, 0x2000...0x200A, 0x202F, 0x3000: return 0x20
        case 0x2010...0x2015, 0x2212, 0xFE63, 0x30FC, 0xFF70: return UInt8(ascii: "-")
        case 0xB7, 0x30FB, 0xFF65, 0xFE52: return UInt8(ascii: ".")
        case 0xFE6B: return UInt8(ascii: "@")
        // Digits of the scripts the byte gates know (``endsForeignDigit(_:_:_:)``).
        case 0x1D7CE...0x1D7FF: return UInt8(ascii: "0") + UInt8((scalar.value - 0x1D7CE) % 10)
        case 0x1E950...0x1E959: return UInt8(ascii: "0") + UInt8(scalar.value - 0x1E950)  // Adlam
        case 0x660...0x1C59:
            // Each script's ten digits lie in one 16-scalar block: one read finds its zero.
            let zero = UInt32(digitZeroByBlock[Int(scalar.value >> 4) - 0x66])
            guard zero != 0, scalar.value >= zero, scalar.value <= zero + 9 else { return nil }
            return UInt8(ascii: "0") + UInt8(scalar.value - zero)
        default: return nil
        }
    }

    /// The zero of each script's decimal digits the fold reads below U+1C5A (its nine
    /// others follow it): Arabic-Indic, Persian, NKo, Devanagari, Bengali, Gurmukhi,
    /// Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar,
    /// Myanmar Shan, Khmer, Mongolian, Limbu, New Tai Lue, Tai Tham (Hora and Tham),
    /// Balinese, Sundanese, Lepcha, Ol Chiki. (Adlam, above, is read on its own.)
    static let digitZeros: [UInt32] = [0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
                                       0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
                                       0x1B50, 0x1BB0, 0x1C40, 0x1C50]

    /// ``digitZeros`` by 16-scalar block from U+0660's (`value >> 4` less 0x66), 0 for a
    /// block without digits: each script's ten digits lie inside one block.
    static let digitZeroByBlock: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 0x1C5 - 0x66 + 1)
        for zero in digitZeros {
            precondition(zero >> 4 == (zero + 9) >> 4, "a script's digits cross a block")
            table[Int(zero >> 4) - 0x66] = UInt16(zero)
        }
        return table
    }()

    /// Whether a scalar is an invisible format character the fold drops.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// Whether the UTF-8 bytes ending at `third` (with `first`, `second` before it) end a
    /// digit of another script the fold reads as an ASCII digit (fullwidth, the scripts
    /// of ``digitZeros``, the mathematical digits: of those, the last three bytes). For
    /// byte gates, which may say yes too often but never too rarely for those scripts.
    @inline(__always)
    static func endsForeignDigit(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        if second == 0xD9 && third >= 0xA0 && third <= 0xA9 { return true }  // U+0660...0669
        if second == 0xDB && third >= 0xB0 && third <= 0xB9 { return true }  // U+06F0...06F9
        if second == 0xDF && third >= 0x80 && third <= 0x89 { return true }  // NKo U+07C0...07C9
        switch first {
        case 0xE0:
            // Devanagari U+0966 to Malayalam U+0D66: E0 A5/A7/.../B5 A6...AF; Thai
            // U+0E50 E0 B9 90...99; Lao U+0ED0 E0 BB 90...99; Tibetan U+0F20 E0 BC A0...A9.
            if second >= 0xA5 && second <= 0xB5 && second & 1 == 1 { return third >= 0xA6 && third <= 0xAF }
            if second == 0xBC { return third >= 0xA0 && third <= 0xA9 }
            return (second == 0xB9 || second == 0xBB) && third >= 0x90 && third <= 0x99
        case 0xE1:
            switch second {
            case 0x81, 0xAA, 0xB1:
                // Myanmar U+1040 E1 81 80...89; Tai Tham Hora U+1A80 E1 AA 80...89 and
                // Tham U+1A90 90...99; Lepcha U+1C40 E1 B1 80...89 and Ol Chiki U+1C50 90...99.
                return (third >= 0x80 && third <= 0x89) || (second != 0x81 && third >= 0x90 && third <= 0x99)
            case 0x82, 0xA0, 0xA7, 0xAD:
                // Myanmar Shan U+1090, Mongolian U+1810, New Tai Lue U+19D0, Balinese U+1B50: 90...99.
                return third >= 0x90 && third <= 0x99
            case 0x9F: return third >= 0xA0 && third <= 0xA9  // Khmer U+17E0
            case 0xA5: return third >= 0x86 && third <= 0x8F  // Limbu U+1946
            case 0xAE: return third >= 0xB0 && third <= 0xB9  // Sundanese U+1BB0
            default: return false
            }
        case 0xEF: return second == 0xBC && third >= 0x90 && third <= 0x99  // U+FF10...FF19
        case 0x9D: return second == 0x9F && third >= 0x8E  // U+1D7CE...1D7FF: F0 9D 9F 8E...BF
        case 0x9E: return second == 0xA5 && third >= 0x90 && third <= 0x99  // Adlam U+1E950...1E959: F0 9E A5 90...99
        default: return false
        }
    }

    /// Whether the UTF-8 bytes are a commercial at of another form the fold reads as `@`:
    /// fullwidth (U+FF20) or small (U+FE6B).
    @inline(__always)
    static func isFullwidthAt(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        lead == 0xEF && ((second == 0xBC && third == 0xA0) || (second == 0xB9 && third == 0xAB))
    }
}
