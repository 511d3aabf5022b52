import Foundation
import Testing
@testable import MaskEngine

/// The grapheme class table of the byte flavour (`GraphemeClassTable.swift`) is the
/// standard library's own grapheme breaking, scalar by scalar, and the byte flavour's
/// clusters are the standard library's on every pair and triple of scalars drawn from
/// each class, and on mixed text.
///
/// To write the table again (a new toolchain, a new Unicode version):
/// `MASKC_WRITE_GRAPHEME_TABLE=$PWD/Sources/MaskEngine/GraphemeClassTable.swift swift test --filter GraphemeClassTests`,
/// then build and test again.
@Suite("Grapheme classes of the byte flavour")
struct GraphemeClassTests {
    typealias C = GraphemeClass

    static func count(_ values: UInt32...) -> Int {
        var scalars = String.UnicodeScalarView()
        for value in values { scalars.append(Unicode.Scalar(value)!) }
        return String(scalars).count
    }

    /// A scalar's class as the standard library's breaking shows it, from the clusters
    /// it makes with scalars of known classes; ``GraphemeClass/unknown`` for `Prepend`,
    /// unassigned code points and anything that answers no class consistently.
    static func derive(_ value: UInt32) -> UInt8 {
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { return C.unknown }
        let a: UInt32 = 0x61, acute: UInt32 = 0x301, thumbs: UInt32 = 0x1F44D, zwj: UInt32 = 0x200D
        let ka: UInt32 = 0x915, virama: UInt32 = 0x94D
        let l: UInt32 = 0x1100, v: UInt32 = 0x1161, t: UInt32 = 0x11A8, lv: UInt32 = 0xAC00
        if count(a, value) == 1 {
            // Joins a base: Extend, ZWJ or SpacingMark (GB9, GB9a). Never breaks before a base.
            guard count(value, a) == 2 else { return C.unknown }
            if count(thumbs, value, thumbs) == 1 {  // GB11 with this as the joiner
                return count(ka, virama, value, ka) == 1 ? C.zwjConjunct : C.zwj
            }
            if count(thumbs, value, zwj, thumbs) == 1 {  // GB11's Extend*
                if count(ka, value, ka) == 1 { return C.linker }
                return count(ka, virama, value, ka) == 1 ? C.extendConjunct : C.extend
            }
            return count(ka, virama, value, ka) == 1 ? C.unknown : C.spacingMark
        }
        if count(value, acute) == 2 {
            // Nothing joins it: Control, CR or LF (GB4, GB5).
            guard count(value, value) == 2 || value == 0x0D else { return C.unknown }
            switch value {
            case 0x0D: return count(value, 0x0A) == 1 && count(value, value) == 2 ? C.cr : C.unknown
            case 0x0A: return count(0x0D, value) == 1 ? C.lf : C.unknown
            default: return count(0x0D, value) == 2 ? C.control : C.unknown
            }
        }
        if count(value, a) == 1 { return C.unknown }  // Prepend (GB9b): left to the String flavour
        let afterL = count(l, value) == 1, beforeV = count(value, v) == 1
        let beforeT = count(value, t) == 1, afterLV = count(lv, value) == 1
        if afterL || beforeV || beforeT || afterLV {
            switch (afterL, beforeV, beforeT, afterLV) {
            case (true, true, false, false): return C.l
            case (true, true, true, true): return C.v
            case (true, true, true, false): return C.lv
            case (true, false, true, false): return C.lvt
            case (false, false, true, true): return C.t
            default: return C.unknown
            }
        }
        if count(value, value) == 1 {  // GB12/13: pairs, never three
            return count(value, value, value) == 2 && count(value, value, value, value) == 2 ? C.regionalIndicator : C.unknown
        }
        let pictographic = count(thumbs, zwj, value) == 1, consonant = count(ka, virama, value) == 1
        switch (pictographic, consonant) {
        case (false, false): return C.other
        case (true, false): return C.pictographic
        case (false, true): return C.consonant
        case (true, true): return C.unknown
        }
    }

