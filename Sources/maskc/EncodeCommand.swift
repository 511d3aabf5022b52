import ArgumentParser
import MaskEngine
import MaskJSON
import ReplayEncoder
import ReplayTrees

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode view trees as a replay session stream (the compact binary wire format).",
        discussion: """
            One frame per tree, in order (a folder's files sorted, an NDJSON file line by \
            line), --frame-interval milliseconds apart; consecutive trees form one session \
            stream, frames sent as deltas against the last full frame when that is smaller. \
            Each view is decided by the policy: masked and secure views send their type and \
            geometry only, never their text (Docs/wire-format.md). If the policy does not \
            compile or any tree cannot be read, nothing is written.
            """
    )

    @Argument(help: "Tree files, folders or NDJSON files (JSON or captures).", completion: .file(extensions: ["json", "ndjson", "jsonl", "xml"]))
    var trees: [String]

    @OptionGroup var options: TreeOptions

    @Option(name: .shortAndLong, help: "Write the session stream here ('-': standard output).", completion: .file())
    var output: String

    @Flag(help: "Print views in, views drawn, left out by reason, bytes per view and per frame.")
    var stats = false

    @Option(help: "Milliseconds between consecutive frames' timestamps.")
    var frameInterval: Int = 1000

    @Option(help: "A full frame at least every N frames.")
    var fullFrameEvery: Int = 30

    @Flag(help: "Keep views covered by opaque views drawn later.")
    var keepCovered = false

    @OptionGroup var inputs: ExcludeOptions

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard frameInterval >= 0 else { throw ValidationError("--frame-interval must not be negative") }
        guard fullFrameEvery > 0 else { throw ValidationError("--full-frame-every must be positive") }
    }

    func run() throws {
        let table = try PolicyLoader.load(options.policy)
        let files = try InputFiles.trees(exclude: inputs.patterns()).expand(trees).files
        var encoder = TreeFrameEncoder(table: table, removingCoveredViews: !keepCovered)
        var writer = ReplayStreamWriter(fullFrameInterval: fullFrameEvery)
        var summary = SessionSummary()
        var failed = 0
        // Frame timestamps are milliseconds in 64 bits: the first frame past them stops the run.
        var overflowingFrame: Int?
        failed += try TreeInputs.forEachTree(in: files, masker: TreeMasker(table: table), format: options.inputFormat) { item in
            do {
                if overflowingFrame != nil { return }
                let (timestamp, overflow) = UInt64(summary.frames).multipliedReportingOverflow(by: UInt64(frameInterval))
                if overflow {
                    overflowingFrame = summary.frames + 1
                    return
                }
                let frame = try encoder.encode(item.document, timestamp: timestamp, file: item.file, firstLine: item.firstLine)
                let before = writer.bytes.count
                let kind = writer.append(frame)
                summary.add(frame, kind: kind, bytes: writer.bytes.count - before, stats: encoder.stats)
            } catch {
                FileIO.printError(renderedReadError(error))
                failed += 1
            }
        }
        if let overflowingFrame {
            FileIO.printError("maskc: error: --frame-interval \(frameInterval): frame \(overflowingFrame)'s timestamp does not fit in 64 bits of milliseconds; nothing was written")
            throw Reported(status: .usage)
        }
        if failed > 0 {
            FileIO.printError("maskc: error: \(failed) tree\(failed == 1 ? "" : "s") could not be read; nothing was written")
            throw Reported(status: .invalidTree)
        }
        if stats {
            summary.streamBytes = writer.bytes.count
            let text = summary.report()
            // The stream may be standard output: the statistics then go to standard error.
            if output == "-" { FileIO.printErrorLines(text) } else { print(text, terminator: "") }
        }
        var bytes = writer.takeBytes()
        try OutputSink.write(&bytes, to: output)
    }
}

/// What `maskc encode --stats` prints.
struct SessionSummary {
    var frames = 0, fullFrames = 0
    var stats = EncodingStats()
    /// PDU bytes of every frame's views, as if each frame were sent whole.
    var pduBytes = 0
    var streamBytes = 0

    mutating func add(_ frame: ReplayFrame, kind: ReplayStream.FrameKind, bytes: Int, stats: EncodingStats) {
        frames += 1
        if kind == .full { fullFrames += 1 }
        self.stats.add(stats)
        for view in frame.views { pduBytes += view.pduSize }
    }

    func report() -> String {
        func ratio(_ a: Int, _ b: Int) -> String {
            guard b > 0 else { return "-" }
            let tenths = (a * 10 + b / 2) / b
            return "\(tenths / 10).\(tenths % 10)"
        }
        var lines = ["frames: \(frames) (\(fullFrames) full, \(frames - fullFrames) delta)"]
        lines.append("views in: \(stats.viewsIn)")
        lines.append("views drawn: \(stats.viewsDrawn)")
        lines.append("left out: " + LeftOutReason.allCases.map { "\($0.name) \(stats[$0])" }.joined(separator: ", "))
        lines.append("bytes: \(streamBytes) in the stream; \(ratio(pduBytes, stats.viewsDrawn)) per drawn view (PDU); \(ratio(streamBytes, frames)) per frame")
        return lines.joined(separator: "\n") + "\n"
    }
}
