/// Grapheme cluster breaking over UTF-8 bytes, for the byte flavour of the masking
/// patterns (``Placeholder/simplePattern(_:_:bullets:into:)``): a per-scalar class
/// table and the rules of Unicode's extended grapheme clusters (UAX #29) that those
/// classes decide with certainty.
///
/// The table (`GraphemeClassTable.swift`) is derived from the standard library's own
/// grapheme breaking, scalar by scalar, and checked against it over every scalar by
/// `GraphemeClassTests` (which also writes it: see there). Scalars it cannot classify
/// with certainty are ``unknown``, and text holding one is left to the `String`
/// flavour: `Prepend` scalars, unassigned code points, and everything when the running
/// standard library speaks another Unicode version than the one the table was derived
/// from.
@usableFromInline
enum GraphemeClass {
    /// Not classified: the text takes the `String` flavour.
    static let unknown: UInt8 = 0
    /// `Other`: a grapheme of its own unless what follows joins it.
    static let other: UInt8 = 1
    /// `Control`: breaks on both sides.
    static let control: UInt8 = 2
    static let cr: UInt8 = 3
    static let lf: UInt8 = 4
    /// `Extend` with `Indic_Conjunct_Break=None`.
    static let extend: UInt8 = 5
    /// `Extend` with `Indic_Conjunct_Break=Extend`.
    static let extendConjunct: UInt8 = 6
    /// `Extend` with `Indic_Conjunct_Break=Linker` (viramas).
    static let linker: UInt8 = 7
    /// `ZWJ` with `Indic_Conjunct_Break=None`.
    static let zwj: UInt8 = 8
    /// `ZWJ` with `Indic_Conjunct_Break=Extend`.
    static let zwjConjunct: UInt8 = 9
    static let spacingMark: UInt8 = 10
    static let regionalIndicator: UInt8 = 11
    static let l: UInt8 = 12
    static let v: UInt8 = 13
    static let t: UInt8 = 14
    static let lv: UInt8 = 15
    static let lvt: UInt8 = 16
    /// `Other` with `Extended_Pictographic`.
    static let pictographic: UInt8 = 17
    /// `Other` with `Indic_Conjunct_Break=Consonant`.
    static let consonant: UInt8 = 18
    static let count = 19

    /// The class of a scalar, through the two-level table beyond ASCII; ``unknown`` for
    /// all but ASCII and the scalars ``Placeholder/isOwnGrapheme(_:)`` takes when the
    /// running standard library is not the one the table was derived for.
    static func of(_ scalar: UInt32) -> UInt8 {
        if scalar < 0x80 { return scalar >= 0x20 && scalar < 0x7F ? other : scalar == 0x0D ? cr : scalar == 0x0A ? lf : control }
        return GraphemeTable.shared.class(of: scalar)
    }
}

/// The class table, built once from the derived runs (`GraphemeClassTable.swift`):
/// one block number per 256 scalars, blocks of 256 classes (one shared by all the
/// 256-scalar ranges of a single class).
@usableFromInline
struct GraphemeTable: Sendable {
    /// Block number of each 256 scalars (0x1100 entries).
    let index: [UInt16]
    /// Classes, 256 a block.
    let blocks: [UInt8]

    static let shared = GraphemeTable(runs: runtimeMatches ? GraphemeClassTable.runs : fallbackRuns)

    /// Whether the running standard library breaks graphemes as the one the table was
    /// derived from: the newest scalars it knew are as old there, and the Indic
    /// conjunct rule (GB9c) applies.
    static var runtimeMatches: Bool {
        guard let sentinel = Unicode.Scalar(GraphemeClassTable.sentinel), let age = sentinel.properties.age else { return false }
        guard age.major == GraphemeClassTable.unicodeVersion.major && age.minor == GraphemeClassTable.unicodeVersion.minor else { return false }
        return "\u{915}\u{94D}\u{937}".count == 1 && "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}".count == 1 && "\u{1F1EF}\u{1F1F5}\u{1F1EB}".count == 2
    }

    /// Under another standard library, the classes the byte flavour has always taken
    /// (``Placeholder/isOwnGrapheme(_:)``, stable since Unicode 1.1): `Other`, the rest
    /// unknown. Tested against ``Placeholder/isOwnGrapheme(_:)``.
    static let fallbackRuns: [UInt32] = [
        0x0 << 5 | 0, 0xA1 << 5 | 1, 0xAD << 5 | 0, 0xAE << 5 | 1, 0x300 << 5 | 0, 0x3041 << 5 | 1, 0x3097 << 5 | 0,
        0x30A1 << 5 | 1, 0x3100 << 5 | 0, 0x4E00 << 5 | 1, 0xA000 << 5 | 0, 0xAC00 << 5 | 1, 0xD7A4 << 5 | 0,
    ]

    /// The table of runs (first scalar << 5 | class, each up to the next one's first
    /// scalar, the first at 0): a block of 256 classes for each 256 scalars that are
    /// not all of one class, one block for each class that fills 256 scalars.
    init(runs: [UInt32]) {
        var index = [UInt16](repeating: 0, count: 0x1100)
        var blocks: [UInt8] = []
        var uniform = [UInt16?](repeating: nil, count: 32)
        var run = 0
        for block in 0..<0x1100 {
            let base = block << 8
            while run + 1 < runs.count && Int(runs[run + 1] >> 5) <= base { run += 1 }
            let end = run + 1 < runs.count ? Int(runs[run + 1] >> 5) : 0x110000
            let value = UInt8(runs[run] & 0x1F)
            if end >= base + 256, let number = uniform[Int(value)] {
                index[block] = number
                continue
            }
            let number = UInt16(blocks.count >> 8)
            if end >= base + 256 { uniform[Int(value)] = number }
            var current = run
            for scalar in base..<(base + 256) {
                while current + 1 < runs.count && Int(runs[current + 1] >> 5) <= scalar { current += 1 }
                blocks.append(UInt8(runs[current] & 0x1F))
            }
            index[block] = number
        }
        self.index = index
        self.blocks = blocks
    }

    @inline(__always)
    func `class`(of scalar: UInt32) -> UInt8 {
        blocks[Int(index[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
    }
}
