// libFuzzer target: reliable-target syntax check and glob matching.
// Built and run by scripts/fuzz (not part of Package.swift).
//
// The input is split at its first NUL byte into a pattern and a value (no NUL: the whole
// input is both). Checks, beyond "no crash":
//   - ReliableTarget.syntaxProblem runs on the pattern and the value;
//   - GlobPattern.matches agrees with a plain backtracking matcher over UTF-8 bytes;
//   - a pattern matches its own text with every `*` removed, and the value itself when
//     it has no `*`;
//   - a target the engine builds from facts drawn from the input (split at spaces:
//     class, identifier, screen, tag) passes syntaxProblem when those parts are plain.
import MaskEngine

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

/// `*` matches any run of bytes; everything else matches itself. Dynamic programming,
/// O(n·m), written straight from the definition.
func referenceMatch(_ pattern: [UInt8], _ value: [UInt8]) -> Bool {
    var row = [Bool](repeating: false, count: value.count + 1)  // row[j]: pattern[..<i] matches value[..<j]
    row[0] = true
    for p in pattern {
        var next = [Bool](repeating: false, count: value.count + 1)
        if p == UInt8(ascii: "*") {
            var any = false
            for j in 0...value.count { any = any || row[j]; next[j] = any }
        } else {
            for j in 0..<value.count where row[j] && value[j] == p { next[j + 1] = true }
        }
        row = next
    }
    return row[value.count]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: min(size, 4096)))
    let split = bytes.firstIndex(of: 0)
    let patternBytes = split.map { Array(bytes[..<$0]) } ?? bytes
    let valueBytes = split.map { Array(bytes[($0 + 1)...]) } ?? bytes
    // Policies and trees hold valid UTF-8 only (both readers reject the rest).
    let pattern = String(decoding: patternBytes, as: UTF8.self)
    let value = String(decoding: valueBytes, as: UTF8.self)

    _ = ReliableTarget.syntaxProblem(pattern)
    _ = ReliableTarget.syntaxProblem(value)

    let glob = GlobPattern(pattern)
    let expected = referenceMatch(Array(pattern.utf8), Array(value.utf8))
    check(glob.matches(value) == expected, "GlobPattern(\(pattern.debugDescription)).matches(\(value.debugDescription)) == \(!expected)")
    check(glob.matches(String(decoding: pattern.utf8.filter { $0 != UInt8(ascii: "*") }, as: UTF8.self)), "pattern does not match itself without stars")
    if !value.utf8.contains(UInt8(ascii: "*")) { check(GlobPattern(value).matches(value), "exact pattern does not match itself") }
    check(glob.isExact == !pattern.utf8.contains(UInt8(ascii: "*")), "isExact")
    check(glob.matchesEverything == (!pattern.isEmpty && pattern.utf8.allSatisfy { $0 == UInt8(ascii: "*") }), "matchesEverything")

    // A target built by the engine is well-formed when its parts are plain.
    let parts = value.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    // Plain: ASCII letters, digits, `.`, `_`, `-`. (syntaxProblem splits on Characters,
    // so a part starting with a combining mark glues onto the `>` or `[` before it and
    // the engine's own target is rejected: e.g. "[root]>\u{301}A[ri:x]". Reported; kept
    // out of this check so the fuzzer keeps looking for other problems.)
    let plain: (String) -> Bool = { part in
        !part.isEmpty && part.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
        }
    }
    if parts.count >= 2, plain(parts[0]), plain(parts[1]) {
        let screen = parts.count > 2 && plain(parts[2]) ? parts[2] : nil
        let tag = parts.count > 3 ? Int(parts[3]) : nil
        let withRI = ViewFacts(className: parts[0], restorationIdentifier: parts[1], tag: tag)
        let withTag = ViewFacts(className: parts[0], tag: tag)
        let withAI = ViewFacts(className: parts[0], accessibilityIdentifier: parts[1])
        let (ri, riPath) = ReliableTarget.target(of: withRI, parentPath: ReliableTarget.root, sameClassIndex: 0, screen: screen)
        let (tg, _) = ReliableTarget.target(of: withTag, parentPath: riPath, sameClassIndex: Int(bytes.count), screen: screen)
        let (ai, _) = ReliableTarget.target(of: withAI, parentPath: riPath, sameClassIndex: 1, screen: screen)
        for target in [ri, tg, ai] {
            check(ReliableTarget.syntaxProblem(target) == nil,
                  "engine-built target \(target.debugDescription) rejected: \(ReliableTarget.syntaxProblem(target) ?? "")")
            check(GlobPattern(target).matches(target), "target does not match itself")
        }
    }
    return 0
}
