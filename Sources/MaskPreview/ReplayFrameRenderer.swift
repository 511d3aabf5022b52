import ReplayEncoder

/// Draws a decoded replay frame as SVG, as a player would: what the stream carries and
/// nothing more (`maskc decode --svg`).
///
/// Views are drawn back to front in their wire order. Text the frame carries is drawn
/// in its view; masked text is a filled box labelled `la`, secure text `•••`; masked
/// images and maps are the crossed `IMG` and `MAP` placeholders, masked SwiftUI text
/// the black `RECT`; other views are outlined boxes labelled with their type.
public struct ReplayFrameRenderer: Sendable {
    /// The frame to draw.
    public let frame: ReplayFrame

    /// Creates a renderer.
    public init(frame: ReplayFrame) { self.frame = frame }

    /// The SVG document, ending in a newline.
    public func render() -> String {
        var screen: Rect?
        for view in frame.views where view.width > 0 && view.height > 0 {
            let rect = Self.rect(view)
            screen = screen.map { $0.union(rect) } ?? rect
        }
        let canvas = screen ?? Rect(x: 0, y: 0, width: 390, height: 844)
        var svg = SVGWriter(scale: min(max(canvas.width / 390, 0.05), 1000))
        svg.open(screen: canvas, legendHeight: 0)
        svg.out += "<rect class=\"screen\" x=\"\(num(canvas.x))\" y=\"\(num(canvas.y))\" width=\"\(num(canvas.width))\" height=\"\(num(canvas.height))\"/>\n"
        for view in frame.views {
            let rect = Self.rect(view)
            svg.out += "<g><title>"
            svg.appendEscaped(view.type.name)
            svg.out += "</title>"
            switch view.type {
            case .maskedImage: svg.crossed(rect, label: "IMG")
            case .map: svg.crossed(rect, label: "MAP")
            case .maskedSwiftUIText: svg.rect(rect, class: "rect")
            case .maskedText:
                svg.rect(rect, class: "masked")
                svg.label("la", in: rect, class: "mt")
            case .secureText:
                svg.rect(rect, class: "masked")
                svg.label("•••", in: rect, class: "mt")
            case .image: svg.crossed(rect, label: "image")
            case .label, .textInput, .button, .toggle, .webView, .view:
                svg.rect(rect, class: "v")
                if let text = view.text {
                    svg.text(text, in: rect, class: "wt")
                } else if view.type != .view {
                    svg.label(view.type.name, in: rect, class: "lt")
                }
            }
            svg.out += "</g>\n"
        }
        svg.out += "</svg>\n"
        return svg.out
    }

    private static func rect(_ view: ReplayView) -> Rect {
        Rect(x: Double(view.x), y: Double(view.y), width: Double(view.width), height: Double(view.height))
    }
}
