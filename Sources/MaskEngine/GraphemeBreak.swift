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

    /// The class of a scalar beyond ASCII, through the two-level table; ``unknown``
    /// for all but the scalars ``Placeholder/isOwnGrapheme(_:)`` takes when the
    /// running standard library is not the one the table was derived for.
    static func of(_ scalar: UInt32) -> UInt8 {
        if scalar < 0x80 { return scalar >= 0x20 && scalar < 0x7F ? other : scalar == 0x0D ? cr : scalar == 0x0A ? lf : control }
        return GraphemeTable.shared.class(of: scalar)
    }
}

/// The class table, built once from the derived runs (`GraphemeClassTable.swift`):
/// one block number per 256 scalars, blocks of 256 classes shared between ranges that
/// look alike.
@usableFromInline
struct GraphemeTable: Sendable {
    /// Block number of each 256 scalars (0x1100 entries).
    let index: [UInt16]
    /// Classes, 256 a block.
    let blocks: [UInt8]

    static let shared = GraphemeTable()

    /// Whether the running standard library breaks graphemes as the one the table was
    /// derived from: the newest scalars it knew are as old there, and the Indic
    /// conjunct rule (GB9c) applies.
    static var runtimeMatches: Bool {
        guard let sentinel = Unicode.Scalar(GraphemeClassTable.sentinel), let age = sentinel.properties.age else { return false }
        guard age.major == GraphemeClassTable.unicodeVersion.major && age.minor == GraphemeClassTable.unicodeVersion.minor else { return false }
        return "\u{915}\u{94D}\u{937}".count == 1 && "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}".count == 1 && "\u{1F1EF}\u{1F1F5}\u{1F1EB}".count == 2
    }

    init() {
        var classes = [UInt8](repeating: GraphemeClass.unknown, count: 0x110000)
        if Self.runtimeMatches {
            let runs = GraphemeClassTable.runs
            for (i, run) in runs.enumerated() {
                let start = Int(run >> 5)
                let end = i + 1 < runs.count ? Int(runs[i + 1] >> 5) : 0x110000
                let value = UInt8(run & 0x1F)
                if value != GraphemeClass.unknown {
                    for scalar in start..<end { classes[scalar] = value }
                }
            }
        } else {
            // The classes the byte flavour has always taken: stable since Unicode 1.1.
            for scalar in 0x80..<0x10000 where Placeholder.isOwnGrapheme(UInt32(scalar)) { classes[scalar] = GraphemeClass.other }
        }
        var index = [UInt16](repeating: 0, count: 0x1100)
        var blocks: [UInt8] = []
        var seen: [[UInt8]: UInt16] = [:]
        for block in 0..<0x1100 {
            let slice = Array(classes[block << 8 ..< (block + 1) << 8])
            if let number = seen[slice] {
                index[block] = number
            } else {
                let number = UInt16(seen.count)
                seen[slice] = number
                blocks.append(contentsOf: slice)
                index[block] = number
            }
        }
        self.index = index
        self.blocks = blocks
    }

    @inline(__always)
    func `class`(of scalar: UInt32) -> UInt8 {
        blocks[Int(index[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
    }
}
