/// The seed's binary PDU: one drawn view in 5 to 9 bytes.
///
/// | byte | bits | meaning |
/// |---|---|---|
/// | 0 | 7 6 5 4 | 1: x, y, width, height (in that order) take two bytes; 0: one |
/// | 0 | 3 2 1 0 | the type (``ReplayViewType``) |
/// | 1... | | x, y, width, height: one byte, or two big-endian |
extension ReplayView {
    /// The first byte's size flags for this view's geometry.
    var sizeFlags: UInt8 {
        (x > 0xFF ? 0x80 : 0) | (y > 0xFF ? 0x40 : 0) | (width > 0xFF ? 0x20 : 0) | (height > 0xFF ? 0x10 : 0)
    }

    /// How many bytes the PDU takes: 5 to 9.
    public var pduSize: Int {
        5 + (x > 0xFF ? 1 : 0) + (y > 0xFF ? 1 : 0) + (width > 0xFF ? 1 : 0) + (height > 0xFF ? 1 : 0)
    }

    /// Appends the view's PDU (type and geometry; its text goes in the text section).
    /// - Complexity: O(1).
    public func appendPDU(to out: inout [UInt8]) {
        out.append(sizeFlags | type.rawValue)
        func append(_ value: UInt16) {
            if value > 0xFF { out.append(UInt8(truncatingIfNeeded: value >> 8)) }
            out.append(UInt8(truncatingIfNeeded: value))
        }
        append(x)
        append(y)
        append(width)
        append(height)
    }

    /// The view's PDU on its own.
    public var pdu: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(9)
        appendPDU(to: &out)
        return out
    }

    /// Reads one PDU (no text).
    /// - Throws: ``ReplayDecodingError`` when the bytes end inside it or the type is
    ///   reserved.
    static func readPDU(_ reader: inout ByteReader) throws(ReplayDecodingError) -> ReplayView {
        let start = reader.offset
        let first = try reader.byte()
        guard let type = ReplayViewType(rawValue: first & 0x0F) else {
            throw ReplayDecodingError(offset: start, reason: .reservedViewType(first & 0x0F))
        }
        func value(_ flag: UInt8) throws(ReplayDecodingError) -> UInt16 {
            if first & flag != 0 {
                let high = try reader.byte()
                return UInt16(high) << 8 | UInt16(try reader.byte())
            }
            return UInt16(try reader.byte())
        }
        let x = try value(0x80), y = try value(0x40), width = try value(0x20), height = try value(0x10)
        return ReplayView(type: type, x: x, y: y, width: width, height: height)
    }
}
