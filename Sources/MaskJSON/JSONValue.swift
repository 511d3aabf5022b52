/// A small JSON value for the reports maskc writes itself (tables, diagnostics,
/// summaries). Objects are written with sorted keys, so output is deterministic.
/// Strings escape every control of ``ReportText/isControl(_:)``, not only the C0
/// controls JSON requires, so a report read on a terminal shows no raw control.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as text: pretty-printed with two-space indents, or compact.
    public func rendered(pretty: Bool = true) -> String {
        var out: [UInt8] = []
        write(to: &out, pretty: pretty)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value to `out`. Iterative over an explicit stack.
    public func write(to out: inout [UInt8], pretty: Bool) {
        enum Step { case value(JSONValue, Int), text(String) }
        var steps: [Step] = [.value(self, 0)]
        func newline(_ depth: Int) -> String { pretty ? "\n" + String(repeating: "  ", count: depth) : "" }
        while let step = steps.popLast() {
            switch step {
            case .text(let text): out.append(contentsOf: text.utf8)
            case .value(let value, let depth):
                switch value {
                case .null: out.append(contentsOf: "null".utf8)
                case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
                case .int(let n): out.append(contentsOf: String(n).utf8)
                case .string(let s): JSONString.appendQuoted(s, to: &out, escapingControls: true)
                case .array(let items):
                    if items.isEmpty { out.append(contentsOf: "[]".utf8); continue }
                    var pending: [Step] = [.text("[")]
                    for (index, item) in items.enumerated() {
                        pending.append(.text((index > 0 ? "," : "") + newline(depth + 1)))
                        pending.append(.value(item, depth + 1))
                    }
                    pending.append(.text(newline(depth) + "]"))
                    steps.append(contentsOf: pending.reversed())
                case .object(let members):
                    if members.isEmpty { out.append(contentsOf: "{}".utf8); continue }
                    var pending: [Step] = [.text("{")]
                    for (index, key) in members.keys.sorted().enumerated() {
                        var quoted: [UInt8] = []
                        JSONString.appendQuoted(key, to: &quoted, escapingControls: true)
                        pending.append(.text((index > 0 ? "," : "") + newline(depth + 1) + String(decoding: quoted, as: UTF8.self) + (pretty ? ": " : ":")))
                        pending.append(.value(members[key]!, depth + 1))
                    }
                    pending.append(.text(newline(depth) + "}"))
                    steps.append(contentsOf: pending.reversed())
                }
            }
        }
    }
}
