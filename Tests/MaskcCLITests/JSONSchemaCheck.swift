import Foundation

/// Validates JSON against the JSON Schemas in Docs/schemas: the keywords those schemas
/// use (`type`, `const`, `enum`, `properties`, `required`, `additionalProperties`,
/// `items`, `minimum`, `allOf`, `oneOf`, local `$ref`), each checked as JSON Schema
/// 2020-12 defines it. A schema using any other keyword is refused, so a schema cannot
/// grow a constraint these tests silently skip.
struct JSONSchemaCheck {
    let root: [String: Any]

    static let known: Set<String> = ["$schema", "$id", "title", "description", "type", "const", "enum", "properties", "required",
                                     "additionalProperties", "items", "minimum", "allOf", "oneOf", "$ref", "$defs"]

    /// Loads a schema from the package root.
    init(path: String) throws {
        let data = try Data(contentsOf: CLIHarness.root.appendingPathComponent(path))
        root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Every violation of the schema by `text`, as `JSON path: problem`; empty when valid.
    func violations(of text: String) throws -> [String] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        var found: [String] = []
        check(value, against: root, at: "$", into: &found)
        return found
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return schema }
        let name = String(ref.dropFirst("#/$defs/".count))
        return (root["$defs"] as? [String: Any])?[name] as? [String: Any] ?? ["unresolved": ref]
    }

    private static func typeName(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let number = value as? NSNumber {
            // Booleans are numbers of Objective-C type `c` (char) on every platform.
            if String(cString: number.objCType) == "c" { return "boolean" }
            return number.doubleValue.rounded() == number.doubleValue ? "integer" : "number"
        }
        if value is String { return "string" }
        if value is [Any] { return "array" }
        if value is [String: Any] { return "object" }
        return "unknown"
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        (a as? NSObject)?.isEqual(b) ?? false
    }

    private func check(_ value: Any, against given: Any, at path: String, into found: inout [String]) {
        if let flag = given as? Bool {
            if !flag { found.append("\(path): not allowed") }
            return
        }
        guard let raw = given as? [String: Any] else { found.append("\(path): schema is not an object"); return }
        let schema = resolve(raw)
        for key in schema.keys where !Self.known.contains(key) { found.append("\(path): schema keyword '\(key)' is not supported") }
        let type = Self.typeName(value)
        if let expected = schema["type"] {
            let allowed = (expected as? [String]) ?? [(expected as? String) ?? ""]
            if !allowed.contains(type) && !(type == "integer" && allowed.contains("number")) {
                found.append("\(path): expected \(allowed.joined(separator: " or ")), found \(type)")
                return
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) { found.append("\(path): expected \(constant)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
            found.append("\(path): \(value) is not one of \(options)")
        }
        if let minimum = schema["minimum"] as? NSNumber, let number = value as? NSNumber, type == "integer" || type == "number",
           number.doubleValue < minimum.doubleValue {
            found.append("\(path): \(number) is below \(minimum)")
        }
        for part in schema["allOf"] as? [Any] ?? [] { check(value, against: part, at: path, into: &found) }
        if let options = schema["oneOf"] as? [Any] {
            let passing = options.filter { option in
                var sub: [String] = []
                check(value, against: option, at: path, into: &sub)
                return sub.isEmpty
            }
            if passing.count != 1 { found.append("\(path): matches \(passing.count) of oneOf's \(options.count) schemas") }
        }
        if let object = value as? [String: Any], type == "object" {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil { found.append("\(path): missing '\(name)'") }
            // `allOf` members' properties count as evaluated (what `unevaluatedProperties`
            // would see); these schemas combine a diagnostic with a `suppression` this way.
            var evaluated = Set(properties.keys)
            for part in schema["allOf"] as? [Any] ?? [] {
                if let sub = part as? [String: Any] { evaluated.formUnion((resolve(sub)["properties"] as? [String: Any] ?? [:]).keys) }
            }
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if let sub = properties[name] {
                    check(member, against: sub, at: "\(path).\(name)", into: &found)
                } else if let extra = schema["additionalProperties"], !evaluated.contains(name) {
                    check(member, against: extra, at: "\(path).\(name)", into: &found)
                }
            }
        }
        if let array = value as? [Any], type == "array", let items = schema["items"] {
            for (index, item) in array.enumerated() { check(item, against: items, at: "\(path)[\(index)]", into: &found) }
        }
    }
}
