import MaskEngine

/// A rectangle in screen coordinates.
struct Rect: Hashable {
    var x: Double, y: Double, width: Double, height: Double

    func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A number for SVG: an integer when whole, else at most two decimals.
func num(_ value: Double) -> String {
    let scaled = (value * 100).rounded()
    guard scaled.isFinite, abs(scaled) < 9e15 else { return "0" }
    let cents = Int(scaled)
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let whole = magnitude / 100, fraction = magnitude % 100
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Accumulates the SVG text.
struct SVGWriter {
    var out = ""
    /// Screen units per point of a 390-point-wide screen: sizes of strokes and labels.
    let scale: Double

    /// Text metrics: monospaced glyphs are about 0.6 em wide.
    static let glyphWidth = 0.6
    static let monospace = "ui-monospace, Menlo, 'DejaVu Sans Mono', 'Liberation Mono', monospace"
    static let sans = "system-ui, -apple-system, 'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif"

    init(scale: Double) {
        self.scale = scale
        out.reserveCapacity(4096)
    }

    mutating func open(screen: Rect, legendHeight: Double) {
        let height = screen.height + legendHeight
        let s = scale
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(num(screen.x)) \(num(screen.y)) \(num(screen.width)) \(num(height))\""
        out += " width=\"\(num(screen.width))\" height=\"\(num(height))\">\n"
        out += "<style>\n"
        out += "text{font-family:\(Self.monospace);white-space:pre}\n"
        out += ".screen{fill:#fff;stroke:#5f6368;stroke-width:\(num(1.5 * s))}\n"
        out += ".v{fill:none;stroke:#9aa0a6;stroke-width:\(num(0.75 * s))}\n"
        out += ".masked{fill:#e8f0fe;stroke:#8ab4f8;stroke-width:\(num(0.75 * s))}\n"
        out += ".mt{fill:#1a4f9c}\n"
        out += ".exposed{fill:#fce8e6;fill-opacity:0.6;stroke:#d93025;stroke-width:\(num(2 * s));stroke-dasharray:\(num(5 * s)) \(num(3 * s))}\n"
        out += ".xt{fill:#a50e0e;font-weight:bold}\n"
        out += ".ph{fill:#f1f3f4;stroke:#5f6368;stroke-width:\(num(s))}\n"
        out += ".cross{stroke:#9aa0a6;stroke-width:\(num(0.75 * s))}\n"
        out += ".pl{fill:#3c4043;font-weight:bold;text-anchor:middle}\n"
        out += ".open{fill:none}\n"
        out += ".rect{fill:#000}\n"
        out += ".wt{fill:#202124}\n"
        out += ".legend{fill:#f8f9fa;stroke:#dadce0;stroke-width:\(num(0.75 * s))}\n"
        out += ".lt{font-family:\(Self.sans);fill:#3c4043}\n"
        out += ".warn{fill:#a50e0e;font-weight:bold}\n"
        out += "</style>\n"
    }

    mutating func rect(_ frame: Rect, class name: String) {
        out += "<rect class=\"\(name)\" x=\"\(num(frame.x))\" y=\"\(num(frame.y))\" width=\"\(num(frame.width))\" height=\"\(num(frame.height))\"/>"
    }

    /// A placeholder: a box with both diagonals and a centred label.
    mutating func crossed(_ frame: Rect, label: String) {
        rect(frame, class: "ph")
        let right = frame.x + frame.width, bottom = frame.y + frame.height
        out += "<path class=\"cross\" d=\"M\(num(frame.x)) \(num(frame.y))L\(num(right)) \(num(bottom))M\(num(right)) \(num(frame.y))L\(num(frame.x)) \(num(bottom))\"/>"
        let size = min(frame.height * 0.45, 14 * scale, frame.width / (Double(label.count) * Self.glyphWidth + 0.5))
        guard size > 0 else { return }
        // A backing so the label stays legible over the diagonals.
        let labelWidth = Double(label.count) * Self.glyphWidth * size + size * 0.6
        let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
        out += "<rect class=\"ph\" style=\"stroke:none\" x=\"\(num(cx - labelWidth / 2))\" y=\"\(num(cy - size * 0.65))\" width=\"\(num(labelWidth))\" height=\"\(num(size * 1.3))\"/>"
        out += "<text class=\"pl\" x=\"\(num(cx))\" y=\"\(num(cy + size * 0.35))\" font-size=\"\(num(size))\">"
        appendEscaped(label)
        out += "</text>"
    }

    /// A short label centred in a frame.
    mutating func label(_ label: String, in frame: Rect, class name: String) {
        let size = min(frame.height * 0.45, 13 * scale)
        out += "<text class=\"\(name)\" text-anchor=\"middle\" x=\"\(num(frame.x + frame.width / 2))\" y=\"\(num(frame.y + frame.height / 2 + size * 0.35))\" font-size=\"\(num(size))\">"
        appendEscaped(label)
        out += "</text>"
    }

    /// Text laid out in a frame: one line if it fits (shrunk a little if that makes it
    /// fit), else wrapped at spaces on as many lines as the frame holds, the last cut with
    /// `…`; clipped to the frame. `corner`: one small line at the top left (a container's
    /// text, which would otherwise cover its children).
    /// A count of lines or characters from a ratio of lengths, toward zero, within 0 and
    /// 100,000 (a frame a fraction of a point high makes the ratio astronomically
    /// large; no screen holds more).
    static func count(_ ratio: Double) -> Int {
        ratio.isNaN ? 0 : Int(min(max(ratio, 0), 100_000))
    }

    mutating func text(_ text: String, in frame: Rect, class name: String, corner: Bool = false) {
        var size = min(frame.height * 0.62, (corner ? 9 : 13) * scale)
        let pad = min(3 * scale, frame.width * 0.05)
        let innerWidth = frame.width - 2 * pad
        guard size > 0, innerWidth > 0 else { return }
        var lineHeight = size * 1.2
        let maxLines = corner ? 1 : max(1, Self.count((frame.height - pad) / lineHeight))
        // Graphemes, counted only as far as needed to know whether a shrunk line fits.
        let minimum = size * 0.65
        let longest = Self.count(innerWidth / (minimum * Self.glyphWidth)) + 1
        var length = 0
        for _ in text where length <= longest { length += 1 }
        if length > 0 && Double(length) * size * Self.glyphWidth > innerWidth
            && (maxLines == 1 || Double(length) * minimum * Self.glyphWidth <= innerWidth) {
            size = max(minimum, innerWidth / (Double(length) * Self.glyphWidth))
            lineHeight = size * 1.2
        }
        let perLine = max(1, Self.count(innerWidth / (size * Self.glyphWidth) + 1e-9))
        let lines = Self.wrap(text, perLine: perLine, maxLines: maxLines)
        guard !lines.isEmpty else { return }
        let top = corner ? frame.y + pad * 0.5 : frame.y + (frame.height - Double(lines.count) * lineHeight) / 2
        out += "<svg x=\"\(num(frame.x))\" y=\"\(num(frame.y))\" width=\"\(num(frame.width))\" height=\"\(num(frame.height))\" viewBox=\"\(num(frame.x)) \(num(frame.y)) \(num(frame.width)) \(num(frame.height))\">"
        out += "<text class=\"\(name)\" font-size=\"\(num(size))\">"
        for (number, line) in lines.enumerated() {
            let baseline = top + Double(number) * lineHeight + lineHeight / 2 + size * 0.35
            out += "<tspan x=\"\(num(frame.x + pad))\" y=\"\(num(baseline))\">"
            appendEscaped(line)
            out += "</tspan>"
        }
        out += "</text></svg>"
    }

    /// Splits text into at most `maxLines` lines of at most `perLine` graphemes, breaking
    /// at spaces where it can; control characters and line breaks count as spaces. Text
    /// that does not fit ends in `…`.
    static func wrap(_ text: String, perLine: Int, maxLines: Int) -> [String] {
        // Only as much text as can be shown is looked at (plus one to know it is cut).
        var characters: [Character] = []
        let budget = perLine * maxLines + 1
        characters.reserveCapacity(min(budget, 4096))
        for character in text {
            if characters.count == budget { break }
            characters.append(character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F }) ? " " : character)
        }
        var lines: [String] = []
        var start = 0
        let count = characters.count
        func skipSpaces() { while start < count && characters[start] == " " { start += 1 } }
        skipSpaces()
        while start < count && lines.count < maxLines {
            var end = min(count, start + perLine)
            if end < count && characters[end] != " " {
                var split = end
                while split > start && characters[split] != " " { split -= 1 }
                if split > start { end = split }
            }
            var line = characters[start..<end]
            while let last = line.last, last == " " { line = line.dropLast() }
            lines.append(String(line))
            start = end
            skipSpaces()
        }
        if start < count, let last = lines.popLast() {
            var cut = Array(last)
            if cut.count >= perLine { cut.removeLast(cut.count - max(0, perLine - 1)) }
            lines.append(String(cut) + "…")
        }
        return lines
    }

