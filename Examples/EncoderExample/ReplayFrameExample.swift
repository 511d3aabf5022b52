// The same screen as a replay frame: `ReplayEncoder` decides each view through the
// engine, sends text only where the policy keeps it, and packs each view into the
// seed's 5-to-9-byte PDU.
import MaskEngine
import ReplayEncoder

/// Encodes `root` as one frame of a session stream and prints it: the bytes, then the
/// frame as a player decodes it.
func printReplayFrame(_ root: AppView, table: DecisionTable) {
    var encoder = FrameEncoder(table: table, classifier: CenteredLabelClassifier())
    encoder.begin(screen: "HomeViewController", timestamp: 0)
    var stack: [(view: AppView, leaving: Bool)] = [(root, false)]
    while let (view, leaving) = stack.popLast() {
        if leaving { encoder.leave(); continue }
        let facts = ViewFacts(className: view.className, accessibilityIdentifier: view.accessibilityIdentifier, isSecureTextEntry: view.isSecure,
                              imageSource: view.imageSource)
        let drawsChildren = encoder.enter(facts, ViewAppearance(frame: view.frame, text: view.text))
        stack.append((view, true))
        if drawsChildren {
            for child in view.subviews.reversed() { stack.append((child, false)) }
        }
    }
    var stream = ReplayStreamWriter()
    stream.append(encoder.finish())
    let bytes = stream.takeBytes()
    print("replay frame, \(bytes.count) bytes:", bytes.map { hex($0) }.joined(separator: " "))
    do {
        for decoded in try ReplayDecoder.decode(bytes) {
            for view in decoded.frame.views {
                print("  \(view.type.name) x=\(view.x) y=\(view.y) w=\(view.width) h=\(view.height)" + (view.text.map { " \"\($0)\"" } ?? ""))
            }
        }
    } catch {
        print("cannot decode: \(error.message)")
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
