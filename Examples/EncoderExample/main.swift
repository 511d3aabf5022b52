// A replay encoder's use of the engine: take the policy's table, then on every frame walk
// the app's own view objects with MaskingTraversal and mask what it says.
//
// The policy is app.maskpolicy.yaml beside this file: MaskPolicyPlugin compiles it at
// build time into `AppPolicy`, so a typo in it fails the build at its line, and the
// encoder links MaskEngine alone (no YAML parser on the device).
//
// Run: swift run EncoderExample
import MaskEngine

/// The encoder's own view model (in an app: UIView, read on the main thread).
final class AppView {
    let className: String
    var accessibilityIdentifier: String?
    var text: String?
    var isSecure = false
    /// Where an image view's image comes from, when the app knows: `UIImage(named:)`
    /// reads the bundle or the asset catalog (`.bundle`, `.asset`), a download is
    /// `.remote`, the camera or the photo library `.user`. Policy format 1.1's
    /// `images: mask-non-bundled` shows only the first two; nil counts as not bundled.
    var imageSource: ImageSource?
    var frame: ViewFrame
    var subviews: [AppView] = []

    init(_ className: String, id: String? = nil, text: String? = nil, frame: ViewFrame = ViewFrame(x: 0, y: 0, width: 100, height: 20), _ subviews: [AppView] = []) {
        self.className = className
        self.accessibilityIdentifier = id
        self.text = text
        self.frame = frame
        self.subviews = subviews
    }
}

/// The seed's `ReplayIdentifiable`: a label that draws its text centred in a wide frame
/// reports the frame of the text itself.
struct CenteredLabelClassifier: ViewClassifier {
    func classify(_ view: ViewFacts, frame: inout ViewFrame) -> ViewClassification? {
        guard view.className == "CenteredLabel" else { return nil }
        let textWidth = min(frame.width, 120)
        frame.x += Double(Int((frame.width - textWidth) / 2))
        frame.width = textWidth
        return ViewClassification(kind: .text, recurse: false)
    }
}

let table = AppPolicy.table

let screen = AppView("UIView", [
    AppView("UILabel", id: "home.title", text: "Today's offers"),
    AppView("UIButton", [AppView("UILabel", text: "Add to bag")]),
    AppView("UILabel", id: "profile.name", text: "Jane Appleseed"),
    AppView("UITextField", id: "login.password", text: "hunter2"),
    AppView("CenteredLabel", text: "Welcome back, Jane", frame: ViewFrame(x: 0, y: 0, width: 390, height: 20)),
])
screen.subviews[3].isSecure = true

// One traversal per encoding thread, reused across frames.
var traversal = MaskingTraversal(table: table, screen: "HomeViewController", classifier: CenteredLabelClassifier())

// Class names. A UIKit encoder passes the module-qualified name (`MyApp.PrimaryButton`,
// as NSStringFromClass gives it): policies may then name the class either way, since
// `type: PrimaryButton` selects `MyApp.PrimaryButton` (README, "Class names"). It can
// also pass the view's superclass chain, so classes the policy does not declare still
// match rules on `UIButton` or `UILabel`; the chain is the same for every view of a
// class, so compute it once per class, not once per view:
//
//     var chains: [ObjectIdentifier: (name: String, superclasses: [String])] = [:]
//     func facts(of view: UIView) -> ViewFacts {
//         let type: AnyClass = type(of: view)
//         let key = ObjectIdentifier(type)
//         let chain = chains[key] ?? {
//             var superclasses: [String] = []
//             var next: AnyClass? = class_getSuperclass(type)
//             while let current = next {
//                 superclasses.append(NSStringFromClass(current))   // UIButton, UIControl, UIView, UIResponder, NSObject
//                 next = class_getSuperclass(current)
//             }
//             let entry = (name: NSStringFromClass(type), superclasses: superclasses)
//             chains[key] = entry
//             return entry
//         }()
//         var facts = ViewFacts(className: chain.name, accessibilityIdentifier: view.accessibilityIdentifier)
//         facts.superclasses = chain.superclasses
//         return facts
//     }
//
// The engine caches its own work per class too (keep one MaskingTraversal per thread
// across frames), so after the first frame a view costs a dictionary lookup here and
// one there.

/// Encodes one frame iteratively (an explicit stack: any depth is safe).
func encode(_ root: AppView, with traversal: inout MaskingTraversal) -> [String] {
    traversal.reset(screen: "HomeViewController")
    var lines: [String] = []
    var stack: [(view: AppView, depth: Int, leaving: Bool)] = [(root, 0, false)]
    while let (view, depth, leaving) = stack.popLast() {
        if leaving { traversal.leave(); continue }
        var frame = view.frame
        let facts = ViewFacts(className: view.className, accessibilityIdentifier: view.accessibilityIdentifier, isSecureTextEntry: view.isSecure,
                              imageSource: view.imageSource)
        let decision = traversal.enter(facts, frame: &frame)
        // The engine's contract says what each field becomes: kept, `la` pattern,
        // bullets, or dropped (a placeholder marker then stands for the view).
        var shown = decision.placeholder ?? ""
        if let text = view.text, let emitted = decision.emission(for: .text).emit(text) { shown = emitted }
        let state = decision.isMasked ? "masked" : "shown"
        lines.append(String(repeating: "  ", count: depth) + "\(view.className) [\(state), level \(decision.level.rawValue)] x=\(Int(frame.x)) w=\(Int(frame.width)) \(shown)")
        stack.append((view, depth, true))
        if decision.emitsChildren {
            for child in view.subviews.reversed() { stack.append((child, depth + 1, false)) }
        }
    }
    return lines
}

for line in encode(screen, with: &traversal) { print(line) }

// The same screen as a replay frame (ReplayFrameExample.swift).
printReplayFrame(screen, table: table)
