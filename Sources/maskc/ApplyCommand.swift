import ArgumentParser
import MaskEngine
import MaskJSON

struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Mask a captured view tree with a policy.",
        discussion: """
            Reads a view tree as JSON ({"screen": ..., "root": NODE} or a bare NODE), or with \
            --ndjson one tree per line, and writes it with every decision applied. If the \
            policy does not compile nothing is written. A tree that cannot be read is not \
            written at all; with --ndjson a bad line is reported with its line number and \
            skipped, and the exit code is 4.
            """
    )

    @Argument(help: "The view tree JSON file ('-' for standard input).")
    var tree: String

    @Option(name: .long, help: "The masking policy (YAML).")
    var policy: String

    @Option(name: .shortAndLong, help: "Write the masked tree here instead of standard output.")
    var output: String?

    @Flag(help: "Add a \"masking\" object to every view: masked, level, rule, kind.")
    var explain = false

    @Flag(help: "Read one tree per line and write one masked tree per line.")
    var ndjson = false

    @Option(name: .long, help: "The deepest JSON nesting accepted (a view takes two levels).")
    var maxDepth: Int = JSONLimits.standard.maximumDepth

    func validate() throws {
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive") }
    }

    func run() throws {
        let (table, _) = try PolicyLoader.load(policy)
        let input = try PolicyLoader.readInput(tree, what: "tree")
        let masker = TreeMasker(table: table, options: EmitOptions(explain: explain), limits: JSONLimits(maximumDepth: maxDepth))
        let sink: OutputSink
        do {
            sink = try OutputSink(path: output)
        } catch {
            FileIO.printError("maskc: error: cannot write '\(output ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
        var status = ExitStatus.success
        do {
            if ndjson {
                status = try applyLines(input, masker: masker, sink: sink)
            } else {
                let document: TreeDocument
                do {
                    document = try masker.read(input, file: tree)
                } catch {
                    FileIO.printError(error.rendered)
                    sink.discard()
                    throw Reported(status: .invalidTree)
                }
                let decisions = masker.decide(document)
                var buffer: [UInt8] = []
                try masker.write(document, decisions: decisions, to: &buffer, flush: sink.flush)
                buffer.append(0x0A)
                try sink.flush(&buffer)
            }
            try sink.commit()
        } catch let failure as FileIO.Failure {
            sink.discard()
            FileIO.printError("maskc: error: cannot write '\(output ?? "-")': \(failure.message)")
            throw Reported(status: .outputFailed)
        }
        if status != .success { throw Reported(status: status) }
    }

    private func applyLines(_ input: [UInt8], masker: TreeMasker, sink: OutputSink) throws(FileIO.Failure) -> ExitStatus {
        var buffer: [UInt8] = []
        var skipped = 0, total = 0
        for (line, bytes) in NDJSONLines(input) {
            total += 1
            let document: TreeDocument
            do {
                document = try masker.read(Array(bytes), file: tree, firstLine: line)
            } catch {
                skipped += 1
                FileIO.printError(error.rendered)
                continue
            }
            masker.write(document, decisions: masker.decide(document), to: &buffer, flush: { _ in })
            buffer.append(0x0A)
            if buffer.count >= 1 << 20 { try sink.flush(&buffer) }
        }
        try sink.flush(&buffer)
        if skipped > 0 {
            FileIO.printError("maskc: error: skipped \(skipped) of \(total) trees in '\(tree)'")
            return .invalidTree
        }
        return .success
    }
}
