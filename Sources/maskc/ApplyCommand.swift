import ArgumentParser
import MaskEngine
import MaskJSON

struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Mask a captured view tree with a policy.",
        discussion: """
            Reads a view tree as JSON ({"screen": ..., "root": NODE} or a bare NODE) or a \
            capture (uiautomator, Appium, Rico, XCUITest; see --input-format), and writes \
            it as maskc JSON with every decision applied. With --ndjson, one tree per line \
            in and out; a folder is read file by file in sorted order and written one tree \
            per line. If the policy does not compile nothing is written. A tree that cannot \
            be read is never written, not even in part: a bad line or file is reported \
            with its position and skipped, and the exit code is 4.
            """
    )

    @Argument(help: "The view tree: a file, '-' for standard input, or a folder of trees.")
    var tree: String

    @OptionGroup var options: TreeOptions

    @Option(name: .shortAndLong, help: "Write the masked tree here instead of standard output.")
    var output: String?

    @Flag(help: "Add a \"masking\" object to every view: masked, level, rule, kind.")
    var explain = false

    @Flag(help: "Read one tree per line and write one masked tree per line.")
    var ndjson = false


    @Option(name: .long, help: "Threads for NDJSON lines and folder files (output order is kept).")
    var jobs: Int = 1

    @Option(name: .long, help: "The deepest JSON nesting accepted (a view takes two levels).")
    var maxDepth: Int = JSONLimits.standard.maximumDepth

    @Option(name: .long, help: "The largest tree (file, or NDJSON line) accepted, in bytes.")
    var maxBytes: Int = JSONLimits.standard.maximumBytes

    func validate() throws {
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive") }
        guard maxBytes > 0 && maxBytes <= JSONLimits.standard.maximumBytes else {
            throw ValidationError("--max-bytes must be between 1 and \(JSONLimits.standard.maximumBytes)")
        }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256") }
    }

    /// One tree to mask: its name for errors, its bytes, and the line it starts on.
    struct Unit: Sendable {
        var file: String
        var bytes: [UInt8]
        var firstLine: Int
    }

    func run() throws {
        let (table, _) = try PolicyLoader.load(options.policy)
        let masker = TreeMasker(table: table, options: EmitOptions(explain: explain), limits: JSONLimits(maximumDepth: maxDepth, maximumBytes: maxBytes))
        let format = options.inputFormat
        let isFolder = tree != "-" && TreeInputs.isDirectory(tree)
        let files = isFolder ? try TreeInputs.files([tree]) : [tree]
        let sink: OutputSink
        do {
            sink = try OutputSink(path: output)
        } catch {
            FileIO.printError("maskc: error: cannot write '\(output ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
        var skipped = 0, total = 0
        do {
            if !isFolder && !ndjson {
                // One document: read, decide and write without copying it into a unit. A
                // large JSON file is mapped rather than read.
                var mapped = MappedInput.map(tree, limit: maxBytes)
                if mapped != nil { MappedInput.guardAgainstTruncation(partialOutput: sink.partialPath) }
                let layout: TreeLayout, decisions: [MaskDecision]
                do {
                    // The format is detected from the whole mapped file, as from a read one.
                    if let input = mapped, try format.resolve(input.bytes, file: tree) != .json { mapped = nil }
                    if let mapped {
                        (layout, decisions) = try masker.readDeciding(mapped.bytes, file: tree)
                    } else {
                        let input = try PolicyLoader.readInput(tree, what: "tree", limit: maxBytes)
                        (layout, decisions) = try format.readDeciding(input, file: tree, masker: masker)
                    }
                } catch let reported as Reported {
                    sink.discard()
                    throw reported
                } catch {
                    FileIO.printError(renderedReadError(error))
                    sink.discard()
                    throw Reported(status: .invalidTree)
                }
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 21)
                try masker.write(layout, decisions: decisions, to: &buffer, flush: sink.flush)
                buffer.append(0x0A)
                try sink.flush(&buffer)
                if let mapped, !mapped.isUnchanged {
                    FileIO.printError("\(tree):1:1: error: the file changed while it was read; its output is not to be trusted at $")
                    sink.discard()
                    throw Reported(status: .invalidTree)
                }
            } else {
                var buffer: [UInt8] = []
                let jobs = self.jobs
                /// Masks a window of units on `jobs` threads and writes them in order.
                func process(_ units: [Unit]) throws {
                    try OrderedBatch.run(units, jobs: jobs, { unit -> Result<[UInt8], ReadFailure> in
                        do {
                            let (layout, decisions) = try format.readDeciding(unit.bytes, file: unit.file, firstLine: unit.firstLine, masker: masker)
                            var out: [UInt8] = []
                            masker.write(layout, decisions: decisions, to: &out, flush: { _ in })
                            out.append(0x0A)
                            return .success(out)
                        } catch {
                            return .failure(ReadFailure(message: renderedReadError(error)))
                        }
                    }, deliver: { result in
                        total += 1
                        switch result {
                        case .success(let bytes):
                            buffer.append(contentsOf: bytes)
                            if buffer.count >= 1 << 20 { try sink.flush(&buffer) }
                        case .failure(let failure):
                            skipped += 1
                            FileIO.printError(failure.message)
                        }
                    })
                }
                for file in files {
                    if ndjson || TreeInputs.isLineDelimited(file) {
                        // Line by line, a window at a time: memory stays flat.
                        var window: [Unit] = []
                        do {
                            try FileIO.forEachLine(file, limit: maxBytes, { line, bytes in
                                window.append(Unit(file: file, bytes: bytes, firstLine: line))
                                if window.count >= 256 * jobs {
                                    try process(window)
                                    window.removeAll(keepingCapacity: true)
                                }
                            }, tooLong: { line in
                                total += 1
                                skipped += 1
                                FileIO.printError("\(file):\(line):1: error: line is longer than \(maxBytes) bytes (raise it with --max-bytes) at $")
                            })
                        } catch let failure as FileIO.ReadError {
                            FileIO.printError("maskc: error: cannot read tree '\(file)': \(failure.message)")
                            throw Reported(status: .usage)
                        }
                        try process(window)
                    } else {
                        try process([Unit(file: file, bytes: try PolicyLoader.readInput(file, what: "tree", limit: maxBytes), firstLine: 1)])
                    }
                }
                try sink.flush(&buffer)
            }
            try sink.commit()
        } catch let failure as FileIO.Failure {
            sink.discard()
            FileIO.printError("maskc: error: cannot write '\(output ?? "-")': \(failure.message)")
            throw Reported(status: .outputFailed)
        }
        if skipped > 0 {
            FileIO.printError("maskc: error: skipped \(skipped) of \(total) trees in '\(tree)'")
            throw Reported(status: .invalidTree)
        }
    }
}

/// A tree that could not be read, as its one-line report.
struct ReadFailure: Error, Sendable {
    let message: String
}
