/// A colour with alpha, as trees give `backgroundColor`: `#RRGGBB` (opaque) or
/// `#RRGGBBAA`, hexadecimal in either case.
public struct RGBAColor: Sendable, Hashable {
    /// Red, green, blue, alpha: 0 to 255 each.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; `nil` for anything else.
    public init?(hex text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 7 || utf8.count == 9, utf8[0] == UInt8(ascii: "#") else { return nil }
        var components: [UInt8] = []
        var index = 1
        while index < utf8.count {
            guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else { return nil }
            components.append(high << 4 | low)
            index += 2
        }
        self.init(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 255)
    }

    /// Whether the colour hides what is below it.
    public var isOpaque: Bool { alpha == 255 }

    /// Whether the colour shows at all.
    public var isVisible: Bool { alpha > 0 }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
