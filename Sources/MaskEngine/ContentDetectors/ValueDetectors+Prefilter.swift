extension ValueDetectors {
    /// Whether `text`, as UTF-8 bytes, could hold anything ``scan(_:)`` finds: a cheap
    /// byte test that lets the `detect:` safety net skip most text without scanning it.
    /// Never false for a text `scan` reports something in (tested over the detector
    /// corpus and generated text); true for much that holds nothing.
    ///
    /// What each detector needs at least (fullwidth `＠` and the digits of the scripts
    /// ``DetectorFold/endsForeignDigit(_:_:_:)`` knows counting as the ASCII ones, as
    /// ``DetectorFold`` reads them): an e-mail address an `@`; a phone number 8
    /// ASCII digits, a card 13, a US SSN 9, a UK NI number 6 in 9 bytes; an IBAN 2 digits in 15
    /// bytes or more; a PEM key `-----`; every other secret a word of 12 characters or
    /// more (a token prefix and 8 more) that starts with an ASCII character (every
    /// prefix, `eyJ` and generated words do), so a run of 12 bytes or more without a
    /// space, control separator, quote or comma, counted from its first ASCII byte.
    /// - Complexity: O(n) in the number of bytes, one pass.
    public static func mayMatch(_ bytes: some Sequence<UInt8>) -> Bool {
        // `run`: bytes since the first ASCII byte after the last separator (0: none yet).
        var digits = 0, count = 0, run = 0, dashes = 0
        // The two bytes before, for the fullwidth digits and `＠` the detectors fold.
        var first: UInt8 = 0, second: UInt8 = 0
        for byte in bytes {
            count += 1
            if byte >= 0x80 {
                if DetectorFold.isFullwidthAt(first, second, byte) { return true }
                if DetectorFold.endsForeignDigit(first, second, byte) {
                    digits += 1
                    if digits >= 8 || (digits >= 6 && count >= 9) { return true }
                }
            }
            first = second
            second = byte
            switch byte {
            case UInt8(ascii: "@"): return true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits >= 8 || (digits >= 6 && count >= 9) { return true }
            case 0x09...0x0D, 0x20, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ","):
                run = 0
                dashes = 0
                continue
            default: break
            }
            if run > 0 || byte < 0x80 { run += 1 }
            if run >= 12 { return true }
            if byte == UInt8(ascii: "-") {
                dashes += 1
                if dashes >= 5 { return true }
            } else {
                dashes = 0
            }
        }
        return (digits >= 6 && count >= 9) || (digits >= 2 && count >= 15)
    }
}
