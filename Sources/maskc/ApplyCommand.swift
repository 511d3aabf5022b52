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
            it as maskc JSON with every decision applied. With --ndjson (or a .ndjson or \
            .jsonl file), one tree per line in and out; a folder is read file by file in sorted order and written one tree \
            per line. If the policy does not compile nothing is written. A tree that cannot \
            be read is never written, not even in part: a bad line or file is reported \
            with its position and skipped, and the exit code is 4. --on-error record \
            writes {"maskc-error": {"source", "line", "column", "path", "message"}} in its \
            place instead (every input line yields one output line) and exits 0; \
            --on-error fail stops at it. --errors writes the same records to a file. A \
            line {"maskc-source": "NAME"} names the lines after it (line numbers restart \
            at 1). Exit 6: a mapped tree file changed while it was read.
            """
    )

    @Argument(help: "The view tree: a file, '-' for standard input, or a folder of trees.", completion: .file(extensions: ["json", "ndjson", "jsonl", "xml"]))
    var tree: String

    @OptionGroup var options: TreeOptions

    @Option(name: .shortAndLong, help: "Write the masked tree here instead of standard output.", completion: .file())
    var output: String?

    @Flag(help: "Add a \"masking\" object to every view: masked, level, rule, kind.")
    var explain = false

    @Flag(help: "Read one tree per line and write one masked tree per line.")
    var ndjson = false


    @Option(name: .long, help: "Threads for NDJSON lines and folder files (output order is kept).")
    var jobs: Int = 1

    @Option(name: .long, help: "A tree that cannot be read: fail (stop, exit 4), skip (report it, go on, exit 4), record (an error record in its place, exit 0).")
    var onError: OnError = .skip

    @Option(name: .long, help: "Write one JSON error record per tree that cannot be read to this file ('-': standard output, with -o).", completion: .file())
    var errors: String?

    @Option(name: .long, help: "The name errors and error records give the input (a partition, a file).")
    var sourceLabel: String?

    @Option(name: .long, help: "The deepest JSON nesting accepted (a view takes two levels).")
    var maxDepth: Int = JSONLimits.standard.maximumDepth

    @Option(name: .long, help: "The largest tree (file, or NDJSON line) accepted, in bytes.")
    var maxBytes: Int = JSONLimits.standard.maximumBytes

    @OptionGroup var inputs: ExcludeOptions

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive") }
        guard maxBytes > 0 && maxBytes <= JSONLimits.standard.maximumBytes else {
            throw ValidationError("--max-bytes must be between 1 and \(JSONLimits.standard.maximumBytes)")
        }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256") }
        if errors == "-" && (output == nil || output == "-") {
            throw ValidationError("--errors - writes to standard output, which carries the masked trees: give -o, or name an errors file")
        }
        if let errors, errors != "-", errors == output { throw ValidationError("--errors and -o name the same file") }
    }

    func run() throws {
        let table = try PolicyLoader.load(options.policy)
        let masker = TreeMasker(table: table, options: EmitOptions(explain: explain), limits: JSONLimits(maximumDepth: maxDepth, maximumBytes: maxBytes))
        let isFolder = tree != "-" && TreeInputs.isDirectory(tree)
        let files = isFolder ? try InputFiles.trees(exclude: inputs.patterns()).expand([tree]).files : [tree]
        try PathIdentity.checkErrorsFile(errors, output: output, inputs: files)
        let sink = try OutputSink.opening(output)
        let errors: ErrorPolicy
        do {
            errors = try ErrorPolicy(mode: onError, errorsPath: self.errors)
        } catch {
            sink.discard()
            throw error
        }
        try errors.writing(to: sink, named: output) {
            // A `.ndjson`/`.jsonl` file is a stream with or without `--ndjson`, as in a folder.
            if !isFolder && !ndjson && !TreeInputs.isLineDelimited(tree) {
                try maskDocument(masker, sink: sink, errors: errors)
            } else {
                try maskStream(masker, files: files, sink: sink, errors: errors)
            }
        }
        try errors.finish(input: sourceLabel ?? tree, failure: .invalidTree, summary: isFolder || ndjson || TreeInputs.isLineDelimited(tree))
    }

    /// One document: read, decide and write without copying it into a unit. A large
    /// JSON file is mapped rather than read.
    private func maskDocument(_ masker: TreeMasker, sink: OutputSink, errors: ErrorPolicy) throws {
        let format = options.inputFormat
        let source = sourceLabel ?? tree
        let mapped = MappedInput.map(tree, limit: maxBytes)
        if mapped != nil { MappedInput.guardAgainstTruncation(partialOutput: sink.partialPath) }
        let layout: TreeLayout, decisions: [MaskDecision]
        var buffer: [UInt8] = []
        do {
            // The format is detected from the whole mapped file, as from a read one.
            if let mapped {
                (layout, decisions) = try format.readDeciding(mapped.bytes, file: source, masker: masker)
            } else {
                let input: [UInt8]
                do {
                    input = try TreeStream.readFile(tree, source: source, limit: maxBytes).get().bytes
                } catch let failure as FileIO.Failure {
                    FileIO.printError("maskc: error: cannot read tree '\(tree)': \(failure.message)")
                    throw Reported(status: .usage)
                }
                (layout, decisions) = try format.readDeciding(input, file: source, masker: masker)
            }
        } catch let reported as Reported {
            throw reported
        } catch {
            try errors.report(ErrorRecord(error, source: source), into: &buffer)
            // Skipped: nothing is written, not even an empty file.
            guard errors.mode == .record else { throw ErrorPolicy.Stop() }
            try sink.flush(&buffer)
            return
        }
        errors.counted()
        buffer.reserveCapacity(1 << 21)
        try masker.write(layout, decisions: decisions, to: &buffer, flush: sink.flush)
        buffer.append(0x0A)
        try sink.flush(&buffer)
        if let mapped, !mapped.isUnchanged {
            FileIO.printError("\(source):1:1: error: the file changed while it was read; its output is not to be trusted at $")
            throw Reported(status: .inputChanged)
        }
    }

    /// NDJSON lines and folder files, a window at a time on `jobs` threads, written in
    /// order; each thread masks through a session of its own, reused from tree to tree.
    private func maskStream(_ masker: TreeMasker, files: [String], sink: OutputSink, errors: ErrorPolicy) throws {
        let format = options.inputFormat
        let sessions = PerWorker(jobs) { TreeMaskingSession(masker: masker) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        /// Masks a window of units on `jobs` threads and writes them in order.
        func process(_ units: [TreeStream.Unit]) throws {
            try OrderedBatch.run(units, jobs: jobs, { worker, unit -> Result<[UInt8], ErrorRecord> in
                sessions.with(worker) { session in
                    var out: [UInt8] = []
                    out.reserveCapacity(unit.bytes.count + unit.bytes.count / 4 + 16)
                    do {
                        try format.mask(unit.bytes, file: unit.file, firstLine: unit.firstLine, session: &session, into: &out)
                    } catch {
                        return .failure(ErrorRecord(error, source: unit.file))
                    }
                    out.append(0x0A)
                    return .success(out)
                }
            }, deliver: { result in
                switch result {
                case .success(let bytes):
                    errors.counted()
                    buffer += bytes
                case .failure(let record):
                    try errors.report(record, into: &buffer)
                }
                if buffer.count >= 1 << 20 { try sink.flush(&buffer) }
            })
        }
        /// Every file, in order.
        func maskFiles() throws {
            for file in files {
                let source = TreeStream.source(of: file, input: tree, label: sourceLabel)
                if ndjson || TreeInputs.isLineDelimited(file) {
                    // Line by line, a window at a time: memory stays flat.
                    var window: [TreeStream.Unit] = []
                    do {
                        // In `record` mode every line is answered, a blank one with a record.
                        try TreeStream.forEachLine(of: file, source: source, limit: maxBytes, blankLines: onError == .record, { unit in
                            window.append(unit)
                            if window.count >= 256 * jobs {
                                try process(window)
                                window.removeAll(keepingCapacity: true)
                            }
                        }, tooLong: { record in
                            // In order: the lines before it go first.
                            try process(window)
                            window.removeAll(keepingCapacity: true)
                            try errors.report(record, into: &buffer)
                        })
                    } catch let failure as FileIO.ReadError {
                        FileIO.printError("maskc: error: cannot read tree '\(file)': \(failure.message)")
                        throw Reported(status: .usage)
                    }
                    try process(window)
                } else {
                    let read: Result<TreeStream.Unit, ErrorRecord>
                    do {
                        read = try TreeStream.readFile(file, source: source, limit: maxBytes)
                    } catch {
                        FileIO.printError("maskc: error: cannot read tree '\(file)': \(error.message)")
                        throw Reported(status: .usage)
                    }
                    switch read {
                    case .success(let unit): try process([unit])
                    case .failure(let record): try errors.report(record, into: &buffer)
                    }
                }
            }
        }
        do {
            try maskFiles()
        } catch is ErrorPolicy.Stop {
            // The trees before the bad one are written, nothing after it.
            try sink.flush(&buffer)
            throw ErrorPolicy.Stop()
        }
        try sink.flush(&buffer)
    }
}

