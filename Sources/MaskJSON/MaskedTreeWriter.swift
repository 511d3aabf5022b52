import MaskStorage
import MaskEngine

/// Options for writing a masked tree.
public struct EmitOptions: Sendable, Hashable {
    /// Add a `masking` object to every emitted view.
    public var explain: Bool

    /// Creates options.
    public init(explain: Bool = false) { self.explain = explain }
}

/// Writes a tree with every decision applied, as the engine's contract says field by
/// field (``MaskDecision/emission(for:)``): masked text as `la` patterns, secure text as
/// bullets, placeholders for images, SwiftUI text and maps, subtrees of maps and
/// `recurse: false` classes left out. Unmasked strings are copied as raw bytes.
///
/// Iterative, compact output, keys in input order with added keys last.
struct MaskedTreeWriter {
    let document: TreeLayout
    let decisions: [MaskDecision]
    let table: DecisionTable
    let options: EmitOptions

    /// How a value is written.
    enum Role: Equatable {
        case verbatim
        /// Strings, numbers and object keys become the `la` pattern (``FieldEmission/mask``).
        case mask
        /// Strings, numbers and object keys become bullets (``FieldEmission/bullets``).
        case bullets
        /// Strings become the `la` pattern; the rest is kept (``FieldEmission/maskStrings``).
        case maskStrings
        /// Kept where the value has the shape, else masked (``FieldEmission/keepShaped``).
        case shaped(FieldShape)
        case view
        case children
        case wrapper

        /// The role that writes a field with `emission` (of `shape`, for a structural
        /// field); `nil` for a dropped field.
        @inline(__always)
        init?(_ emission: FieldEmission, shape: FieldShape?) {
            switch emission {
            case .keep: self = .verbatim
            case .keepShaped: self = shape.map { .shaped($0) } ?? .mask
            case .mask: self = .mask
            case .bullets: self = .bullets
            case .maskStrings: self = .maskStrings
            case .drop: return nil
            }
        }

        /// The shape values must have to be kept (``shaped``); nil for other roles.
        var shape: FieldShape? {
            if case .shaped(let shape) = self { return shape }
            return nil
        }

        /// Whether object keys inside are content, masked like strings.
        var masksKeys: Bool { self == .mask || self == .bullets }
        /// Whether strings inside are masked: a member with this role whose name does
        /// not read as a field name (``MemberName``) has its name masked as well.
        var masksContent: Bool {
            switch self {
            case .mask, .bullets, .maskStrings, .shaped: return true
            case .verbatim, .view, .children, .wrapper: return false
            }
        }
    }

