import Testing
import MaskEngine
import MaskPolicy
import MaskTestSupport

/// The portable table over generated policies: it decides as the compiled table does,
/// and damage of any kind is refused with an error, never a crash.
@Suite("Portable tables")
struct TableFormatPropertyTests {
    static let cases = 200

    /// A compiled policy as the front end makes it: with origins and reasons.
    static func compiledPolicy(seed: UInt64, rules: Int) -> MaskingPolicy {
        var generator = PolicyGenerator(seed: seed)
        let yaml = PolicyGenerator.yaml(generator.policy(rules: rules, targets: true, default: seed % 2 == 0 ? .mask : .unmask))
        return PolicyCompiler.compile(yaml, file: "policies/generated-\(seed).yaml").parsed?.policy ?? MaskingPolicy()
    }

    @Test("a loaded table decides every view as the table compiled from the same policy")
    func sameDecisions() throws {
        for seed in 0..<UInt64(Self.cases) {
            let tree = Gen.tree(seed: seed).tree
            let policy = Gen.policy(for: tree, seed: seed)
            let loaded = try DecisionTable(serialized: TableFormat.encode(policy))
            #expect(try TableFormat.decode(TableFormat.encode(policy)) == policy, "seed \(seed)")
            #expect(loaded.resolve(tree) == DecisionTable(policy: policy).resolve(tree), "seed \(seed)")
        }
    }

    @Test("a compiled policy with origins and reasons comes back whole")
    func compiledRoundTrip() throws {
        for seed in 0..<UInt64(20) {
            let policy = Self.compiledPolicy(seed: seed, rules: 40)
            #expect(!policy.rules.isEmpty && policy.rules.allSatisfy { $0.origin != nil })
            #expect(try TableFormat.decode(TableFormat.encode(policy)) == policy, "seed \(seed)")
        }
    }

    @Test("every truncated prefix of a table is refused")
    func truncation() {
        for seed in 0..<UInt64(4) {
            let bytes = TableFormat.encode(Self.compiledPolicy(seed: seed, rules: 12))
            for length in 0..<bytes.count {
                #expect(throws: TableFormatError.self, "seed \(seed), \(length) of \(bytes.count) bytes") {
                    try DecisionTable(serialized: Array(bytes[..<length]))
                }
            }
        }
    }

    @Test("every single-byte change of a small table is refused: every position, every other value")
    func everyByteEveryValue() {
        let bytes = TableFormat.encode(MaskingPolicy(default: .mask, classes: [ClassDeclaration("A", extends: "UILabel")],
                                                     rules: [MaskRule(.unmask, .tag(3), reason: "r", origin: RuleOrigin(file: "p", line: 2, column: 5))]))
        var refused = 0
        for position in bytes.indices {
            for value in 0...255 where UInt8(value) != bytes[position] {
                var damaged = bytes
                damaged[position] = UInt8(value)
                if (try? TableFormat.decode(damaged)) == nil { refused += 1 }
            }
        }
        #expect(refused == bytes.count * 255)
    }

    @Test("every single-byte change of larger tables is refused (every position, two changes each)")
    func corruption() {
        for seed in 0..<UInt64(2) {
            let bytes = TableFormat.encode(Self.compiledPolicy(seed: seed, rules: 12))
            for position in bytes.indices {
                for flip: UInt8 in [0x01, 0xA0] {
                    var damaged = bytes
                    damaged[position] ^= flip
                    #expect(throws: TableFormatError.self, "seed \(seed), byte \(position) ^ \(flip)") {
                        try DecisionTable(serialized: damaged)
                    }
                }
            }
        }
    }

    @Test("a damaged body with a recomputed digest is refused or loads a table that works: never a crash")
    func resealedDamage() throws {
        let tree = Gen.tree(seed: 7).tree
        for seed in 0..<UInt64(1) {
            let bytes = TableFormat.encode(Self.compiledPolicy(seed: seed, rules: 6))
            for position in TableFormat.headerSize..<bytes.count {
                for value: UInt8 in [0x00, 0x01, 0x06, 0x80, 0xFF, bytes[position] ^ 0x40] where value != bytes[position] {
                    var damaged = bytes
                    damaged[position] = value
                    damaged = TableBytes.resealed(damaged)
                    guard let table = try? DecisionTable(serialized: damaged) else { continue }
                    #expect(table.resolve(tree).count == tree.count)
                }
            }
        }
    }
}
