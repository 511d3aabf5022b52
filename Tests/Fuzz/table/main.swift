// libFuzzer target: the portable table loader (DecisionTable(serialized:)).
// Built and run by scripts/fuzz (not part of Package.swift).
//
// An input starting with `MTAB` is loaded as a whole table; any other input is taken
// as a table's body and given a valid header and digest first, so the fuzzer reaches
// the body's checks instead of stopping at the digest. Checks, beyond "no crash":
//   - a table that loads re-encodes to a table that loads to the same policy;
//   - the loaded table decides every view of a small fixed tree.
import MaskEngine

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

/// A header for `body`: magic, version, no flags, length, SHA-256.
func sealed(_ body: [UInt8]) -> [UInt8] {
    var table = TableFormat.magic + [UInt8(truncatingIfNeeded: TableFormat.version), UInt8(truncatingIfNeeded: TableFormat.version >> 8), 0, 0]
    let length = UInt32(truncatingIfNeeded: body.count)
    for shift in stride(from: UInt32(0), to: 32, by: 8) { table.append(UInt8(truncatingIfNeeded: length >> shift)) }
    return table + SHA256.digest(body) + body
}

let tree: ViewTree = {
    var tree = ViewTree(screen: "Home")
    tree.append(ViewFacts(className: "UIView", id: "root"), parent: nil)
    tree.append(ViewFacts(className: "UILabel", accessibilityIdentifier: "home.title"), parent: 0)
    tree.append(ViewFacts(className: "UIButton", tag: 3), parent: 0)
    tree.append(ViewFacts(className: "MapboxMapView", restorationIdentifier: "card"), parent: 2)
    return tree
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let bytes = input.starts(with: TableFormat.magic) ? input : sealed(input)
    guard let policy = try? TableFormat.decode(bytes) else { return 0 }
    let again = TableFormat.encode(policy)
    check((try? TableFormat.decode(again)) == policy, "a loaded policy does not survive re-encoding")
    guard let table = try? DecisionTable(serialized: bytes) else {
        check(false, "decode succeeded but DecisionTable(serialized:) failed")
        return 0
    }
    check(table.resolve(tree).count == tree.count, "not every view was decided")
    return 0
}
