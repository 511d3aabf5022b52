import Foundation
@testable import MaskAudit
@testable import MaskEngine
import Testing

/// The repository root.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The labelled corpus, read once.
private let corpus: Result<DetectorCorpus, any Error> = Result {
    try DetectorCorpus(parsing: String(contentsOf: root.appendingPathComponent("Tests/Fixtures/Detectors/corpus.tsv"), encoding: .utf8))
}

@Suite("Detector corpus")
struct DetectorCorpusTests {
    @Test("every string is detected as labelled, known errors included")
    func everyLine() throws {
        let corpus = try corpus.get()
        for entry in corpus.entries {
            let detected = Set(ValueDetectors.scan(entry.text).map(SensitiveKind.init))
            #expect(detected == entry.detectedWithKnownErrors,
                    "corpus.tsv line \(entry.line) (\(entry.source)): detected \(detected.map(\.rawValue).sorted()), labelled \(entry.expected.map(\.rawValue).sorted()) with known errors \(entry.knownMisses.map { "miss:\($0.rawValue)" } + entry.knownExtras.map { "extra:\($0.rawValue)" })")
        }
    }

    @Test("the corpus holds real strings, the reported ones, and positives and negatives of every kind")
    func coverage() throws {
        let entries = try corpus.get().entries
        #expect(entries.filter { !$0.isSynthetic }.count >= 250)
        #expect(entries.filter { $0.expected.isEmpty }.count >= 250)
        for kind in SensitiveKind.valueKinds {
            #expect(entries.filter { $0.expected.contains(kind) }.count >= 6, "too few strings holding \(kind.rawValue)")
        }
        let reported = ["Current directory: /storage/emulated/0/Android/", "56db506c..._568-1457213548.mp4", "Reza Yusuf Maulana  (0882251292745)"]
        for text in reported { #expect(entries.contains { $0.source == "issue" && $0.text == text }) }
    }

    @Test("Docs/detectors.md holds the report 'maskc-detector-report' prints for the corpus")
    func reportInDocs() throws {
        let report = DetectorReport(corpus: try corpus.get()).markdown
        let url = root.appendingPathComponent("Docs/detectors.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- detector-report:begin -->\n", end = "<!-- detector-report:end -->"
        let start = try #require(doc.range(of: begin)), stop = try #require(doc.range(of: end))
        let current = String(doc[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try (String(doc[..<start.upperBound]) + report + String(doc[stop.lowerBound...])).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == report, "Docs/detectors.md is stale; run RECORD_SNAPSHOTS=1 swift test --filter DetectorCorpusTests")
    }

    @Test("malformed lines are errors with their line number")
    func errors() {
        #expect(throws: DetectorCorpus.Error.missingColumns(line: 2, found: 2)) { try DetectorCorpus(parsing: "# c\nsynthetic\t-\n") }
        #expect(throws: DetectorCorpus.Error.unknownKind(line: 1, "card")) { try DetectorCorpus(parsing: "synthetic\tcard\t-\t4111") }
        #expect(throws: DetectorCorpus.Error.badKnownError(line: 1, "miss:phone")) { try DetectorCorpus(parsing: "synthetic\t-\tmiss:phone\tx") }
        #expect(throws: DetectorCorpus.Error.badKnownError(line: 1, "extra:email")) { try DetectorCorpus(parsing: "synthetic\temail\textra:email\ta@b.co") }
        #expect(throws: DetectorCorpus.Error.badEscape(line: 1)) { try DetectorCorpus(parsing: "synthetic\t-\t-\tC:\\x") }
        #expect(throws: DetectorCorpus.Error.duplicate(line: 3, firstLine: 1)) { try DetectorCorpus(parsing: "a\t-\t-\tx\n\nb\t-\t-\tx") }
        let parsed = try? DetectorCorpus(parsing: "synthetic\tphone\tmiss:phone\tTab\\there \\\\ 081234567890\r\n")
        #expect(parsed?.entries.first?.text == "Tab\there \\ 081234567890")
        #expect(parsed?.entries.first?.detectedWithKnownErrors == [])
    }

    @Test("scores count each string once per kind; percentages round half up")
    func scores() throws {
        let corpus = try DetectorCorpus(parsing: "s\temail\t-\ta@b.co\ns\t-\t-\tRoom 12\ns\tphone\tmiss:phone\t081234567890\ns\t-\t-\t+1 415 555 0100")
        let report = DetectorReport(corpus: corpus)
        let byKind = Dictionary(uniqueKeysWithValues: report.scores().map { ($0.kind, $0) })
        #expect(byKind[.email].map { [$0.truePositives, $0.falsePositives, $0.falseNegatives] } == [1, 0, 0])
        #expect(byKind[.phone].map { [$0.truePositives, $0.falsePositives, $0.falseNegatives] } == [0, 1, 1])
        #expect(byKind[.phone]?.precision == 0 && byKind[.iban]?.recall == nil)
        #expect(report.disagreements.map(\.entry.line) == [3, 4])
        #expect(report.markdown.contains("| phone | 0 | 1 | 1 | 0.0% | 0.0% |"))
        #expect(report.markdown.contains("| iban | 0 | 0 | 0 | n/a | n/a |"))
        #expect([DetectorReport.percent(2, 3), DetectorReport.percent(1, 8), DetectorReport.percent(1, 16), DetectorReport.percent(5, 5)] == ["66.7%", "12.5%", "6.3%", "100.0%"])
    }
}

@Suite("Safety net prefilter")
struct SafetyNetPrefilterTests {
    @Test("the safety net's byte prefilter lets through every corpus string a detector flags")
    func everyFlaggedString() throws {
        var flagged = 0
        for entry in try corpus.get().entries where !ValueDetectors.scan(entry.text).isEmpty {
            flagged += 1
            #expect(ValueDetectors.mayMatch(Array(entry.text.utf8)), "corpus.tsv line \(entry.line)")
        }
        #expect(flagged > 100)
    }

    @Test("scan's byte gates find on every corpus string what running every detector finds")
    func gatesAgreeOnTheCorpus() throws {
        for entry in try corpus.get().entries {
            #expect(ValueDetectors.scan(entry.text) == ValueDetectors.scanUngated(entry.text), "corpus.tsv line \(entry.line)")
        }
    }
}
