/// Decoding and encoding of JSON string contents.
public enum JSONString {
    /// Decodes the raw bytes between the quotes of a JSON string the reader accepted.
    public static func decode(_ raw: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < raw.endIndex else {
                out.append(byte)
                i += 1
                continue
            }
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = hex4(raw, i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar), i + 6 <= raw.endIndex, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") {
                    let low = hex4(raw, i + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
            default: out.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a quoted JSON string.
    /// - Parameter escapingControls: also write DEL, the C1 controls, the bidi controls
    ///   and the line and paragraph separators (``ReportText/isControl(_:)``) as `\u`
    ///   escapes, so a report read on a terminal shows them rather than obeys them. The
    ///   value is the same: JSON requires escapes only for C0 controls.
    public static func appendQuoted(_ text: String, to out: inout [UInt8], escapingControls: Bool = false) {
        out.append(UInt8(ascii: "\""))
        if escapingControls && text.unicodeScalars.contains(where: { $0.value >= 0x7F && ReportText.isControl($0) }) {
            for scalar in text.unicodeScalars {
                if scalar.value < 0x7F {
                    appendEscaped(UInt8(scalar.value), to: &out)
                } else if ReportText.isControl(scalar) {
                    appendUnicodeEscape(UInt16(scalar.value), to: &out)
                } else {
                    appendUTF8(scalar, to: &out)
                }
            }
        } else {
            for byte in text.utf8 { appendEscaped(byte, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends one byte of a string's UTF-8 as JSON string content.
    @inline(__always)
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(byte)
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(byte)
        case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
        case 0x00..<0x20: appendUnicodeEscape(UInt16(byte), to: &out)
        default: out.append(byte)
        }
    }

    /// Appends `\uXXXX` (lower-case hex).
    private static func appendUnicodeEscape(_ value: UInt16, to out: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), digits[Int(value >> 12)], digits[Int(value >> 8 & 15)],
                                digits[Int(value >> 4 & 15)], digits[Int(value & 15)]])
    }

    static func hex4(_ raw: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 where at + k < raw.endIndex { value = value << 4 | UInt32(hexValue(raw[at + k]) ?? 0) }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8Sequence.append(scalar.value, to: &out)
    }
}
