import MaskPolicy
import Testing

@Suite("SpellingHint")
struct SpellingHintTests {
    @Test(
        "edit distance counts insertions, deletions, substitutions and neighbour swaps over characters, case-insensitive",
        arguments: [
            ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
            ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("typo", "type", 1),
            ("ABC", "abc", 0), ("UILabel", "uilabel", 0), ("verison", "version", 1), ("emial", "email", 1), ("ab", "ba", 1), ("abc", "ca", 3),
            ("caf\u{E9}", "cafe", 1), ("日本", "日本語", 1), ("👍", "👎", 1),
        ] as [(String, String, Int)])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(SpellingHint.editDistance(a, b) == expected)
        #expect(SpellingHint.editDistance(b, a) == expected)
    }

    @Test(
        "the closest schema key is suggested for likely typos",
        arguments: [
            ("typo", PolicySchema.selectorKeys, "type"),
            ("tipe", PolicySchema.selectorKeys, "type"),
            ("ID", PolicySchema.selectorKeys, "id"),
            ("accessibilityIdentifer", PolicySchema.selectorKeys, "accessibilityIdentifier"),
            ("accesibilityIdentifier", PolicySchema.selectorKeys, "accessibilityIdentifier"),
            ("restorationIdentifiers", PolicySchema.selectorKeys, "restorationIdentifier"),
            ("targt", PolicySchema.selectorKeys, "target"),
            ("recursiv", PolicySchema.selectorOptions, "recursive"),
            ("sceen", PolicySchema.selectorOptions, "screen"),
            ("rule", PolicySchema.topKeys, "rules"),
            ("versoin", PolicySchema.topKeys, "version"),
            ("emial", ["email", "phone", "card", "iban", "government-id", "secret"], "email"),
            ("phnoe", ["email", "phone", "card", "iban", "government-id", "secret"], "phone"),
            ("defaults", PolicySchema.topKeys, "default"),
            ("extend", PolicySchema.classKeys, "extends"),
            ("recursive", PolicySchema.classKeys, "recurse"),
            ("reasn", PolicySchema.ruleKeys, "reason"),
            ("Mask", PolicySchema.actionKeys, "mask"),
            ("unmaks", PolicySchema.actionKeys, "unmask"),
        ] as [(String, [String], String)])
    func closest(word: String, candidates: [String], expected: String) {
        #expect(SpellingHint.closest(to: word, in: candidates) == expected)
        #expect(SpellingHint.didYouMean(word, in: candidates) == "did you mean '\(expected)'?")
    }

    @Test(
        "no suggestion when nothing is close",
        arguments: [
            ("colour", PolicySchema.topKeys),
            ("class", PolicySchema.selectorKeys),
            ("restorationID", PolicySchema.selectorKeys),
            ("zzzz", PolicySchema.classKeys),
            ("ab", ["abcd"]),
            ("x", [String]()),
        ] as [(String, [String])])
    func nothingClose(word: String, candidates: [String]) {
        #expect(SpellingHint.closest(to: word, in: candidates) == nil)
        #expect(SpellingHint.didYouMean(word, in: candidates) == nil)
    }

    @Test("the word itself is never suggested")
    func notItself() {
        #expect(SpellingHint.closest(to: "mask", in: ["mask"]) == nil)
        #expect(SpellingHint.closest(to: "mask", in: ["mask", "masks"]) == "masks")
    }

    @Test("the allowed distance is a third of the word's length, and at least 1")
    func threshold() {
        // Length 2 and 5: one edit allowed.
        #expect(SpellingHint.closest(to: "ab", in: ["xb"]) == "xb")
        #expect(SpellingHint.closest(to: "abcde", in: ["abcxx"]) == nil)
        #expect(SpellingHint.closest(to: "abcde", in: ["abcdx"]) == "abcdx")
        // Length 6: two edits allowed, three not.
        #expect(SpellingHint.closest(to: "abcdef", in: ["abcdxx"]) == "abcdxx")
        #expect(SpellingHint.closest(to: "abcdef", in: ["abcxxx"]) == nil)
        // A length difference over the limit rules a candidate out.
        #expect(SpellingHint.closest(to: "abcdef", in: ["abc"]) == nil)
        #expect(SpellingHint.closest(to: "abcdef", in: ["abcdefgh"]) == "abcdefgh")
    }

    @Test("the nearest candidate wins, and ties go to the first listed")
    func ties() {
        // A swap of neighbours is one edit: close enough even in a four-letter word.
        #expect(SpellingHint.closest(to: "tpye", in: ["type"]) == "type")
        #expect(SpellingHint.closest(to: "ptey", in: ["type"]) == nil)
        // 'umask' is one edit from both; 'mask' is listed first.
        #expect(SpellingHint.closest(to: "umask", in: PolicySchema.actionKeys) == "mask")
        #expect(SpellingHint.closest(to: "cat", in: ["bat", "hat"]) == "bat")
        #expect(SpellingHint.closest(to: "cat", in: ["hat", "bat"]) == "hat")
        #expect(SpellingHint.closest(to: "labels", in: ["lapels", "label"]) == "lapels")
        #expect(SpellingHint.closest(to: "abcdef", in: ["abcdxx", "abcdex"]) == "abcdex")
    }

    @Test("candidates may be any sequence of strings")
    func anySequence() {
        #expect(SpellingHint.closest(to: "mapp", in: Set(["map"])) == "map")
        #expect(SpellingHint.closest(to: "imag", in: ["text", "image"].lazy.map { $0 }) == "image")
    }
}
