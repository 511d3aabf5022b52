extension TableFormat {
    /// The table form of `policy`: header, then body (strings, default, classes, rules,
    /// and for a policy in format 1.1 the defaults and detectors; ``version(of:)``).
    ///
    /// Deterministic: the same policy gives the same bytes. Strings are numbered in the
    /// order they are first used.
    /// - Complexity: O(n) in the size of the policy.
    public static func encode(_ policy: MaskingPolicy) -> [UInt8] {
        let version = version(of: policy)
        var strings = StringNumbering()
        var records: [UInt8] = []
        records.append(code(policy.defaultAction))
        append(UInt32(truncatingIfNeeded: policy.classes.count), to: &records)
        for declaration in policy.classes {
            append(strings.number(declaration.name), to: &records)
            append(strings.number(declaration.superclass), to: &records)
            records.append(code(declaration.kind))
            records.append(declaration.recurse.map { $0 ? 1 : 0 } ?? unset)
            append(declaration.origin, strings: &strings, to: &records)
        }
        append(UInt32(truncatingIfNeeded: policy.rules.count), to: &records)
        for rule in policy.rules {
            records.append(code(rule.action))
            records.append(code(rule.selector.key))
            if case .kind(let kind) = rule.selector {
                append(strings.number(kind.rawValue), to: &records)
            } else if case .tag(let number) = rule.selector {
                let value = UInt64(bitPattern: Int64(number))
                append(UInt32(truncatingIfNeeded: value), to: &records)
                append(UInt32(truncatingIfNeeded: value >> 32), to: &records)
            } else {
                append(strings.number(rule.selector.value), to: &records)
            }
            records.append(rule.recursive ? 1 : 0)
            if version >= lockVersion { records.append(rule.locked ? 1 : 0) }
            append(strings.number(rule.screen), to: &records)
            append(strings.number(rule.reason), to: &records)
            append(rule.origin, strings: &strings, to: &records)
        }
        if version >= 2 {
            // The format 1.1 section: per-dimension defaults, then the detectors.
            records.append(policy.defaults.text.map(code) ?? unset)
            records.append(policy.defaults.inputs.map(code) ?? unset)
            records.append(code(policy.defaults.images))
            append(UInt32(truncatingIfNeeded: policy.detectors.count), to: &records)
            records.append(contentsOf: policy.detectors.map(\.code))
        }
        var body: [UInt8] = []
        append(UInt32(truncatingIfNeeded: strings.all.count), to: &body)
        for string in strings.all {
            append(UInt32(truncatingIfNeeded: string.utf8.count), to: &body)
            body.append(contentsOf: string.utf8)
        }
        body.append(contentsOf: records)
        var table = magic
        table.append(UInt8(truncatingIfNeeded: version))
        table.append(UInt8(truncatingIfNeeded: version >> 8))
        table.append(contentsOf: [0, 0])
        append(UInt32(truncatingIfNeeded: body.count), to: &table)
        table.append(contentsOf: SHA256.digest(body))
        table.append(contentsOf: body)
        return table
    }

    private static func append(_ origin: RuleOrigin?, strings: inout StringNumbering, to out: inout [UInt8]) {
        append(strings.number(origin?.file), to: &out)
        append(UInt32(clamping: origin?.line ?? 0), to: &out)
        append(UInt32(clamping: origin?.column ?? 0), to: &out)
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value >> 16))
        out.append(UInt8(truncatingIfNeeded: value >> 24))
    }
}

/// Distinct strings in order of first use.
/// Keyed by the strings' UTF-8 bytes, not by `String` equality: Swift's `==` treats
/// canonically equivalent spellings as equal (`café` composed and `cafe` + U+0301), the
/// engine compares bytes, so a `String` key would store one spelling for both and a
/// rule on the other would select nothing (a table masking less than its YAML).
private struct StringNumbering {
    var all: [String] = []
    var numbers: [[UInt8]: UInt32] = [:]

    mutating func number(_ string: String?) -> UInt32 {
        guard let string else { return TableFormat.none }
        let bytes = Array(string.utf8)
        if let known = numbers[bytes] { return known }
        let number = UInt32(truncatingIfNeeded: all.count)
        numbers[bytes] = number
        all.append(string)
        return number
    }
}
