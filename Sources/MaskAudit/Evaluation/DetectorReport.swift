import MaskEngine

/// How one value detector did over a set of labelled strings.
public struct DetectorScore: Sendable, Hashable {
    /// The kind the detector reports.
    public var kind: SensitiveKind
    /// Strings holding the kind that the detector found.
    public var truePositives = 0
    /// Strings not holding the kind that the detector reported anyway.
    public var falsePositives = 0
    /// Strings holding the kind that the detector missed.
    public var falseNegatives = 0

    /// Of the strings reported, the share that hold the kind; nil when none was reported.
    public var precision: Double? { ratio(truePositives, truePositives + falsePositives) }
    /// Of the strings holding the kind, the share reported; nil when none holds it.
    public var recall: Double? { ratio(truePositives, truePositives + falseNegatives) }

    private func ratio(_ part: Int, _ whole: Int) -> Double? { whole == 0 ? nil : Double(part) / Double(whole) }
}

/// One disagreement between the detectors and a label.
public struct DetectorDisagreement: Sendable, Hashable {
    /// The labelled string.
    public var entry: DetectorCorpus.Entry
    /// The kind concerned.
    public var kind: SensitiveKind
    /// Whether the kind was missed (held, not found) rather than reported but not held.
    public var isMiss: Bool
}

/// Precision and recall of each value detector over a labelled corpus, rendered as
/// Markdown (Docs/detectors.md holds the output for Tests/Fixtures/Detectors/corpus.tsv).
public struct DetectorReport: Sendable {
    /// The labelled strings.
    public let corpus: DetectorCorpus
    /// What the detectors report on each string, in corpus order.
    public let detected: [Set<SensitiveKind>]

    /// Runs `detect` (by default `ValueDetectors.scan`) over every string of the corpus.
    ///
    /// - Complexity: O(n) in the total length of the strings.
    public init(corpus: DetectorCorpus, detect: (String) -> [SensitiveKind] = { ValueDetectors.scan($0).map(SensitiveKind.init) }) {
        self.corpus = corpus
        detected = corpus.entries.map { Set(detect($0.text)) }
    }

    /// Scores per detector, in `ValueDetectors.kinds` order, over the entries that pass
    /// `include`.
    public func scores(where include: (DetectorCorpus.Entry) -> Bool = { _ in true }) -> [DetectorScore] {
        SensitiveKind.valueKinds.map { kind in
            var score = DetectorScore(kind: kind)
            for (entry, found) in zip(corpus.entries, detected) where include(entry) {
                switch (entry.expected.contains(kind), found.contains(kind)) {
                case (true, true): score.truePositives += 1
                case (false, true): score.falsePositives += 1
                case (true, false): score.falseNegatives += 1
                case (false, false): break
                }
            }
            return score
        }
    }

    /// Every (string, kind) where the detectors and the label disagree, in corpus order.
    public var disagreements: [DetectorDisagreement] {
        zip(corpus.entries, detected).flatMap { entry, found in
            SensitiveKind.valueKinds.compactMap { kind -> DetectorDisagreement? in
                let held = entry.expected.contains(kind)
                return held == found.contains(kind) ? nil : DetectorDisagreement(entry: entry, kind: kind, isMiss: held)
            }
        }
    }

    /// The report: counts, a table over every string, a table over the real strings
    /// alone, and each disagreement (line, source, kind, and a shape-only excerpt).
    public var markdown: String {
        let entries = corpus.entries
        let synthetic = entries.filter(\.isSynthetic).count, issue = entries.filter { $0.source == "issue" }.count
        let holding = entries.filter { !$0.expected.isEmpty }.count
        var out = "\(entries.count) strings: \(entries.count - synthetic - issue) from captures and examples, \(issue) from issue reports, "
        out += "\(synthetic) synthetic; \(holding) hold personal data, \(entries.count - holding) hold none.\n\n"
        out += "### All strings\n\n" + Self.table(scores()) + "\n"
        out += "### Real strings only (captures, examples, issue reports)\n\n" + Self.table(scores { !$0.isSynthetic }) + "\n"
        let disagreements = self.disagreements
        out += "### Disagreements (\(disagreements.count))\n\n"
        if disagreements.isEmpty { out += "None: every string is detected as labelled.\n" }
        for item in disagreements {
            out += "- line \(item.entry.line) (\(item.entry.source)): \(item.kind.rawValue) \(item.isMiss ? "missed" : "reported, not held"): `\(maskedExcerpt(item.entry.text))`\n"
        }
        return out
    }

    static func table(_ scores: [DetectorScore]) -> String {
        var out = "| detector | TP | FP | FN | precision | recall |\n|---|--:|--:|--:|--:|--:|\n"
        for score in scores {
            out += "| \(score.kind.rawValue) | \(score.truePositives) | \(score.falsePositives) | \(score.falseNegatives) | "
            out += "\(percent(score.truePositives, score.truePositives + score.falsePositives)) | \(percent(score.truePositives, score.truePositives + score.falseNegatives)) |\n"
        }
        return out
    }

    /// `part / whole` as a percentage with one decimal, rounded half up; `n/a` when `whole` is 0.
    static func percent(_ part: Int, _ whole: Int) -> String {
        guard whole > 0 else { return "n/a" }
        let tenths = (part * 2000 + whole) / (2 * whole)
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
