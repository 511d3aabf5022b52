import MaskEngine

/// Options for writing a masked tree.
public struct EmitOptions: Sendable, Hashable {
    /// Add a `masking` object to every emitted view.
    public var explain: Bool

    /// Creates options.
    public init(explain: Bool = false) { self.explain = explain }
}

/// Writes a tree with every decision applied: masked text as `la` patterns, secure text
/// as bullets, placeholders for images, SwiftUI text and maps, subtrees of maps and
/// `recurse: false` classes left out. Unmasked strings are copied as raw bytes.
///
/// Iterative, compact output, keys in input order with added keys last.
struct MaskedTreeWriter {
    let document: TreeLayout
    let decisions: [MaskDecision]
    let table: DecisionTable
    let options: EmitOptions

    /// How a value is written.
    enum Role {
        case verbatim
        /// Strings become the `la` pattern (in unknown fields of masked views).
        case mask
        /// Text-bearing field of a masked view: strings and numbers, however deeply
        /// nested, become the `la` pattern.
        case maskText
        /// Text-bearing field of a secure view: strings and numbers become bullets.
        case bullets
        case view
        case children
        case wrapper
    }

    struct Frame {
        var isObject: Bool
        var role: Role
        var first = true
        var view: Int = -1
    }

    /// The `la` pattern (or bullets) of a string token straight from its bytes, for the
    /// common case of plain ASCII without escapes: there every byte is one grapheme and
    /// the only whitespace is the space. Returns false (writing nothing) otherwise.
    @inline(__always)
    static func appendASCIIPattern(_ tape: JSONTape, _ index: Int, bullets: Bool, to out: inout [UInt8]) -> Bool {
        let token = tape.tokens[index]
        guard !token.hasEscapes else { return false }
        return tape.bytes.withUnsafeBufferPointer { buffer in
            let start = Int(token.start), end = start + Int(token.length)
            var i = start
            while i < end && buffer[i] < 0x80 { i += 1 }
            guard i == end else { return false }
            out.append(UInt8(ascii: "\""))
            if bullets {
                for _ in start..<end { out.append(0xE2); out.append(0x80); out.append(0xA2) }  // •
            } else {
                var position = 0
                for j in start..<end {
                    out.append(buffer[j] == 0x20 ? 0x20 : (position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a")))
                    position += 1
                }
            }
            out.append(UInt8(ascii: "\""))
            return true
        }
    }

    /// Writes an object of plain keys and numbers with every number replaced by the
    /// masked string of its digits (bullets, or the `la` pattern).
    static func writeMaskedNumbers(_ raw: ArraySlice<UInt8>, with mask: (String) -> String, to out: inout [UInt8]) {
        var number: [UInt8] = []
        var inKey = false
        func flushNumber() {
            guard !number.isEmpty else { return }
            JSONString.appendQuoted(mask(String(decoding: number, as: UTF8.self)), to: &out)
            number.removeAll()
        }
        for byte in raw {
            if byte == 0x22 { inKey.toggle(); out.append(byte); continue }
            if inKey { out.append(byte); continue }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: ","):
                flushNumber()
                out.append(byte)
            default:
                number.append(byte)
            }
        }
        flushNumber()
    }

