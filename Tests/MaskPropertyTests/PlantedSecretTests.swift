import Testing
import MaskEngine
import MaskJSON
import MaskTestSupport

/// Issue 16's class of leak, closed by property: secrets planted where the output must
/// never carry them (secure views and everything inside them, masked views' unknown
/// fields and keys, the wrapper), as strings and numbers, under plain and escaped keys,
/// under generated policies. None may reach the output bytes.
@Suite("Planted secrets")
struct PlantedSecretTests {
    static let cases = 300

    /// Ways to mark a view secure, as facts (written to JSON by `CaseTree.json`).
    static let markers: [@Sendable (inout ViewFacts) -> Void] = [
        { $0.isSecureTextEntry = true },
        { $0.textContentType = "new-password" }, { $0.textContentType = "cc-csc" }, { $0.textContentType = "Password" },
        { $0.inputType = 0x81 }, { $0.inputType = 0x12 }, { $0.inputType = 0xE1 }, { $0.inputType = 0x80091 },
        { $0.autofillHints = ["emailAddress", "password"] }, { $0.autofillHints = ["smsOTPCode"] },
    ]

    /// A planted case: the tree's JSON, the secrets that must not be written, and the
    /// views planted as secure.
    struct Planted {
        var generated: CaseTree
        var json: String
        var secrets: [String]
        var secureViews: Set<Int>
    }

    static func plant(seed: UInt64) -> Planted {
        var generated = Gen.tree(seed: seed)
        var rng = SplitMix64(seed: seed ^ 0x5EC2_E75E)
        var secrets: [String] = []
        var counter = 0
        func secretString() -> String { counter += 1; return "PLANTED\(seed)x\(counter)q" }
        func secretNumber() -> Int { counter += 1; return 7_300_000_000 + Int(seed % 1000) * 100_000 + counter * 37 }
        var secureViews: Set<Int> = []
        for view in generated.views.indices where Int.random(in: 0..<5, using: &rng) == 0 {
            Self.markers[Int.random(in: 0..<Self.markers.count, using: &rng)](&generated.views[view].facts)
            secureViews.insert(view)
        }
        // Unknown fields everywhere, under plain and escaped keys; text under an escaped `text`.
        for view in generated.views.indices {
            let s1 = secretString(), s2 = secretString(), key = secretString(), number = secretNumber(), text = secretString()
            generated.views[view].unknown.append(("hint", .s(s1)))
            generated.views[view].unknown.append(("ESCAPEDKEY", .obj([(key, .s(s2)), ("amount", .n(number))])))
            generated.views[view].unknown.append(("ESCAPEDTEXT", .s(text)))
            secrets += [s1, s2, key, String(number), text]
        }
        let wrapperSecret = secretString(), wrapperNumber = secretNumber()
        generated.wrapperExtras.append(("ESCAPEDWRAP", .obj([("device", .s(wrapperSecret)), ("id", .n(wrapperNumber))])))
        var json = generated.json
        json = json.replacing(#""ESCAPEDKEY""#, with: #""m\u0065ta""#)
        json = json.replacing(#""ESCAPEDTEXT""#, with: #""t\u0065xt""#)
        json = json.replacing(#""ESCAPEDWRAP""#, with: #""d\u0065vice""#)
        if Bool.random(using: &rng) { json = json.replacing(#"{"screen":"#, with: #"{"scr\u0065en":"#) }
        return Planted(generated: generated, json: json, secrets: [wrapperSecret, String(wrapperNumber)] + secrets, secureViews: secureViews)
    }

    /// The secrets of the views that must be masked, and the wrapper's.
    static func mustNotLeak(_ planted: Planted, _ decisions: [MaskDecision]) -> [String] {
        var result = Array(planted.secrets.prefix(2))
        for view in planted.generated.views.indices where decisions[view].isMasked {
            result += planted.secrets[(2 + view * 5)..<(2 + view * 5 + 5)]
        }
        return result
    }

    @Test("secure views, everything inside them and masked views leak no planted string, number or key")
    func noPlantedSecretReachesTheOutput() throws {
        var failures = 0
        for seed in 0..<UInt64(Self.cases) {
            let planted = Self.plant(seed: seed &+ 70_000)
            let tree = planted.generated.tree
            let policy = Gen.policy(for: tree, seed: seed &+ 70_000)
            let masker = TreeMasker(table: DecisionTable(policy: policy))
            let input = Array(planted.json.utf8)
            let document = try masker.read(input, file: "in.json")
            #expect(document.tree.views == tree.views && document.tree.screen == tree.screen, "seed \(seed): reads back as generated")
            let decisions = masker.decide(document)
            // Secure views and their descendants are masked whatever the policy says,
            // checked against the plant, not the engine.
            for view in tree.views.indices {
                var ancestor = view, secure = false
                while ancestor >= 0 && !secure { secure = planted.secureViews.contains(ancestor); ancestor = Int(tree.parents[ancestor]) }
                if secure && !(decisions[view].isMasked && decisions[view].isSecure) {
                    Issue.record("seed \(seed) view \(view): inside a secure view but \(decisions[view])")
                }
            }
            let output = try masker.apply(input, file: "in.json")
            for secret in Self.mustNotLeak(planted, decisions) where occurs(Array(secret.utf8), in: output) {
                failures += 1
                if failures < 10 { Issue.record("seed \(seed): \(secret) written:\n\(String(decoding: output, as: UTF8.self))") }
            }
            // The explaining output leaks no more.
            let explained = try TreeMasker(table: masker.table, options: EmitOptions(explain: true)).apply(input, file: "in.json")
            for secret in Self.mustNotLeak(planted, decisions) where occurs(Array(secret.utf8), in: explained) {
                failures += 1
                if failures < 10 { Issue.record("seed \(seed) (--explain): \(secret) written") }
            }
        }
    }
}
