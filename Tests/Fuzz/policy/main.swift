// libFuzzer target: policy YAML bytes -> PolicyCompiler.compile and PolicyLinter.lint.
// Built and run by scripts/fuzz (not part of Package.swift).
//
// Checks, beyond "no crash, no sanitizer report": a compilation has a table exactly when
// it has no error; every diagnostic has a line and column (1-based); a compiled table
// resolves a small tree and keeps a map masked.
import MaskEngine
import MaskPolicy

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicy(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let compilation = PolicyCompiler.compile(bytes, file: "fuzz.yaml")
    let hasError = compilation.diagnostics.contains { $0.severity == .error }
    check(compilation.failed == hasError, "table present \(!compilation.failed) but errors \(hasError)")
    if let table = compilation.table {
        // A compiled table decides a small tree without trouble.
        var tree = ViewTree(screen: "Home")
        tree.append(ViewFacts(className: "UIView", id: "root"), parent: nil)
        tree.append(ViewFacts(className: "UILabel", accessibilityIdentifier: "account.name"), parent: 0)
        tree.append(ViewFacts(className: "UIButton", restorationIdentifier: "buy", tag: 3), parent: 0)
        tree.append(ViewFacts(className: "MKMapView"), parent: 2)
        let decisions = table.resolve(tree)
        check(decisions.count == tree.count, "decision count")
        check(decisions[3].isMasked, "a map was unmasked")
        _ = table.priorityOrder.count
    }
    let report = PolicyLinter.lint(compilation, source: bytes, file: "fuzz.yaml")
    _ = report.worst
    for diagnostic in compilation.diagnostics + report.diagnostics {
        check(diagnostic.range.start.line >= 1 && diagnostic.range.start.column >= 1,
              "diagnostic without a position: \(diagnostic.rendered)")
        _ = diagnostic.rendered
    }
    return 0
}
