// libFuzzer target: CaptureImporter.detect + convert on arbitrary bytes.
// Built and run by scripts/fuzz (not part of Package.swift).
//
// Checks, beyond "no crash": detection is deterministic; a successful conversion of an
// XML or Rico capture is valid JSON (JSONReader.parse) that TreeMasker reads as a tree,
// and converting the JSON again (detected as maskc JSON) returns it unchanged.
import MaskEngine
import MaskJSON
import MaskImport

let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy(default: .mask)))

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let format = CaptureImporter.detect(bytes)
    check(CaptureImporter.detect(bytes) == format, "detect is not deterministic")
    // Every format, detected or not: the converters must reject, not crash.
    for candidate in CaptureFormat.allCases {
        guard let json = try? CaptureImporter.convert(bytes, format: candidate, file: "fuzz") else { continue }
        if candidate == .json {
            check(json == bytes, "json pass-through changed the bytes")
            continue
        }
        do {
            _ = try JSONReader.parse(json)
        } catch {
            fatalError("fuzz check failed: \(candidate) output is not JSON: \(error.message) at \(error.path)")
        }
        do {
            let masked = try masker.apply(json, file: "converted.json")
            _ = try JSONReader.parse(Array(masked.dropLast()))
        } catch {
            fatalError("fuzz check failed: \(candidate) output is not a readable tree: \(error)")
        }
        check(CaptureImporter.detect(json) == .format(.json), "\(candidate) output is not detected as maskc JSON")
    }
    return 0
}
