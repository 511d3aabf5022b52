import ArgumentParser

/// `--on-error`: what a stream of trees (NDJSON, a folder) does with a tree it cannot read.
enum OnError: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Stop at the first bad tree: the trees before it are written (with `-o`, no file
    /// is left), and the run fails.
    case fail
    /// Report the bad tree and go on; the run fails at the end (the default).
    case skip
    /// Write an error record in the bad tree's place, so every input line yields one
    /// output line; the run succeeds.
    case record
}

/// Carries out `--on-error` and `--errors` for one run: every bad tree is reported on
/// standard error, written to the errors file if there is one, and, by the mode,
/// recorded in the output, skipped, or the end of the run.
final class ErrorPolicy {
    /// Thrown by ``report(_:into:)`` in `fail` mode: the run stops here.
    struct Stop: Error {}

    let mode: OnError
    private let errors: OutputSink?
    private let errorsPath: String?
    private var pending: [UInt8] = []
    /// Trees seen, and how many could not be read.
    private(set) var total = 0
    private(set) var failed = 0

    /// - Parameter errorsPath: the `--errors` file (`-`: standard output), or nil.
    init(mode: OnError, errorsPath: String?) throws(Reported) {
        self.mode = mode
        self.errorsPath = errorsPath
        if let errorsPath {
            do {
                errors = try OutputSink(path: errorsPath)
            } catch {
                FileIO.printError("maskc: error: cannot write '\(errorsPath)': \(error.message)")
                throw Reported(status: .outputFailed)
            }
        } else {
            errors = nil
        }
    }

    /// Counts a tree read.
    func counted() { total += 1 }

    /// Runs `body`, which writes to `sink`, then completes the output and the errors
    /// file. Whatever stops it, no partial output is left: an unwritable output is
    /// exit 5 naming `output`; ``Stop`` (`fail` mode) keeps the errors file, whose
    /// records say why; any other error drops both and goes on up.
    func writing(to sink: OutputSink, named output: String?, _ body: () throws -> Void) throws {
        do {
            try body()
            try sink.commit()
            try commit()
        } catch let failure as FileIO.Failure {
            sink.discard()
            discard()
            FileIO.printError("maskc: error: cannot write '\(output ?? "-")': \(failure.message)")
            throw Reported(status: .outputFailed)
        } catch is Stop {
            sink.discard()
            try commit()
        } catch {
            sink.discard()
            discard()
            throw error
        }
    }

    /// A tree that could not be read: reported, and by the mode recorded in `output`,
    /// skipped, or the end of the run (throws ``Stop``).
    func report(_ record: ErrorRecord, into output: inout [UInt8]) throws {
        total += 1
        failed += 1
        FileIO.printError(record.rendered)
        if errors != nil {
            pending += record.errorsFileLine
            if pending.count >= 1 << 16 { try flushErrors() }
        }
        switch mode {
        case .record: output += record.streamLine
        case .skip: break
        case .fail: throw Stop()
        }
    }

    private func flushErrors() throws {
        do {
            try errors?.flush(&pending)
        } catch {
            FileIO.printError("maskc: error: cannot write '\(errorsPath ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
    }

    /// Completes the errors file (moved into place, even when empty).
    func commit() throws {
        try flushErrors()
        do {
            try errors?.commit()
        } catch {
            FileIO.printError("maskc: error: cannot write '\(errorsPath ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
    }

    /// Gives up on the errors file (no partial file is left).
    func discard() { errors?.discard() }

    /// Ends the run by the mode, once everything is written: a summary on standard
    /// error (for a stream), and the exit status for trees that could not be read
    /// (`failure`, or none in `record` mode).
    func finish(input: String, failure: ExitStatus, summary: Bool = true) throws(Reported) {
        guard failed > 0 else { return }
        guard summary else {
            if mode == .record { return }
            throw Reported(status: failure)
        }
        let trees = "\(failed) of \(total) tree\(total == 1 ? "" : "s") in '\(input)'"
        switch mode {
        case .record:
            FileIO.printWarning("maskc: warning: \(trees) could not be read; an error record stands in the place of each")
        case .skip:
            FileIO.printError("maskc: error: skipped \(trees)")
            throw Reported(status: failure)
        case .fail:
            FileIO.printError("maskc: error: stopped at the first tree that could not be read")
            throw Reported(status: failure)
        }
    }
}