    /// Writes an object of plain keys and numbers (a `.raw` token) with every key and
    /// number replaced by its masked string (bullets, or the `la` pattern); whitespace
    /// is dropped. Keys and numbers there are printable ASCII without spaces.
    static func writeMasked(raw: ArraySlice<UInt8>, bullets: Bool, to out: inout [UInt8]) {
        var word: [UInt8] = []
        var inKey = false
        func flush() {
            guard !word.isEmpty else { return }
            let text = String(decoding: word, as: UTF8.self)
            JSONString.appendQuoted((bullets ? FieldEmission.bullets : .mask).emit(text) ?? "", to: &out)
            word.removeAll()
        }
        for byte in raw {
            if byte == 0x22 {
                if inKey { flush() }
                inKey.toggle()
                continue
            }
            if inKey { word.append(byte); continue }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: ","):
                flush()
                out.append(byte)
            default:
                word.append(byte)
            }
        }
        flush()
    }

    /// The key of the record `maskc apply --on-error record` writes in place of a tree
    /// that cannot be read. A tree's own top-level member of that name is dropped, so no
    /// masked tree starts with it and a reader tells the two apart by the first key.
    static let errorRecordKey: StaticString = "maskc-error"

    struct Frame {
        var isObject: Bool
        var role: Role
        var first = true
        var view: Int = -1
    }

    /// Appends the masked document to `out`, calling `flush` whenever `out` passes 1 MiB.
    func write(to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) rethrows {
        // Room for the usual output at once (masking rarely grows a tree much): a small
        // tree, one of many in a stream, does not pay for a megabyte of fresh memory.
        var buffer = ByteBuffer(capacity: min((1 << 20) + (1 << 16), document.tape.source.count + document.tape.source.count / 2 + 256))
        var state = Emitter.State()
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
        let keys = TreeKeys.shared

        /// Where the writing stands between runs.
        struct State: ~Copyable {
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
                        role = wrapperRole(i)
                    case .shaped(.font) where !isFontAttribute(i):
                        // A font object holds a font's attributes; anything else is masked.
                        role = .mask
                    case .mask, .bullets, .maskStrings, .shaped: role = top.role
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
                    // The key: content inside masked fields, else copied as it came
                    // (escapes included).
                    let length = Int(token.length)
                    out.reserve(length + 4)
                    if !top.first { out.put(UInt8(ascii: ",")) }
                    state.stack.top.first = false
                    if top.role.masksKeys || (top.role == .shaped(.font) && role == .mask) {
                        writeMasked(i, bullets: top.role == .bullets, &out)
                    } else if role.masksContent && !(top.role == .view && (role.shape != nil || role == .maskStrings)) && !isPlainKey(i) {
                        // A member whose value is masked, named by what may be content
                        // (`"jane.doe@example.com": ...`): its name is masked too. (A
                        // view's structural and geometry fields are named by known keys.)
                        writeMasked(i, bullets: role == .bullets, &out)
                    } else {
                        out.put(UInt8(ascii: "\""))
                        out.put(bytes + Int(token.start), length)
                        out.put(UInt8(ascii: "\""))
                    }
                    out.append(UInt8(ascii: ":"))
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
                // An object where the shape takes none is masked whole; so is an object
                // inside a font's object (its attributes are one level deep).
                let nested = role == .shaped(.font) && !state.stack.isEmpty && state.stack.top.isObject && state.stack.top.role == .shaped(.font)
                var frame = Frame(isObject: isObject, role: isObject && (role.shape?.acceptsObjects == false || nested) ? .mask : role)
                if role == .view, state.nextView < viewTokens.count, Int(viewTokens[state.nextView]) == i {
                    frame.view = state.nextView
                    state.nextView += 1
                }
                state.stack.append(frame)
            case .string:
                switch role {
                case .mask, .maskStrings, .bullets:
                    writeMasked(i, bullets: role == .bullets, &out)
                case .shaped(let shape) where !hasShape(shape, string: i):
                    writeMasked(i, bullets: false, &out)
                default:
                    out.reserve(length + 2)
                    out.put(UInt8(ascii: "\""))
                    out.put(start, length)
                    out.put(UInt8(ascii: "\""))
                }
            case .number:
                let literal = UnsafeBufferPointer(start: start, count: length)
                if role.masksKeys || role.shape?.accepts(number: literal) == false
                    || (role == .maskStrings && !FieldShape.metric.accepts(number: literal)) {
                    // A number is printable ASCII without spaces: its pattern is byte for
                    // byte, written as a string.
                    _ = Self.appendSimplePattern(start, length, bullets: role == .bullets, to: &out)
                } else {
                    out.append(start, length)
                }
            case .true: out.append("true")
            case .false: out.append("false")
            case .null: out.append("null")
            case .raw:
                // An object of plain keys and numbers (geometry): copied without its
                // whitespace, except where its keys and numbers are content.
                if role.masksKeys || role.shape?.acceptsObjects == false {
                    var masked: [UInt8] = []
                    MaskedTreeWriter.writeMasked(raw: tape.raw(i), bullets: role == .bullets, to: &masked)
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

        /// Whether the string token at `index` has `shape` (escaped strings: as decoded).
        func hasShape(_ shape: FieldShape, string index: Int) -> Bool {
            let token = tokens[index]
            if token.hasEscapes { return shape.accepts(string: tape.string(index)) }
            return shape.accepts(string: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
        }

        /// Whether the key at `index` names one of a font's attributes (escaped keys: as
        /// decoded).
        func isFontAttribute(_ index: Int) -> Bool {
            ShapeVocabulary.fontAttributes.contains(tape.string(index))
        }

        /// Whether the key at `index` reads as a field name (escaped keys: as decoded).
        func isPlainKey(_ index: Int) -> Bool {
            let token = tokens[index]
            if token.hasEscapes { return MemberName.isPlain(tape.string(index)) }
            return MemberName.isPlain(UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)))
        }

        /// What to do with a member of a view object: the engine's contract.
        @inline(__always)
        func memberRole(_ keyIndex: Int, view: Int) -> Role? {
            let meaning = keys.meaning(tape, bytes: bytes, tokens[keyIndex], at: keyIndex)
            let field = meaning.emitted
            if field == .children { return decisions[view].emitsChildren ? .children : nil }
            if view == 0, field == .unknown, !writer.document.isWrapped, tape.keyEquals(keyIndex, MaskedTreeWriter.errorRecordKey) { return nil }
            return Role(decisions[view].emission(for: field), shape: meaning.shape)
        }

        /// What to do with a member of the `{"screen", "root"}` wrapper: the root is a
        /// view, the screen is kept as an identifier is (masked where a value detector
        /// finds personal data in it), an input's `masking` is dropped, anything else is
        /// masked. Escaped keys are read as the keys they spell.
        func wrapperRole(_ keyIndex: Int) -> Role? {
            if tape.keyEquals(keyIndex, "root") { return .view }
            // The screen's name is kept as an identifier is: unless it holds personal data.
            if tape.keyEquals(keyIndex, "screen") { return .shaped(.identifier) }
            if tape.keyEquals(keyIndex, "masking") || tape.keyEquals(keyIndex, MaskedTreeWriter.errorRecordKey) { return nil }
            return .mask
        }

        /// Writes a string token masked (bullets, or the `la` pattern), quoted: from its
        /// bytes when it allows, else through the `String` flavour.
        @inline(__always)
        func writeMasked(_ index: Int, bullets: Bool, _ out: inout ByteBuffer) {
            let token = tokens[index]
            if token.hasEscapes || !Self.appendSimplePattern(bytes + Int(token.start), Int(token.length), bullets: bullets, to: &out) {
                out.append(quoted((bullets ? FieldEmission.bullets : .mask).emit(tape.string(index)) ?? ""))
            }
        }

        /// The members emission adds to a view: its placeholder and, with `explain`, why.
        func finishView(_ view: Int, first: Bool, _ out: inout ByteBuffer) {
            guard view >= 0 else { return }
            let decision = decisions[view]
            var first = first
            if let marker = decision.placeholder {
                if !first { out.append(UInt8(ascii: ",")) }
                out.append("\"placeholder\":")
                out.append(quoted(marker))
                first = false
            }
            if writer.options.explain {
                if !first { out.append(UInt8(ascii: ",")) }
                var added = Array("\"masking\":{\"kind\":".utf8)
                JSONString.appendQuoted(decision.kind.rawValue, to: &added)
                added.append(contentsOf: ",\"level\":\(decision.level.rawValue),".utf8)
                // Only a locked decision says so: outputs of policies without locks are unchanged.
                if decision.isLocked { added.append(contentsOf: "\"locked\":true,".utf8) }
                // Likewise an image shown whose text is masked (``MaskDecision/masksText``).
                if decision.masksText && !decision.isMasked { added.append(contentsOf: "\"textMasked\":true,".utf8) }
                added.append(contentsOf: "\"masked\":\(decision.isMasked),\"rule\":".utf8)
                if let origin = writer.table.rule(for: decision)?.origin {
                    JSONString.appendQuoted(origin.description, to: &added)
                } else if let detector = decision.detector {
                    JSONString.appendQuoted("detect:" + detector.rawValue, to: &added)
                } else if decision.echoSource != nil {
                    JSONString.appendQuoted("echo", to: &added)
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

        /// The `la` pattern (or bullets) of raw bytes, quoted, by the engine's byte
        /// flavour (``Placeholder/simplePattern(_:_:bullets:into:)``, which breaks
        /// graphemes in any script as the `String` flavour does); returns false, writing
        /// nothing, for bytes that need the `String` flavour (a scalar its class table
        /// leaves out, such as `Prepend` or unassigned ones, or malformed UTF-8).
        @inline(__always)
        static func appendSimplePattern(_ start: UnsafePointer<UInt8>, _ length: Int, bullets: Bool, to out: inout ByteBuffer) -> Bool {
            out.reserve(length * 3 + 2)
            let mark = out.count
            out.put(UInt8(ascii: "\""))
            guard let written = Placeholder.simplePattern(start, length, bullets: bullets, into: out.tail) else {
                out.truncate(to: mark)
                return false
            }
            out.advance(by: written)
            out.put(UInt8(ascii: "\""))
            return true
        }
    }
}
