import MaskJSON
import MaskEngine

/// Draws a decided view tree as an SVG picture of the screen, as the replay would show it.
///
/// Every emitted view with a `frame` (`{x, y, width, height}`, in screen coordinates) is
/// a box. In the masked rendering (``Mode/masked``, the default):
///
/// - masked text is drawn as its `la` pattern, secure text as bullets, in the view's frame;
/// - masked images and maps are crossed boxes labelled `IMG` and `MAP`; masked SwiftUI
///   text is the `RECT` placeholder, a filled black rectangle;
/// - subtrees that are not emitted (below maps and `recurse: false` classes) are not drawn;
/// - an unmasked view with text (or an unmasked image) is *exposed*: its real content is
///   sent, so it is outlined in red, dashed, and its real text is shown.
///
/// The masked rendering never contains a masked view's original text: text is turned into
/// its pattern before it is laid out. ``Mode/wireframe`` draws every captured view with its
/// text as captured, nothing masked, for a side-by-side comparison; it must be asked for.
///
/// Output is deterministic (numbers are integers when whole, else at most two decimals)
/// and the walk is iterative: views are in pre-order, so one pass over the arena draws
/// parents before children, at any depth.
public struct ScreenRenderer: Sendable {
    /// What to draw.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// The screen as the replay shows it: every decision applied.
        case masked
        /// Every captured view with its captured text, nothing masked but secure text
        /// (bullets). Shows originals.
        case wireframe
    }

    /// The document.
    public let document: TreeDocument
    /// One decision per view (``TreeMasker/decide(_:)``).
    public let decisions: [MaskDecision]
    /// The table that made the decisions (for the deciding rule in each view's tooltip).
    public let table: DecisionTable

    /// Creates a renderer.
    /// - Precondition: one decision per view of the document.
    public init(document: TreeDocument, decisions: [MaskDecision], table: DecisionTable) {
        precondition(decisions.count == document.tree.count, "one decision per view")
        self.document = document
        self.decisions = decisions
        self.table = table
    }

    /// The SVG document, ending in a newline.
    public func render(_ mode: Mode = .masked) -> String {
        let tree = document.tree
        let count = tree.count

        // Which views are drawn: emitted ones in the masked rendering, all in the wireframe.
        var shown = [Bool](repeating: true, count: count)
        if mode == .masked {
            for view in 0..<count {
                let parent = Int(tree.parents[view])
                if parent >= 0 { shown[view] = shown[parent] && decisions[parent].emitsChildren }
            }
        }

        // The canvas: the root's frame, else the union of the drawn frames.
        var frames = [Rect?](repeating: nil, count: count)
        var union: Rect?
        for view in 0..<count where shown[view] {
            guard let frame = frame(of: view), frame.width > 0, frame.height > 0 else { continue }
            frames[view] = frame
            union = union.map { $0.union(frame) } ?? frame
        }
        let screen = frames.first.flatMap { $0 } ?? union ?? Rect(x: 0, y: 0, width: 390, height: 844)
        // Containers (views with a drawn child) get an outline and a corner tag, not a fill.
        var isContainer = [Bool](repeating: false, count: count)
        for view in 1..<max(1, count) where frames[view] != nil {
            isContainer[Int(tree.parents[view])] = true
        }
        let scale = min(max(screen.width / 390, 0.05), 1000)
        let legendHeight = 78 * scale

        var svg = SVGWriter(scale: scale)
        svg.open(screen: screen, legendHeight: legendHeight)
        svg.out += "<rect class=\"screen\" x=\"\(num(screen.x))\" y=\"\(num(screen.y))\" width=\"\(num(screen.width))\" height=\"\(num(screen.height))\"/>\n"

        let echoesSecure = mode == .wireframe ? echoesOfSecureText() : []
        var exposed = 0, exposedUndrawn = 0
        for view in 0..<count where shown[view] {
            var decision = decisions[view]
            // In the wireframe, a view repeating a secure view's text below it (a
            // container labelled "Password, hunter2") is drawn as secure text is.
            if !echoesSecure.isEmpty, echoesSecure[view] { decision.isSecure = true }
            let content = self.content(of: view)
            // Exposed: text sent as it is, or an image sent (an image whose text alone
            // is masked, ``MaskDecision/masksText``, exposes its image only).
            let isExposed = mode == .masked && !decision.isMasked
                && ((content.text != nil && decision.emission(for: content.field) == .keep) || (decision.kind == .image && content.hasImage))
            if isExposed {
                exposed += 1
                if frames[view] == nil { exposedUndrawn += 1 }
            }
            guard let frame = frames[view] else { continue }
            svg.out += "<g><title>"
            svg.appendEscaped(title(of: view, decision: decision, exposed: isExposed))
            svg.out += "</title>"
            switch mode {
            case .wireframe:
                drawWireframe(frame, decision: decision, content: content, container: isContainer[view], into: &svg)
            case .masked:
                drawMasked(frame, decision: decision, content: content, exposed: isExposed, container: isContainer[view], into: &svg)
            }
            svg.out += "</g>\n"
        }

        svg.legend(mode: mode, screen: screen, height: legendHeight, name: ReportName.printable(tree.screen), exposed: exposed, undrawn: exposedUndrawn)
        svg.out += "</svg>\n"
        return svg.out
    }

    // MARK: Drawing one view

    private func drawMasked(_ frame: Rect, decision: MaskDecision, content: Content, exposed: Bool, container: Bool, into svg: inout SVGWriter) {
        if let marker = decision.placeholder {
            if decision.kind == .swiftUIText {
                svg.rect(frame, class: "rect")
            } else {
                svg.crossed(frame, label: marker)
            }
            return
        }
        // An image shown whose text is masked is drawn as the image it sends.
        if let text = content.text, !(exposed && decision.masksText), let shown = decision.emission(for: content.field).emit(text) {
            // The original is turned into its pattern before anything is laid out.
            let clear = decision.emission(for: content.field) == .keep
            svg.rect(frame, class: clear ? (container ? "exposed open" : "exposed") : (container ? "masked open" : "masked"))
            svg.text(shown, in: frame, class: clear ? "xt" : "mt", corner: container)
            return
        }
        if exposed {  // an unmasked image: its content is sent
            svg.rect(frame, class: "exposed")
            svg.label("image", in: frame, class: "xt")
            return
        }
        svg.rect(frame, class: "v")
    }

    /// Per view: whether the text it draws holds the text of a secure view inside it
    /// (any case). With more than 64 secure texts, any view with a secure view inside
    /// it counts (so the check stays linear).
    /// - Complexity: O(n x s) for n views and s <= 64 secure texts.
    private func echoesOfSecureText() -> [Bool] {
        let tree = document.tree
        let count = tree.count
        // Compared as the echo guard compares texts (``MaskedEcho/normalized(_:)``: case,
        // width, invisible characters and runs of spaces do not hide a repeat).
        var secure: [(view: Int, text: [UInt8])] = []
        for view in 0..<count where decisions[view].isSecure {
            if let text = content(of: view).text.map({ MaskedEcho.normalized($0.utf8) }), !text.isEmpty { secure.append((view, text)) }
        }
        guard !secure.isEmpty else { return [] }
        // Views come parents first: a view's subtree is the range after it up to its end.
        var subtreeEnd = Array(1...count)
        for view in stride(from: count - 1, through: 1, by: -1) {
            let parent = Int(tree.parents[view])
            if parent >= 0 { subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[view]) }
        }
        var echoes = [Bool](repeating: false, count: count)
        if secure.count > 64 {
            var secureInside = [Bool](repeating: false, count: count)
            for view in stride(from: count - 1, through: 1, by: -1) {
                let parent = Int(tree.parents[view])
                if parent >= 0, secureInside[view] || decisions[view].isSecure { secureInside[parent] = true }
            }
            for view in 0..<count where !decisions[view].isSecure && secureInside[view] { echoes[view] = content(of: view).text != nil }
            return echoes
        }
        for view in 0..<count where !decisions[view].isSecure {
            guard let text = content(of: view).text.map({ MaskedEcho.normalized($0.utf8) }) else { continue }
            echoes[view] = secure.contains { $0.view > view && $0.view < subtreeEnd[view] && Self.bytes(text, contain: $0.text) }
        }
        return echoes
    }

    /// Whether `needle` occurs in `haystack` (short texts: labels, a password).
    static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    private func drawWireframe(_ frame: Rect, decision: MaskDecision, content: Content, container: Bool, into svg: inout SVGWriter) {
        switch decision.kind {
        case .image: svg.crossed(frame, label: "image")
        case .map: svg.crossed(frame, label: "map")
        default: svg.rect(frame, class: "v")
        }
        if let text = content.text {
            let labelled = decision.kind == .image || decision.kind == .map
            // Secure text (a password) is never drawn, not even here: bullets, as sent.
            svg.text(decision.isSecure ? Placeholder.bullets(text) : text, in: frame, class: "wt", corner: container || labelled)
        }
    }

    /// The tooltip: class, identifier, kind, decision and the deciding rule. No text.
    private func title(of view: Int, decision: MaskDecision, exposed: Bool) -> String {
        let facts = document.tree.views[view]
        // Never a value: an identifier holding personal data is left out, a class
        // holding some shown by its shape (``ReportName``).
        var title = ReportName.printable(facts.className)
        if let name = ReportName.identifier(facts.accessibilityIdentifier ?? facts.id ?? facts.restorationIdentifier) { title += " \(name)" }
        title += " · \(decision.kind.rawValue)"
        title += decision.isMasked ? " · masked" : decision.masksText ? " · unmasked, text masked" : " · unmasked"
        if decision.isSecure { title += " · secure" }
        if exposed { title += " · EXPOSED" }
        title += " · \(decision.level.title)"
        if let origin = table.rule(for: decision)?.origin { title += " \(origin)" }
        // What decided it without a rule, unless it is the default the title names.
        else if let decider = table.decidedWithoutRule(decision, facts), !decider.hasPrefix("default ") { title += ": \(decider)" }
        return title
    }

    // MARK: Reading a view from the tape

    /// What the renderer needs of a view; `text` is its original, kept in memory only.
    private struct Content {
        /// The text shown: `text`, else `placeholder`, else `accessibilityValue`, else `accessibilityLabel`.
        var text: String?
        /// The field `text` came from.
        var field = EmittedField.text
        /// Whether the view has `image` content.
        var hasImage = false
    }

    private enum Key { case frame, text, placeholder, accessibilityValue, accessibilityLabel, image, other }

    private func key(_ index: Int) -> Key {
        let tape = document.tape
        if tape.keyEquals(index, "frame") { return .frame }
        if tape.keyEquals(index, "text") { return .text }
        if tape.keyEquals(index, "placeholder") { return .placeholder }
        if tape.keyEquals(index, "accessibilityValue") { return .accessibilityValue }
        if tape.keyEquals(index, "accessibilityLabel") { return .accessibilityLabel }
        if tape.keyEquals(index, "image") { return .image }
        return .other
    }

    /// The members of a view object: calls `body` with each key's kind and value index.
    private func members(of object: Int, _ body: (Key, Int) -> Void) {
        let tape = document.tape
        let token = tape.tokens[object]
        guard token.kind == .objectStart else { return }
        let end = Int(token.length)
        var index = object + 1
        while index < end {
            body(key(index), index + 1)
            index = tape.end(ofValueAt: index + 1)
        }
    }

    /// The view's frame (``TreeDocument/frame(of:)``), when it is drawable: finite,
    /// not negative in size, within a billion points.
    private func frame(of view: Int) -> Rect? {
        guard let frame = document.frame(of: view) else { return nil }
        let limit = 1e9
        guard abs(frame.x) <= limit, abs(frame.y) <= limit, frame.width >= 0, frame.height >= 0,
              frame.width <= limit, frame.height <= limit else { return nil }
        return Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    }

    private func content(of view: Int) -> Content {
        let tape = document.tape
        var fields: [String?] = [nil, nil, nil, nil]  // text, placeholder, value, label
        var content = Content()
        func string(_ value: Int) -> String? {
            switch tape.tokens[value].kind {
            case .string:
                let text = tape.string(value)
                return text.isEmpty ? nil : text
            case .number: return String(decoding: tape.raw(value), as: UTF8.self)
            default: return nil
            }
        }
        members(of: Int(document.viewTokens[view])) { key, value in
            switch key {
            case .text: fields[0] = string(value)
            case .placeholder: fields[1] = string(value)
            case .accessibilityValue: fields[2] = string(value)
            case .accessibilityLabel: fields[3] = string(value)
            case .image: content.hasImage = tape.tokens[value].kind != .null
            case .frame, .other: break
            }
        }
        if let first = fields.firstIndex(where: { $0 != nil }) {
            content.text = fields[first]
            content.field = first == 0 ? .text : first == 1 ? .placeholder : .label
        }
        return content
    }
}

// MARK: - Geometry and SVG text