    /// Appends the masked document to `out`, calling `flush` whenever `out` passes 1 MiB.
    func write(to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) rethrows {
        let tape = document.tape
        let tokens = tape.tokens
        let lookup = FieldLookup.shared
        var stack: [Frame] = []
        var nextView = 0
        var i = 0

        func skipViews(before end: Int) {
            while nextView < document.viewTokens.count && Int(document.viewTokens[nextView]) < end { nextView += 1 }
        }

        /// Writes the value at `i` with `role`; containers open a frame.
        func begin(_ role: Role) {
            let token = tokens[i]
            switch token.kind {
            case .objectStart, .arrayStart:
                out.append(token.kind == .objectStart ? UInt8(ascii: "{") : UInt8(ascii: "["))
                var frame = Frame(isObject: token.kind == .objectStart, role: role)
                if role == .view {
                    if nextView < document.viewTokens.count, Int(document.viewTokens[nextView]) == i {
                        frame.view = nextView
                        nextView += 1
                    }
                }
                stack.append(frame)
            case .string:
                switch role {
                case .mask, .maskText:
                    if !Self.appendASCIIPattern(tape, i, bullets: false, to: &out) {
                        JSONString.appendQuoted(Placeholder.laPattern(tape.string(i)), to: &out)
                    }
                case .bullets:
                    if !Self.appendASCIIPattern(tape, i, bullets: true, to: &out) {
                        JSONString.appendQuoted(Placeholder.bullets(tape.string(i)), to: &out)
                    }
                default:
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: tape.raw(i))
                    out.append(UInt8(ascii: "\""))
                }
            case .number:
                switch role {
                case .maskText: JSONString.appendQuoted(Placeholder.laPattern(String(decoding: tape.raw(i), as: UTF8.self)), to: &out)
                case .bullets: JSONString.appendQuoted(Placeholder.bullets(String(decoding: tape.raw(i), as: UTF8.self)), to: &out)
                default: out.append(contentsOf: tape.raw(i))
                }
            case .true: out.append(contentsOf: "true".utf8)
            case .false: out.append(contentsOf: "false".utf8)
            case .null: out.append(contentsOf: "null".utf8)
            case .raw:
                // An object of plain keys and numbers (geometry): copied without its
                // whitespace, except where numbers must become bullets.
                if role == .bullets {
                    Self.writeMaskedNumbers(tape.raw(i), with: Placeholder.bullets, to: &out)
                } else if role == .maskText {
                    Self.writeMaskedNumbers(tape.raw(i), with: Placeholder.laPattern, to: &out)
                } else {
                    for byte in tape.raw(i) where !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) { out.append(byte) }
                }
            case .objectEnd, .arrayEnd: break
            }
            i += 1
        }

        func key(_ index: Int) {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: tape.raw(index))
            out.append(contentsOf: "\":".utf8)
        }

        /// What to do with a member of a view object.
        func memberRole(_ keyIndex: Int, view: Int) -> Role? {
            let decision = decisions[view]
            let entry = lookup.entry(tape, keyIndex)
            switch entry.role {
            case .structural:
                if entry.name == .masking && options.explain { return nil }
                // Numbers are kept in `.mask`; only stray strings under geometry are masked.
                return entry.numeric && decision.isMasked ? .mask : .verbatim
            case .children:
                return decision.emitsChildren ? .children : nil
            case .text:
                if decision.isMasked {
                    if entry.name == .placeholder, Placeholder.marker(for: decision.kind) != nil { return nil }
                    if decision.kind == .swiftUIText, entry.name == .text { return nil }
                }
                if decision.isSecure { return .bullets }
                return decision.isMasked ? .maskText : .verbatim
            case .image:
                return decision.isMasked ? nil : .verbatim
            case .unknown:
                return decision.isMasked ? .mask : .verbatim
            }
        }

        func finishView(_ view: Int) {
            guard view >= 0 else { return }
            let decision = decisions[view]
            var first = stack.last?.first ?? true
            if decision.isMasked, let marker = Placeholder.marker(for: decision.kind) {
                if !first { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: "\"placeholder\":".utf8)
                JSONString.appendQuoted(marker, to: &out)
                first = false
            }
            if options.explain {
                if !first { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: "\"masking\":{\"kind\":".utf8)
                JSONString.appendQuoted(decision.kind.rawValue, to: &out)
                out.append(contentsOf: ",\"level\":\(decision.level.rawValue),\"masked\":\(decision.isMasked),\"rule\":".utf8)
                if let origin = table.rule(for: decision)?.origin {
                    JSONString.appendQuoted(origin.description, to: &out)
                } else {
                    out.append(contentsOf: "null".utf8)
                }
                out.append(UInt8(ascii: "}"))
            }
        }

        begin(document.isWrapped ? .wrapper : .view)
        while let top = stack.last {
            if out.count >= 1 << 20 { try flush(&out) }
            let token = tokens[i]
            if top.isObject {
                if token.kind == .objectEnd {
                    if top.role == .view { finishView(top.view) }
                    out.append(UInt8(ascii: "}"))
                    stack.removeLast()
                    i += 1
                    continue
                }
                let role: Role?
                switch top.role {
                case .view:
                    role = top.view >= 0 ? memberRole(i, view: top.view) : .mask
                case .wrapper:
                    if tape.rawEquals(i, "root") { role = .view }
                    else if tape.rawEquals(i, "screen") { role = .verbatim }
                    else { role = .mask }
                case .mask: role = .mask
                case .maskText: role = .maskText
                case .bullets: role = .bullets
                case .verbatim, .children: role = .verbatim
                }
                guard let role else {
                    let end = tape.end(ofValueAt: i + 1)
                    skipViews(before: end)
                    i = end
                    continue
                }
                if !top.first { out.append(UInt8(ascii: ",")) }
                stack[stack.count - 1].first = false
                key(i)
                i += 1
                begin(role)
            } else {
                if token.kind == .arrayEnd {
                    out.append(UInt8(ascii: "]"))
                    stack.removeLast()
                    i += 1
                    continue
                }
                if !top.first { out.append(UInt8(ascii: ",")) }
                stack[stack.count - 1].first = false
                switch top.role {
                case .children: begin(.view)
                case .maskText: begin(.maskText)
                default: begin(top.role)
                }
            }
        }
    }
}
