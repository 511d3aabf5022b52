/// Suggestions for misspelt names, by edit distance.
public enum SpellingHint {
    /// The candidate closest to `word`, if it is close enough to be a likely typo
    /// (distance at most a third of the word's length, and at least 1).
    /// Ties go to the candidate listed first.
    /// - Complexity: O(c·n·m) for c candidates of length m and a word of length n.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            if abs(candidate.count - word.count) > limit { continue }
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// `did you mean 'X'?` for the closest candidate, or nil.
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String? where S.Element == String {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// `did you mean 'X'?` for a class name: the ``closest(to:in:)`` candidate, else
    /// the closest within half the word's length that begins and ends with the word's
    /// first and last two characters, which catches a dropped word part beside a typo
    /// (`UIBarButon`: `UIButton`); nil when neither finds one.
    /// - Complexity: O(c·n·m), as ``closest(to:in:)``.
    public static func didYouMeanClass(_ word: String, in candidates: [String]) -> String? {
        if let hint = didYouMean(word, in: candidates) { return hint }
        guard word.count >= 6 else { return nil }
        let limit = word.count / 2
        var best: (String, Int)?
        for candidate in candidates where candidate != word && candidate.hasPrefix(word.prefix(2)) && candidate.hasSuffix(word.suffix(2)) {
            if abs(candidate.count - word.count) > limit { continue }
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best.map { "did you mean '\($0.0)'?" }
    }

    /// Edit distance over characters, case-insensitive in ASCII letters: insertions,
    /// deletions, substitutions, and swaps of two neighbours (`emial` is one edit from
    /// `email`), each counting 1 (the optimal string alignment distance).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[y.count]
    }
}
