// maskc-detector-report: precision and recall of each value detector over a labelled
// corpus, printed as Markdown. Reads the corpus on standard input:
//
//   swift run maskc-detector-report < Tests/Fixtures/Detectors/corpus.tsv
//
// Docs/detectors.md holds its output for the shipped corpus (a test keeps it current).
// A line that does not follow the corpus format is printed instead of the report.
import MaskAudit

var contents = ""
while let line = readLine(strippingNewline: false) { contents += line }
do {
    let corpus = try DetectorCorpus(parsing: contents)
    print(DetectorReport(corpus: corpus).markdown, terminator: "")
} catch {
    print("maskc-detector-report: error: standard input, \(error)")
}
