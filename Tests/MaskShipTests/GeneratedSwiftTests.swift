import Foundation
import Testing
import MaskEngine
import MaskPolicy

/// The generated Swift compiled into this target is what `maskc compile --emit swift`
/// writes today, byte for byte (golden files; `RECORD_SNAPSHOTS=1` re-records, then
/// read the diff).
@Suite("Generated Swift")
struct GeneratedSwiftTests {
    @Test("the generated Swift of every shipped policy is the golden file compiled into this target", arguments: ShippedPolicy.all)
    func golden(_ policy: ShippedPolicy) throws {
        let compiled = try policy.compiled()
        let emitted = SwiftPolicyEmitter.emit(compiled.policy, typeName: policy.typeName, source: policy.path,
                                              digest: SHA256.hex(SHA256.digest(compiled.bytes)))
        let file = packageRoot.appendingPathComponent("Tests/MaskShipTests/Generated/\(policy.typeName).swift")
        if recording {
            try emitted.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        if golden != emitted {
            let old = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let new = emitted.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
            Issue.record("""
                Generated/\(policy.typeName).swift differs from what \(policy.path) generates now, from line \(first + 1):
                - \(first < old.count ? old[first] : "<end>")
                + \(first < new.count ? new[first] : "<end>")
                (re-record with RECORD_SNAPSHOTS=1 and rebuild)
                """)
        }
        #expect(policy.generatedDigest == SHA256.hex(SHA256.digest(compiled.bytes)))
    }

    @Test("every policy in Policies/ has generated Swift here")
    func everyPolicyIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Policies").path)
        let policies = files.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".masktest.yaml") }.map { "Policies/" + $0 }.sorted()
        let listed = ShippedPolicy.all.map(\.path).filter { $0.hasPrefix("Policies/") }.sorted()
        #expect(policies == listed, "add the policy to ShippedPolicy.all and record its Generated/ file")
    }

    @Test("generated code keeps rule positions, so decisions name the policy's lines")
    func origins() throws {
        let rule = try #require(RetailAppPolicy.table.rules.first)
        #expect(rule.origin?.description == "Policies/retail-app.yaml:10:5")
        #expect(RetailAppPolicy.table.rules.map(\.origin) == (try ShippedPolicy.all[1].compiled().table.rules.map(\.origin)))
    }
}
