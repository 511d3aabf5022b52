import MaskJSON

/// A value of a field outside the fixed ones.
enum FieldValue {
    case bool(Bool)
    case number(Double)
    case string(String)
}

/// One converted view, in maskc's node shape.
struct ViewNode {
    var className: String
    var id: String?
    var superclasses: [String]?
    var accessibilityIdentifier: String?
    var frame: (x: Double, y: Double, width: Double, height: Double)?
    var text: String?
    var placeholder: String?
    var accessibilityLabel: String?
    var accessibilityValue: String?
    var isSecureTextEntry = false
    /// Other fields; written in alphabetical order.
    var others: [(key: String, value: FieldValue)] = []
    var children: [Int32] = []

    init(className: String) { self.className = className }
}

/// Converted views (parents before children) and the screen, written as compact maskc
/// tree JSON with a fixed key order, iteratively.
struct TreeOutput {
    var screen: String?
    var nodes: [ViewNode] = []
    var root: Int32 = 0

    /// Adds a view under `parent` (-1 for none) and returns its index.
    @discardableResult
    mutating func add(_ node: ViewNode, parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(node)
        if parent >= 0 { nodes[Int(parent)].children.append(index) }
        return index
    }

    /// `{"screen":...,"root":NODE}` (no `screen` key when the capture names none).
    func json() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(nodes.count * 160 + 64)
        out.append(contentsOf: Array("{".utf8))
        if let screen {
            out.append(contentsOf: Array("\"screen\":".utf8))
            JSONString.appendQuoted(screen, to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: Array("\"root\":".utf8))
        var stack: [(node: Int32, next: Int)] = []
        if writeHead(Int(root), to: &out) { stack.append((root, 0)) }
        while let top = stack.last {
            let children = nodes[Int(top.node)].children
            if top.next < children.count {
                if top.next > 0 { out.append(UInt8(ascii: ",")) }
                stack[stack.count - 1].next += 1
                let child = children[top.next]
                if writeHead(Int(child), to: &out) { stack.append((child, 0)) }
            } else {
                out.append(UInt8(ascii: "]"))
                out.append(UInt8(ascii: "}"))
                stack.removeLast()
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// Writes a node's fields; returns true (leaving `"children":[` open) when it has children.
    private func writeHead(_ index: Int, to out: inout [UInt8]) -> Bool {
        let node = nodes[index]
        func key(_ name: String) {
            out.append(UInt8(ascii: ","))
            JSONString.appendQuoted(name, to: &out)
            out.append(UInt8(ascii: ":"))
        }
        func string(_ name: String, _ value: String?) {
            guard let value else { return }
            key(name)
            JSONString.appendQuoted(value, to: &out)
        }
        out.append(contentsOf: Array("{\"class\":".utf8))
        JSONString.appendQuoted(node.className, to: &out)
        string("id", node.id)
        if let superclasses = node.superclasses {
            key("superclasses")
            out.append(UInt8(ascii: "["))
            for (k, name) in superclasses.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(name, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        string("accessibilityIdentifier", node.accessibilityIdentifier)
        if let frame = node.frame {
            key("frame")
            out.append(contentsOf: Array("{\"x\":".utf8)); Self.appendNumber(frame.x, to: &out)
            out.append(contentsOf: Array(",\"y\":".utf8)); Self.appendNumber(frame.y, to: &out)
            out.append(contentsOf: Array(",\"width\":".utf8)); Self.appendNumber(frame.width, to: &out)
            out.append(contentsOf: Array(",\"height\":".utf8)); Self.appendNumber(frame.height, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        string("text", node.text)
        string("placeholder", node.placeholder)
        string("accessibilityLabel", node.accessibilityLabel)
        string("accessibilityValue", node.accessibilityValue)
        if node.isSecureTextEntry { key("isSecureTextEntry"); out.append(contentsOf: Array("true".utf8)) }
        for field in node.others.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }) {
            key(field.key)
            switch field.value {
            case .bool(let value): out.append(contentsOf: Array((value ? "true" : "false").utf8))
            case .number(let value): Self.appendNumber(value, to: &out)
            case .string(let value): JSONString.appendQuoted(value, to: &out)
            }
        }
        if node.children.isEmpty {
            out.append(UInt8(ascii: "}"))
            return false
        }
        key("children")
        out.append(UInt8(ascii: "["))
        return true
    }

    /// A finite number as JSON: integers without a fraction, others in Swift's
    /// shortest round-trip form (valid JSON).
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { out.append(UInt8(ascii: "0")); return }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            out.append(contentsOf: Array(String(Int64(value)).utf8))
        } else {
            out.append(contentsOf: Array(String(describing: value).utf8))
        }
    }

    /// Parses a decimal number (optionally signed, with a fraction or exponent).
    static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
