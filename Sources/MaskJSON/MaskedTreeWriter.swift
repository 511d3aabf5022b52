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

    struct Frame {
        var isObject: Bool
        var role: Role
        var first = true
        var view: Int = -1
    }

    /// Appends the masked document to `out`, calling `flush` whenever `out` passes 1 MiB.
    func write(to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) rethrows {
        var buffer = ByteBuffer(capacity: (1 << 20) + (1 << 16))
        var state = Emitter.State()
        defer {
            buffer.release()
            state.stack.release()
        }
        let tape = document.tape
        while true {
            // The emitter works on the document's storage for up to 1 MiB of output at a
            // time; the output is handed on between runs.
            let done = tape.source.withUnsafeBytes { bytes in
                tape.tokens.withUnsafeBufferPointer { tokens in
                    decisions.withUnsafeBufferPointer { decisions in
                        document.viewTokens.withUnsafeBufferPointer { viewTokens in
                            let emitter = Emitter(writer: self, bytes: bytes.baseAddress!, tokens: tokens.baseAddress!,
                                                  decisions: decisions, viewTokens: viewTokens)
                            return emitter.run(&state, into: &buffer, until: 1 << 20)
                        }
                    }
                }
            }
            buffer.drain(into: &out)
            if done { return }
            try flush(&out)
        }
    }

    /// The writing loop, over the document's storage.
    struct Emitter {
        let writer: MaskedTreeWriter
        let bytes: UnsafePointer<UInt8>
        let tokens: UnsafePointer<JSONToken>
        let decisions: UnsafeBufferPointer<MaskDecision>
        let viewTokens: UnsafeBufferPointer<Int32>
        let lookup = FieldLookup.shared

        /// Where the writing stands between runs.
        struct State {
            var stack = UnsafeStack<Frame>()
            var nextView = 0
            var i = 0
            var started = false
        }

        var tape: JSONTape { writer.document.tape }

        /// Writes until `out` holds `limit` bytes or the document is done (returns true).
        func run(_ state: inout State, into out: inout ByteBuffer, until limit: Int) -> Bool {
            if !state.started {
                state.started = true
                begin(writer.document.isWrapped ? .wrapper : .view, &state, &out)
            }
            while !state.stack.isEmpty {
                if out.count >= limit { return false }
                let top = state.stack.top
                let i = state.i
                let token = tokens[i]
                if top.isObject {
                    if token.kind == .objectEnd {
                        if top.role == .view { finishView(top.view, first: top.first, &out) }
                        out.append(UInt8(ascii: "}"))
                        _ = state.stack.popLast()
                        state.i = i + 1
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
                        // Left out: the member, and any views inside it.
                        let value = tokens[i + 1]
                        let end = value.kind == .objectStart || value.kind == .arrayStart ? Int(value.length) + 1 : i + 2
                        while state.nextView < viewTokens.count && Int(viewTokens[state.nextView]) < end { state.nextView += 1 }
                        state.i = end
                        continue
                    }
                    // The key, copied as it came (escapes included).
                    let length = Int(token.length)
                    out.reserve(length + 4)
                    if !top.first { out.put(UInt8(ascii: ",")) }
                    state.stack.top.first = false
                    out.put(UInt8(ascii: "\""))
                    out.put(bytes + Int(token.start), length)
                    out.put(UInt8(ascii: "\""))
                    out.put(UInt8(ascii: ":"))
                    state.i = i + 1
                    begin(role, &state, &out)
                } else {
                    if token.kind == .arrayEnd {
                        out.append(UInt8(ascii: "]"))
                        _ = state.stack.popLast()
                        state.i = i + 1
                        continue
                    }
                    if !top.first { out.append(UInt8(ascii: ",")) }
                    state.stack.top.first = false
                    begin(top.role == .children ? .view : top.role, &state, &out)
                }
            }
            return true
        }

        /// Writes the value at `state.i` with `role`; containers open a frame.
        @inline(__always)
        func begin(_ role: Role, _ state: inout State, _ out: inout ByteBuffer) {
            let i = state.i
            let token = tokens[i]
            state.i = i + 1
            let start = bytes + Int(token.start), length = Int(token.length)
            switch token.kind {
            case .objectStart, .arrayStart:
                let isObject = token.kind == .objectStart
                out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                var frame = Frame(isObject: isObject, role: role)
                if role == .view, state.nextView < viewTokens.count, Int(viewTokens[state.nextView]) == i {
                    frame.view = state.nextView
                    state.nextView += 1
                }
                state.stack.append(frame)
            case .string:
                switch role {
                case .mask, .maskText, .bullets:
                    let bullets = role == .bullets
                    if token.hasEscapes || !Self.appendSimplePattern(start, length, bullets: bullets, to: &out) {
                        let text = tape.string(i)
                        out.append(quoted(bullets ? Placeholder.bullets(text) : Placeholder.laPattern(text)))
                    }
                default:
                    out.reserve(length + 2)
                    out.put(UInt8(ascii: "\""))
                    out.put(start, length)
                    out.put(UInt8(ascii: "\""))
                }
            case .number:
                switch role {
                case .maskText, .bullets:
                    // A number is ASCII without spaces: its pattern is byte for byte.
                    _ = Self.appendSimplePattern(start, length, bullets: role == .bullets, to: &out)
                default: out.append(start, length)
                }
            case .true: out.append("true")
            case .false: out.append("false")
            case .null: out.append("null")
            case .raw:
                // An object of plain keys and numbers (geometry): copied without its
                // whitespace, except where numbers must become bullets.
                if role == .bullets || role == .maskText {
                    var masked: [UInt8] = []
                    MaskedTreeWriter.writeMaskedNumbers(tape.raw(i), with: role == .bullets ? Placeholder.bullets : Placeholder.laPattern, to: &masked)
                    out.append(masked)
                } else if !token.hasEscapes {
                    out.append(start, length)
                } else {
                    out.reserve(length)
                    for k in 0..<length where !(start[k] == 0x20 || start[k] == 0x0A || start[k] == 0x0D || start[k] == 0x09) { out.put(start[k]) }
                }
            case .objectEnd, .arrayEnd: break
            }
        }

        /// What to do with a member of a view object.
        @inline(__always)
        func memberRole(_ keyIndex: Int, view: Int) -> Role? {
            let decision = decisions[view]
            let entry = lookup.entry(tape, bytes: bytes, tokens[keyIndex], at: keyIndex)
            switch entry.role {
            case .structural:
                if entry.name == .masking && writer.options.explain { return nil }
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

        /// The members emission adds to a view: its placeholder and, with `explain`, why.
        func finishView(_ view: Int, first: Bool, _ out: inout ByteBuffer) {
            guard view >= 0 else { return }
            let decision = decisions[view]
            var first = first
            if decision.isMasked, let marker = Placeholder.marker(for: decision.kind) {
                if !first { out.append(UInt8(ascii: ",")) }
                out.append("\"placeholder\":")
                out.append(quoted(marker))
                first = false
            }
            if writer.options.explain {
                if !first { out.append(UInt8(ascii: ",")) }
                var added = Array("\"masking\":{\"kind\":".utf8)
                JSONString.appendQuoted(decision.kind.rawValue, to: &added)
                added.append(contentsOf: ",\"level\":\(decision.level.rawValue),\"masked\":\(decision.isMasked),\"rule\":".utf8)
                if let origin = writer.table.rule(for: decision)?.origin {
                    JSONString.appendQuoted(origin.description, to: &added)
                } else {
                    added.append(contentsOf: "null".utf8)
                }
                added.append(UInt8(ascii: "}"))
                out.append(added)
            }
        }

        func quoted(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = []
            JSONString.appendQuoted(text, to: &bytes)
            return bytes
        }

        /// The `la` pattern (or bullets) of raw string bytes without escapes in which
        /// every scalar is a grapheme of its own and the only whitespace is the ASCII
        /// space (see ``isOwnGrapheme(_:)``); returns false, writing nothing, for any
        /// other bytes, which go through ``Placeholder``.
        @inline(__always)
        static func appendSimplePattern(_ start: UnsafePointer<UInt8>, _ length: Int, bullets: Bool, to out: inout ByteBuffer) -> Bool {
            out.reserve(length * 3 + 2)
            let mark = out.count
            out.put(UInt8(ascii: "\""))
            var k = 0, position = 0
            while k < length {
                let byte = start[k]
                var scalar: UInt32
                if byte < 0x80 {
                    scalar = UInt32(byte)
                    k += 1
                } else if byte & 0xE0 == 0xC0 && k + 1 < length {
                    scalar = UInt32(byte & 0x1F) << 6 | UInt32(start[k + 1] & 0x3F)
                    k += 2
                } else if byte & 0xF0 == 0xE0 && k + 2 < length {
                    scalar = UInt32(byte & 0x0F) << 12 | UInt32(start[k + 1] & 0x3F) << 6 | UInt32(start[k + 2] & 0x3F)
                    k += 3
                } else {
                    out.truncate(to: mark)
                    return false
                }
                if scalar == 0x20 && !bullets {
                    out.put(0x20)
                } else if scalar < 0x80 || isOwnGrapheme(scalar) {
                    if bullets {
                        out.put(0xE2); out.put(0x80); out.put(0xA2)  // •
                    } else {
                        out.put(position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a"))
                    }
                } else {
                    out.truncate(to: mark)
                    return false
                }
                position += 1
            }
            out.put(UInt8(ascii: "\""))
            return true
        }

        /// Scalars (beyond ASCII) that are always a grapheme of their own and never
        /// whitespace, whatever is around them: Latin letters and symbols
        /// (U+00A1–U+02FF but the soft hyphen), kana, CJK ideographs and Hangul
        /// syllables. A string of these and ASCII has one grapheme per scalar. (The
        /// reader has already checked the UTF-8; raw strings hold no control bytes.)
        @inline(__always)
        static func isOwnGrapheme(_ scalar: UInt32) -> Bool {
            switch scalar {
            case 0x00A1...0x02FF: return scalar != 0x00AD
            case 0x3041...0x3096, 0x30A1...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return true
            default: return false
            }
        }
    }
}