    @Test("the class table is the standard library's, on every scalar", arguments: 0...16)
    func tableOnEveryScalar(plane: Int) {
        var mismatches: [String] = []
        let base = UInt32(plane) << 16
        for value in base...(base + 0xFFFF) {
            let derived = Self.derive(value)
            let tabled = value < 0x80 ? GraphemeClass.of(value) : GraphemeTable.shared.class(of: value)
            if derived != tabled { mismatches.append("U+\(String(value, radix: 16)): table \(tabled), derived \(derived)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
        #expect(GraphemeTable.runtimeMatches)
    }

    @Test("under a standard library of another Unicode version, only isOwnGrapheme's scalars are classified")
    func fallbackTable() {
        let table = GraphemeTable(runs: GraphemeTable.fallbackRuns)
        var mismatches: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            let expected = Placeholder.isOwnGrapheme(value) ? C.other : C.unknown
            if table.class(of: value) != expected { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("the table is written from the derivation when asked (MASKC_WRITE_GRAPHEME_TABLE)")
    func writeTable() throws {
        guard let path = ProcessInfo.processInfo.environment["MASKC_WRITE_GRAPHEME_TABLE"] else { return }
        var runs: [UInt32] = []
        var last: UInt8 = 255
        var newest = (major: 0, minor: 0)
        var sentinel: UInt32 = 0
        for value in UInt32(0)...0x10FFFF {
            let derived = Self.derive(value)
            if derived != last { runs.append(value << 5 | UInt32(derived)); last = derived }
            if let age = Unicode.Scalar(value)?.properties.age, age.major > newest.major || (age.major == newest.major && age.minor > newest.minor) {
                newest = (age.major, age.minor)
                sentinel = value
            }
        }
        var lines: [String] = []
        var line = "       "
        for run in runs {
            let item = " 0x\(String(run, radix: 16, uppercase: true)),"
            if line.count + item.count > 118 { lines.append(line); line = "       " }
            line += item
        }
        lines.append(line)
        let source = """
        // Generated by GraphemeClassTests ("the table is written from the derivation when
        // asked"), with MASKC_WRITE_GRAPHEME_TABLE set to this file's path: do not edit.

        /// Grapheme break classes of all scalars (``GraphemeClass``), derived from the standard
        /// library's grapheme breaking.
        enum GraphemeClassTable {
            /// The Unicode version of the standard library the table was derived from: the
            /// newest age of an assigned scalar.
            static let unicodeVersion = (major: \(newest.major), minor: \(newest.minor))
            /// A scalar of that age.
            static let sentinel: UInt32 = 0x\(String(sentinel, radix: 16, uppercase: true))
            /// Runs: first scalar << 5 | class, each up to the next run's first scalar.
            static let runs: [UInt32] = [
        \(lines.joined(separator: "\n"))
            ]
        }

        """
        try source.write(toFile: path, atomically: true, encoding: .utf8)
    }

    // MARK: - Differential: the byte flavour against the standard library

    /// Scalars of each class, from the table: the first, the last and some between;
    /// whitespace of each class too.
    static func representatives(perClass: Int) -> [UInt32] {
        var byClass = [[UInt32]](repeating: [], count: GraphemeClass.count)
        for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil {
            byClass[Int(GraphemeClass.of(value))].append(value)
        }
        var picked: [UInt32] = []
        for members in byClass.dropFirst() where !members.isEmpty {
            let step = max(1, members.count / max(1, perClass - 1))
            picked += stride(from: 0, to: members.count, by: step).map { members[$0] }
            picked.append(members[members.count - 1])
        }
        // Whitespace of every kind, a Prepend, an unassigned scalar, and Indic conjuncts' parts.
        picked += [0x09, 0x0A, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2028, 0x202F, 0x3000, 0x600, 0x378,
                   0x915, 0x94D, 0x937, 0x93F, 0x200D, 0x200C, 0x1F3FD, 0xFE0F, 0x20E3, 0xE0067, 0xE007F, 0x1F1EF]
        return Array(Set(picked)).sorted()
    }

    static func string(_ values: [UInt32]) -> String {
        var scalars = String.UnicodeScalarView()
        for value in values { scalars.append(Unicode.Scalar(value)!) }
        return String(scalars)
    }

    /// The byte flavour writes what the standard library's breaking gives, or declines;
    /// it declines only text with an unclassified scalar.
    static func agrees(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: bytes.count * 3 + 1)
        let classified = text.unicodeScalars.allSatisfy { GraphemeClass.of($0.value) != C.unknown }
        for bullets in [false, true] {
            let written = bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { Placeholder.simplePattern(input.baseAddress!, bytes.count, bullets: bullets, into: $0.baseAddress!) }
            }
            guard let written else {
                if classified { return false }
                continue
            }
            let got = String(decoding: out[..<written], as: UTF8.self)
            let expected = bullets ? String(repeating: Placeholder.secureCharacter, count: text.count) : Placeholder.stringPattern(text)
            if got != expected { return false }
            if (bullets ? Placeholder.bullets(text) : Placeholder.laPattern(text)) != expected { return false }
        }
        return true
    }

    @Test("every pair and triple of scalars drawn from each class")
    func pairsAndTriples() {
        let pairs = Self.representatives(perClass: 16)
        var failures: [String] = []
        for a in pairs {
            for b in pairs where !Self.agrees(Self.string([a, b])) {
                failures.append(Self.string([a, b]).unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        let triples = Self.representatives(perClass: 3)
        for a in triples {
            for b in triples {
                for c in triples where !Self.agrees(Self.string([a, b, c])) {
                    failures.append(Self.string([a, b, c]).unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(pairs.count > 200 && triples.count > 50, "sizes: \(pairs.count) pairs, \(triples.count) triples")
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
    }

    @Test("generated text mixing every class")
    func mixedText() {
        let pool = Self.representatives(perClass: 40)
        // Sequences the rules are about, to make runs of them likely.
        let sequences: [[UInt32]] = [
            [0x1F469, 0x1F3FD, 0x200D, 0x1F4BB], [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467], [0x1F3F3, 0xFE0F, 0x200D, 0x1F308],
            [0x1F1EF, 0x1F1F5], [0x1F1EB], [0x31, 0xFE0F, 0x20E3], [0x1F3F4, 0xE0067, 0xE0062, 0xE0073, 0xE0063, 0xE0074, 0xE007F],
            [0x915, 0x94D, 0x937], [0x928, 0x94D, 0x924, 0x94D, 0x930], [0x915, 0x94D, 0x200D, 0x937], [0x915, 0x93C, 0x94D, 0x937],
            [0x995, 0x9CD, 0x9B7], [0xE17, 0xE35, 0xE48], [0xE01, 0xE33], [0x645, 0x64E], [0x1EC7], [0x65, 0x301, 0x323],
            [0x1112, 0x1161, 0x11AB], [0xAC00, 0x11A8], [0x0D, 0x0A], [0x20, 0x301], [0x3000, 0x200D], [0x600, 0x31],
        ]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var failures: [String] = []
        for _ in 0..<20_000 {
            var values: [UInt32] = []
            for _ in 0..<(1 + next(10)) {
                switch next(3) {
                case 0: values += sequences[next(sequences.count)]
                default: values.append(pool[next(pool.count)])
                }
            }
            if !Self.agrees(Self.string(values)) { failures.append(values.map { String($0, radix: 16) }.joined(separator: " ")) }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
    }
}
