// libFuzzer target: tree JSON bytes -> TreeMasker read, decide, write, with a fixed
// policy that uses every selector kind (type, id on index paths and ids, accessibility
// and restoration identifiers, tag, reliable targets in both forms, globs, a screen,
// non-recursive rules, policy types with a kind and `recurse: false`).
// Built and run by scripts/fuzz (not part of Package.swift).
//
// When the input reads as a tree, checks that:
//   - the output is valid JSON (JSONReader.parse) and reads back as a tree;
//   - the emitted views of the output are, in order, the emitted views of the input;
//   - re-applying the policy to the output is idempotent for masked views: each view
//     masked in the first pass is masked again and its own members (children aside)
//     come out byte for byte the same.
import MaskEngine
import MaskJSON

let policy = MaskingPolicy(
    default: .unmask,
    classes: [
        ClassDeclaration("PriceLabel", extends: "UILabel", kind: .text),
        ClassDeclaration("ChartView", extends: "UIView", kind: .image, recurse: false),
        ClassDeclaration("Secret", extends: "UIView", kind: .secureText),
    ],
    rules: [
        MaskRule(.mask, .type("UILabel")),
        MaskRule(.unmask, .type("UIButton")),
        MaskRule(.mask, .type("UIImageView"), recursive: false),
        MaskRule(.mask, .type("UITextField"), screen: "Home"),
        MaskRule(.mask, .id(GlobPattern("0.1*"))),
        MaskRule(.unmask, .id(GlobPattern("root"))),
        MaskRule(.mask, .id(GlobPattern("v*"))),
        MaskRule(.mask, .accessibilityIdentifier(GlobPattern("account.*"))),
        MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("home.*")), recursive: false),
        MaskRule(.mask, .accessibilityIdentifier(GlobPattern("*.name"))),
        MaskRule(.mask, .restorationIdentifier(GlobPattern("card"))),
        MaskRule(.unmask, .restorationIdentifier(GlobPattern("list*")), screen: "Home"),
        MaskRule(.unmask, .tag(7)),
        MaskRule(.mask, .tag(3), recursive: false),
        MaskRule(.mask, .target(GlobPattern("UIButton[ai:*buy]"))),
        MaskRule(.mask, .target(GlobPattern("[root]>UIView:eq(0)>*"))),
        MaskRule(.unmask, .target(GlobPattern("*[tg:12]"))),
    ])
let masker = TreeMasker(table: DecisionTable(policy: policy))
/// The same policy without `target` and index-path rules: `apply` then hands views to
/// the engine as bytes (`RawViewFacts`), which must decide as `ViewFacts` do.
let bytesMasker = TreeMasker(table: DecisionTable(policy: MaskingPolicy(
    default: policy.defaultAction, classes: policy.classes,
    rules: policy.rules.filter { rule in
        switch rule.selector {
        case .target: return false
        case .id(let pattern): return pattern.text == "root" || pattern.text == "v*"
        default: return true
        }
    })))

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

/// The views that are written: those below no view whose children are left out.
func emitted(_ document: TreeDocument, _ decisions: [MaskDecision]) -> [Int] {
    var shown = [Bool](repeating: false, count: document.tree.count)
    var result: [Int] = []
    for view in 0..<document.tree.count {
        let parent = Int(document.tree.parents[view])
        shown[view] = parent < 0 || (shown[parent] && decisions[parent].emitsChildren)
        if shown[view] { result.append(view) }
    }
    return result
}

/// A view object's own members, children aside, token by token with raw bytes.
func ownMembers(_ tape: JSONTape, _ objectStart: Int) -> [UInt8] {
    var out: [UInt8] = []
    var k = objectStart + 1
    while tape.tokens[k].kind != .objectEnd {
        let end = tape.end(ofValueAt: k + 1)
        if tape.string(k) != "children" {
            for t in k..<end {
                out.append(tape.tokens[t].kind.rawValue)
                if tape.tokens[t].kind == .string || tape.tokens[t].kind == .number {
                    out.append(contentsOf: tape.raw(t))
                    out.append(0xFF)
                }
            }
        }
        k = end
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTree(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = try? masker.read(bytes, file: "fuzz.json") else { return 0 }
    let decisions = masker.decide(first)
    check(decisions.count == first.tree.count, "one decision per view")
    var out: [UInt8] = []
    masker.write(first, decisions: decisions, to: &out, flush: { _ in })

    // `apply` (decisions made while reading, geometry kept as one token) writes what
    // read, decide and write token by token do; with views read as bytes too.
    guard let applied = try? masker.apply(bytes, file: "fuzz.json") else { fatalError("fuzz check failed: apply refused a tree read accepts") }
    check(applied == out + [0x0A], "apply differs from read + decide + write")
    check(!bytesMasker.table.usesTargets && !bytesMasker.table.usesIDs, "the bytes policy must not need paths")
    guard let (_, streamed) = try? bytesMasker.readDeciding(bytes, file: "fuzz.json") else { fatalError("fuzz check failed: readDeciding refused a tree read accepts") }
    let plainDecisions = bytesMasker.decide(first)
    check(streamed == plainDecisions, "decisions from bytes differ from decisions from ViewFacts")
    var plainOut: [UInt8] = []
    bytesMasker.write(first, decisions: plainDecisions, to: &plainOut, flush: { _ in })
    check((try? bytesMasker.apply(bytes, file: "fuzz.json")) == plainOut + [0x0A], "apply from bytes differs from read + decide + write")

    do {
        _ = try JSONReader.parse(out)
    } catch {
        fatalError("fuzz check failed: output is not JSON: \(error.message) at \(error.path) offset \(error.offset)")
    }
    let second: TreeDocument
    do {
        second = try masker.read(out, file: "output.json")
    } catch {
        fatalError("fuzz check failed: output does not read as a tree: \(error)")
    }
    let again = masker.decide(second)
    var out2: [UInt8] = []
    masker.write(second, decisions: again, to: &out2, flush: { _ in })

    let shown = emitted(first, decisions)
    check(shown.count == second.tree.count, "output has \(second.tree.count) views, expected \(shown.count)")
    for (j, view) in shown.enumerated() {
        check(first.tree.views[view].className == second.tree.views[j].className, "view \(view) class changed")
        guard decisions[view].isMasked else { continue }
        check(again[j].isMasked, "view \(view) masked in the first pass, not in the second")
    }
    // Compare the masked views of pass 1's output with pass 2's output.
    guard let third = try? masker.read(out2, file: "output2.json") else { fatalError("fuzz check failed: second output does not read") }
    let tape1 = second.tape, tape2 = third.tape
    check(third.tree.count == second.tree.count, "second output has a different number of views")
    for (j, view) in shown.enumerated() where decisions[view].isMasked {
        let a = ownMembers(tape1, Int(second.viewTokens[j]))
        let b = ownMembers(tape2, Int(third.viewTokens[j]))
        check(a == b, "masked view \(view) changed when masked again")
    }
    return 0
}
