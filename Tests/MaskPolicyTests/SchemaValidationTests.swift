import Foundation
import MaskPolicy
import Testing

/// The JSON Schema in Policies/ describes the same format the compiler accepts: every
/// shipped policy validates against it, and policies the compiler rejects for schema
/// reasons fail it too.
@Suite("Policy JSON Schema")
struct SchemaValidationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("Policies/maskc-policy.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func shippedPolicies() -> [String] {
        let folder = root.appendingPathComponent("Policies")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".masktest.yaml") }.sorted()
    }

    /// The YAML as plain values (what a YAML-aware editor validates).
    static func value(_ node: YAMLNode) -> Any {
        switch node.content {
        case .mapping(let pairs): return Dictionary(pairs.map { ($0.name, value($0.value)) }, uniquingKeysWith: { a, _ in a })
        case .sequence(let items): return items.map(value)
        case .scalar:
            switch node.scalarValue {
            case .null?, nil: return NSNull()
            case .bool(let b)?: return b
            case .int(let n)?: return n
            case .float(let text)?: return Double(text) ?? text
            case .string(let s)?: return s
            }
        }
    }

    static func load(_ text: String) throws -> Any {
        let (root, diagnostics) = YAMLReader(file: "p.yaml").read(Array(text.utf8))
        #expect(diagnostics.isEmpty)
        return value(try #require(root))
    }

    @Test("every shipped policy has the modeline and validates", arguments: shippedPolicies())
    func shipped(_ name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Policies/\(name)"), encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=maskc-policy.schema.json\n"))
        let errors = SchemaSubset(try Self.schema()).validate(try Self.load(text))
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("schema errors the compiler reports also fail the schema", arguments: [
        "default: mask\n",
        "version: 2\ndefault: mask\n",
        "version: 1\ndefault: hide\n",
        "version: 1\ndefault: mask\nextra: 1\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { typo: UILabel }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, id: x }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { recursive: false }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n    unmask: { type: UILabel }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { tag: four }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, recursive: yes }\n",
        "version: 1\ndefault: mask\ntypes:\n  A: { extends: UIView, kind: mapp }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { id: \"\" }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, screen: \"Checkout*\" }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, screen: \"*\" }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { tag: 0 }\n",
        "version: 1\ndefault: mask\nrules:\n  - unmask: { tag: 0 }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { type: \"UI*\" }\n",
        "version: 1\ndefault: mask\ntypes:\n  A: { extends: \"UI*\" }\n",
        "version: 1.2\ndefault: mask\n",
        "version: 1.1\ndefault: mask\ndefaults: { text: hide }\n",
        "version: 1.1\ndefault: mask\ndefaults: { input: mask }\n",
        "version: 1.1\ndefault: mask\ndefaults: { text: mask-non-bundled }\n",
        "version: 1.1\ndefault: mask\ndetect: [emails]\n",
        "version: 1.1\ndefault: mask\nrules:\n  - mask: { kind: inputs }\n",
        "version: 1.1\ndefault: mask\nrules:\n  - mask: { kind: input, type: UILabel }\n",
    ])
    func rejected(_ policy: String) throws {
        #expect(PolicyCompiler.compile(policy, file: "p.yaml").failed)
        #expect(!SchemaSubset(try Self.schema()).validate(try Self.load(policy)).isEmpty)
    }

    @Test("values at the edge of what the compiler accepts pass the schema too", arguments: [
        "version: 1\ndefault: mask\nrules:\n  - mask: { tag: -7 }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { tag: 1, screen: CheckoutViewController }\n",
        "version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: \"checkout.*\" }\n",
        "version: 1.1\ndefault: mask\ndefaults: { text: unmask, inputs: mask, images: mask-non-bundled }\ndetect: [email, payment-card]\nrules:\n  - mask: { kind: input, recursive: false }\n",
    ])
    func accepted(_ policy: String) throws {
        #expect(!PolicyCompiler.compile(policy, file: "p.yaml").failed)
        #expect(SchemaSubset(try Self.schema()).validate(try Self.load(policy)).isEmpty)
    }
}

/// A validator for the subset of JSON Schema the policy schema uses: type, const, enum,
/// required, properties, additionalProperties, items, oneOf, not, minLength, pattern and
/// local $ref.
struct SchemaSubset {
    let root: [String: Any]

    init(_ root: [String: Any]) { self.root = root }

    func validate(_ value: Any) -> [String] { check(value, root, "$") }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/") else { return schema }
        var node: Any = root
        for part in ref.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] ?? [:] }
        return node as? [String: Any] ?? [:]
    }

    private func typeName(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is Bool: return "boolean"
        case is Int: return "integer"
        case is Double: return "number"
        case is String: return "string"
        case is [Any]: return "array"
        default: return "object"
        }
    }

    private func check(_ value: Any, _ raw: [String: Any], _ path: String) -> [String] {
        let schema = resolve(raw)
        var errors: [String] = []
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as? String ?? ""]
            let actual = typeName(value)
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                return ["\(path): expected \(allowed), found \(actual)"]
            }
        }
        if let constant = schema["const"] as? NSNumber, !(value is Bool),
           ((value as? Int).map(Double.init) ?? (value as? Double)) != constant.doubleValue {
            errors.append("\(path): expected \(constant)")
        }
        if let options = schema["enum"] as? [String], !options.contains(value as? String ?? "\u{0}") {
            errors.append("\(path): not one of \(options)")
        }
        if let min = schema["minLength"] as? Int, let s = value as? String, s.count < min {
            errors.append("\(path): shorter than \(min)")
        }
        if let pattern = schema["pattern"] as? String, let s = value as? String {
            let regex = try? NSRegularExpression(pattern: pattern)
            if regex?.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil {
                errors.append("\(path): does not match \(pattern)")
            }
        }
        if let negated = schema["not"] as? [String: Any], check(value, negated, path).isEmpty {
            errors.append("\(path): matches what 'not' excludes")
        }
        if let object = value as? [String: Any] {
            for key in (schema["required"] as? [String]) ?? [] where object[key] == nil { errors.append("\(path): missing \(key)") }
            let properties = (schema["properties"] as? [String: Any]) ?? [:]
            for (key, member) in object {
                if let sub = properties[key] as? [String: Any] {
                    errors += check(member, sub, "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] {
                    if let allowed = additional as? Bool, !allowed { errors.append("\(path): unexpected \(key)") }
                    if let sub = additional as? [String: Any] { errors += check(member, sub, "\(path).\(key)") }
                }
            }
        }
        if let items = schema["items"] as? [String: Any], let array = value as? [Any] {
            for (index, item) in array.enumerated() { errors += check(item, items, "\(path)[\(index)]") }
        }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let passing = options.filter { check(value, $0, path).isEmpty }.count
            if passing != 1 { errors.append("\(path): matches \(passing) of oneOf, expected exactly 1") }
        }
        return errors
    }
}
