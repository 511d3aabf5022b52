import MaskEngine
import ReplayEncoder

/// A view in a test screen: its class, appearance and children.
struct V {
    var facts: ViewFacts
    var look: ViewAppearance
    var children: [V]

    init(_ className: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
         text: String? = nil, background: String? = nil, alpha: Double = 1, hidden: Bool = false,
         clips: Bool? = nil, z: Double = 0, secure: Bool = false, ai: String? = nil,
         content: ViewFrame? = nil, transformed: Bool = false, border: Double = 0, corner: Double = 0, image: Bool = false,
         _ children: [V] = []) {
        facts = ViewFacts(className: className, accessibilityIdentifier: ai, isSecureTextEntry: secure)
        look = ViewAppearance(frame: ViewFrame(x: x, y: y, width: width, height: height), contentFrame: content,
                              isHidden: hidden, alpha: alpha, backgroundColor: background.flatMap { RGBAColor(hex: $0) },
                              borderWidth: border, cornerRadius: corner, clipsToBounds: clips, zIndex: z, isTransformed: transformed,
                              text: text, hasImage: image)
        self.children = children
    }
}

/// A policy table: `default`, plus unmask rules by type.
func table(default action: MaskAction = .unmask, unmask unmasked: [String] = [], mask masked: [String] = []) -> DecisionTable {
    DecisionTable(policy: MaskingPolicy(default: action, rules: unmasked.map { MaskRule(.unmask, .type($0)) } + masked.map { MaskRule(.mask, .type($0)) }))
}

/// Encodes one screen with an explicit stack (as an SDK would), entering every view.
func encode(_ root: V, table: DecisionTable = table(), screen: String? = "Test", coordinates: FrameEncoder.Coordinates = .window,
            removingCovered: Bool = true) -> (ReplayFrame, EncodingStats) {
    var encoder = FrameEncoder(table: table)
    encoder.removesCoveredViews = removingCovered
    encoder.begin(screen: screen, coordinates: coordinates)
    walk(root, &encoder)
    let frame = encoder.finish()
    return (frame, encoder.stats)
}

/// Enters every view of `root` in pre-order, children included even when the encoder
/// says they draw nothing.
func walk(_ root: V, _ encoder: inout FrameEncoder) {
    var stack: [(V, Bool)] = [(root, false)]
    while let (view, visited) = stack.popLast() {
        if visited { encoder.leave(); continue }
        encoder.enter(view.facts, view.look)
        stack.append((view, true))
        for child in view.children.reversed() { stack.append((child, false)) }
    }
}

/// The frame's views as `type x y w h`.
func summary(_ frame: ReplayFrame) -> [String] {
    frame.views.map { "\($0.type.name) \($0.x) \($0.y) \($0.width) \($0.height)" + ($0.text.map { " \"\($0)\"" } ?? "") }
}