    /// Appends text escaped for XML content and attributes (``MarkupText``).
    mutating func appendEscaped(_ text: String) { MarkupText.append(text, to: &out) }

    // MARK: Legend

    mutating func legend(mode: ScreenRenderer.Mode, screen: Rect, height: Double, name: String?, exposed: Int, undrawn: Int) {
        let s = scale
        let top = screen.y + screen.height
        let left = screen.x
        out += "<g class=\"lg\">\n"
        out += "<rect class=\"legend\" x=\"\(num(left))\" y=\"\(num(top))\" width=\"\(num(screen.width))\" height=\"\(num(height))\"/>\n"
        // The status first, so a long screen name is what gets cut.
        var header: String
        var warning = false
        switch mode {
        case .masked:
            header = "masked preview · "
            header += exposed == 0 ? "no view sent in clear" : "\(exposed) view\(exposed == 1 ? "" : "s") sent in clear"
            if undrawn > 0 { header += " (\(undrawn) without a frame, not drawn)" }
            warning = exposed > 0
        case .wireframe:
            header = "UNMASKED WIREFRAME"
            warning = true
        }
        if let name { header += " · \(name)" }
        let headerSize = 10.5 * s
        let maxHeader = max(1, Self.count((screen.width - 12 * s) / (headerSize * 0.58)))
        if header.count > maxHeader { header = String(header.prefix(maxHeader - 1)) + "…" }
        out += "<text class=\"lt\(warning ? " warn" : "")\" x=\"\(num(left + 6 * s))\" y=\"\(num(top + 15 * s))\" font-size=\"\(num(headerSize))\">"
        appendEscaped(header)
        out += "</text>\n"

        let entries: [(swatch: Swatch, label: String)]
        switch mode {
        case .masked:
            entries = [
                (.view, "view frame"), (.masked("la"), "masked text (la pattern)"),
                (.masked("••"), "secure text (bullets)"), (.placeholder, "IMG / MAP placeholder"),
                (.rect, "RECT: masked SwiftUI text"), (.exposed, "exposed: sent in clear"),
            ]
        case .wireframe:
            entries = [
                (.view, "view frame"), (.wireText, "captured text, NOT masked"),
                (.placeholder, "image / map (content not drawn)"), (.none, "not what the replay sends"),
            ]
        }
        let columnWidth = screen.width / 2
        for (index, entry) in entries.enumerated() {
            let row = index / 2, column = index % 2
            let x = left + 6 * s + Double(column) * columnWidth
            let y = top + 24 * s + Double(row) * 17 * s
            let box = Rect(x: x, y: y, width: 22 * s, height: 12 * s)
            switch entry.swatch {
            case .view: rect(box, class: "v")
            case .masked(let sample):
                rect(box, class: "masked")
                out += "<text class=\"mt\" x=\"\(num(x + 2.5 * s))\" y=\"\(num(y + 9.5 * s))\" font-size=\"\(num(9 * s))\">"
                appendEscaped(sample)
                out += "</text>"
            case .placeholder:
                rect(box, class: "ph")
                out += "<path class=\"cross\" d=\"M\(num(x)) \(num(y))L\(num(x + box.width)) \(num(y + box.height))M\(num(x + box.width)) \(num(y))L\(num(x)) \(num(y + box.height))\"/>"
            case .rect: rect(box, class: "rect")
            case .exposed: rect(box, class: "exposed")
            case .none: break
            case .wireText:
                rect(box, class: "v")
                out += "<text class=\"wt\" x=\"\(num(x + 2.5 * s))\" y=\"\(num(y + 9.5 * s))\" font-size=\"\(num(9 * s))\">Aa</text>"
            }
            out += "<text class=\"lt\(entry.swatch == .none ? " warn" : "")\" x=\"\(num(x + 28 * s))\" y=\"\(num(y + 10 * s))\" font-size=\"\(num(10 * s))\">"
            appendEscaped(entry.label)
            out += "</text>\n"
        }
        out += "</g>\n"
    }

    enum Swatch: Equatable { case view, masked(String), placeholder, rect, exposed, wireText, none }
}
