import ArgumentParser
import MaskEngine
import MaskJSON
import MaskPreview

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a masked view tree as an SVG picture of the screen.",
        discussion: """
            Draws every emitted view's frame as a box, as the replay would show the \
            screen: masked text as its la pattern, secure text as bullets, IMG and MAP \
            placeholders as crossed boxes, masked SwiftUI text as a black RECT. Views \
            whose text is sent in clear are outlined in red (dashed) with their real \
            text. With --wireframe, every captured view is drawn with its text as \
            captured and nothing masked, for comparison: that picture holds the \
            original text. Reads one tree (JSON or a capture, see --input-format). If \
            the policy does not compile or the tree cannot be read, nothing is written.
            """
    )

    @Argument(help: "The view tree: a file, or '-' for standard input.", completion: .file(extensions: ["json", "xml"]))
    var tree: String

    @OptionGroup var options: TreeOptions

    @Option(name: .shortAndLong, help: "Write the SVG here instead of standard output.", completion: .file())
    var output: String?

    @Flag(help: "Draw the tree as captured, nothing masked (shows the original text).")
    var wireframe = false


    @Option(name: .long, help: "The deepest JSON nesting accepted (a view takes two levels).")
    var maxDepth: Int = JSONLimits.standard.maximumDepth

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive") }
    }

    func run() throws {
        let table = try PolicyLoader.load(options.policy)
        let masker = TreeMasker(table: table, limits: JSONLimits(maximumDepth: maxDepth))
        let input = try PolicyLoader.readInput(tree, what: "tree")
        let document: TreeDocument
        do {
            document = try options.inputFormat.read(input, file: tree, masker: masker)
        } catch {
            FileIO.printError(renderedReadError(error))
            throw Reported(status: .invalidTree)
        }
        let renderer = ScreenRenderer(document: document, decisions: masker.decide(document), table: table)
        var bytes = Array(renderer.render(wireframe ? .wireframe : .masked).utf8)
        try OutputSink.write(&bytes, to: output)
    }
}
