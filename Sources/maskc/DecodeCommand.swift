import ArgumentParser
import MaskJSON
import MaskPreview
import ReplayEncoder

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "List the frames of a replay session stream, and draw them as the player would.",
        discussion: """
            Prints every frame (number, full or delta, timestamp, screen, bytes) and its \
            views back to front (type, x, y, width, height, and the text the stream \
            carries). With --svg, writes one SVG per frame into the folder \
            (frame-0000.svg, ...). A stream that is malformed or cut short is an error \
            naming the byte offset (exit 4); nothing is written.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The session stream (from maskc encode).", completion: .file(extensions: ["bin"]))
    var stream: String

    @Option(help: "The listing's format: text or json.")
    var format: Format = .text

    @Option(help: "Write one SVG per frame into this folder (created if missing).", completion: .directory)
    var svg: String?

    @OptionGroup var display: DisplayOptions

    func run() throws {
        let bytes = try PolicyLoader.readInput(stream, what: "stream", limit: Int(Int32.max))
        // Two passes: the first checks the whole stream (nothing is written for a bad
        // one), the second writes frame by frame, so memory holds one frame and its
        // base, not every frame a long session rebuilds from its deltas.
        do {
            var decoder = try ReplayDecoder(bytes)
            while try decoder.next() != nil {}
        } catch {
            FileIO.printError("\(stream): error: \(error.message)")
            throw Reported(status: .invalidTree)
        }
        if let svg, !System.makeDirectory(svg) {
            FileIO.printError("maskc: error: cannot write '\(svg)': \(FileIO.systemError())")
            throw Reported(status: .outputFailed)
        }
        let sink = try OutputSink.opening(nil)
        var out: [UInt8] = []
        do {
            var decoder = try ReplayDecoder(bytes)
            var first = true
            if format == .json { out += Array("{\"frames\":[".utf8) }
            while let decoded = try decoder.next() {
                if let svg {
                    let digits = String(decoded.number)
                    let name = "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".svg"
                    try AuditCommand.write(ReplayFrameRenderer(frame: decoded.frame).render(), to: svg + "/" + name)
                }
                if format == .json {
                    if !first { out.append(UInt8(ascii: ",")) }
                    json(decoded, to: &out)
                } else {
                    out += Array(text(decoded).utf8)
                }
                first = false
                if out.count >= 1 << 20 { try sink.flush(&out) }
            }
            // The text listing ends as it always did: with an empty line (an empty stream: one).
            if format == .json { out += Array("]}\n".utf8) } else if first { out += Array("\n".utf8) }
            try sink.flush(&out)
        } catch let failure as FileIO.Failure {
            FileIO.printError("maskc: error: cannot write '-': \(failure.message)")
            throw Reported(status: .outputFailed)
        } catch let error as ReplayDecodingError {
            // The first pass read the same bytes without an error: not expected.
            FileIO.printError("\(stream): error: \(error.message)")
            throw Reported(status: .invalidTree)
        }
    }

    /// A frame's lines: its head, then a line per view.
    private func text(_ decoded: DecodedFrame) -> String {
        var lines: [String] = []
        let frame = decoded.frame
        var head = "frame \(decoded.number) \(decoded.kind.name)"
        if let base = decoded.base { head += " (against \(base))" }
        head += " at \(frame.timestamp) ms, screen \(frame.screen ?? "-"), \(frame.views.count) views, \(decoded.byteCount) bytes"
        lines.append(head)
        for (index, view) in frame.views.enumerated() {
            var line = "  \(index) \(view.type.name) \(view.x) \(view.y) \(view.width) \(view.height)"
            if let text = view.text { line += " \"\(text)\"" }
            lines.append(line)
        }
        return ReportText.lines(lines) + "\n"
    }

    /// A frame as JSON.
    private func json(_ decoded: DecodedFrame, to out: inout [UInt8]) {
        let frame = decoded.frame
        out += Array("{\"base\":\(decoded.base.map(String.init) ?? "null"),\"bytes\":\(decoded.byteCount),\"kind\":\"\(decoded.kind.name)\",\"number\":\(decoded.number),\"screen\":".utf8)
        if let screen = frame.screen { JSONString.appendQuoted(screen, to: &out, escapingControls: true) } else { out += Array("null".utf8) }
        out += Array(",\"timestamp\":\(frame.timestamp),\"views\":[".utf8)
        for (v, view) in frame.views.enumerated() {
            if v > 0 { out.append(UInt8(ascii: ",")) }
            out += Array("{\"height\":\(view.height),".utf8)
            if let text = view.text {
                out += Array("\"text\":".utf8)
                JSONString.appendQuoted(text, to: &out, escapingControls: true)
                out.append(UInt8(ascii: ","))
            }
            out += Array("\"type\":\"\(view.type.name)\",\"width\":\(view.width),\"x\":\(view.x),\"y\":\(view.y)}".utf8)
        }
        out += Array("]}".utf8)
    }
}
