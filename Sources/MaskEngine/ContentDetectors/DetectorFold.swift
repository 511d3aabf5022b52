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
/// Only those: everything else is left as it is. A text without any of their lead
/// bytes (0xC2, 0xE2, 0xE3, 0xEF, 0xEF) is returned as it came, without a copy.
enum DetectorFold {
    /// The folded text.
    /// - Complexity: O(n): one pass over the bytes; a second over the scalars when a
    ///   fold may apply.
    static func folded(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 || $0 == 0xE3 || $0 == 0xEF }) else { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            if let ascii = fold(scalar) {
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
        case 0xFF01...0xFF5E: return UInt8(scalar.value - 0xFEE0)
        case 0xA0, 0x2000...0x200A, 0x202F, 0x3000: return 0x20
        case 0x2010...0x2015, 0x2212, 0xFE63: return UInt8(ascii: "-")
        default: return nil
        }
    }

    /// Whether the UTF-8 bytes `lead`, `second`, `third` (a three-byte sequence) are a
    /// fullwidth digit (U+FF10 to U+FF19).
    @inline(__always)
    static func isFullwidthDigit(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        lead == 0xEF && second == 0xBC && third >= 0x90 && third <= 0x99
    }

    /// Whether the UTF-8 bytes are a fullwidth commercial at (U+FF20).
    @inline(__always)
    static func isFullwidthAt(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        lead == 0xEF && second == 0xBC && third == 0xA0
    }
}
