import MaskStorage
import MaskEngine

/// An open container while reading: its start token, its element count so far, and
/// for objects its last key's token.
struct OpenContainer {
    var token: Int
    var count: Int
    var key: Int
    var isObject: Bool
}

/// The tape under construction: tokens written in place into preallocated storage.
struct TokenBuffer {
    let base: UnsafeMutablePointer<JSONToken>
    let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<JSONToken>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ token: JSONToken) {
        // The capacity bounds the token count (one byte of input at least per token).
        precondition(count < capacity, "token capacity")
        (base + count).initialize(to: token)
        count += 1
    }

    subscript(index: Int) -> JSONToken {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }
}

/// The JSON reader's single forward pass: bytes to a tape of tokens, with the path of
/// any problem. Iterative (open containers on its own stack), so any depth is read.
struct JSONParser: ~Copyable {
    let limits: JSONLimits
    /// The keys an error's path shows by name.
    let keyNames: Set<String>
    var compactGeometry = false
    var tokens: TokenBuffer
    /// Open containers: token index, element count, and for objects the last key's token.
    var open = UnsafeStack<OpenContainer>()

    init(limits: JSONLimits, keyNames: Set<String>, tokens: TokenBuffer) {
        self.limits = limits
        self.keyNames = keyNames
        self.tokens = tokens
    }

    func path(_ tokensSoFar: TokenBuffer, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var path = "$"
        for frame in open.elements {
            if tokensSoFar[frame.token].kind == .arrayStart {
                path += "[\(max(0, frame.count - 1))]"
            } else if frame.key >= 0 {
                let token = tokensSoFar[frame.key]
                let raw = Array(bytes[Int(token.start)..<Int(token.start) + Int(token.length)])
                let name = token.hasEscapes ? JSONString.decode(raw[...]) : String(decoding: raw, as: UTF8.self)
                path += JSONPath.member(name, position: frame.count - 1, names: keyNames)
            }
        }
        return path
    }

    func fail(_ message: String, _ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: message, path: path(tokens, bytes))
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Reads the document in `p` from `start` (past a byte order mark to skip).
    mutating func run(_ p: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONSyntaxError) {
        let n = p.count
        var i = start
        // Whether the innermost open container is an object (kept here, not read back).
        var inObject = false
        // Each turn reads one value (a scalar, or the opening of a container), then the
        // commas and closings after it, up to the start of the next value.
        while true {
            i = JSONParser.skipSpace(p, i)
            guard i < n else { throw truncated(p) }
            let c = p[i]
            var isValueDone = true
            switch c {
            case UInt8(ascii: "{"):
                if compactGeometry, inObject, open.top.key >= 0, isGeometryKey(tokens[open.top.key], p), let (end, spaced) = numericObject(p, i) {
                    tokens.append(JSONToken(kind: .raw, hasEscapes: spaced, start: UInt32(i), length: UInt32(end - i)))
                    i = end
                    break
                }
                try push(isObject: true, i, p)
                inObject = true
                i = JSONParser.skipSpace(p, i + 1)
                if i < n && p[i] == UInt8(ascii: "}") {
                    try close(true, i, p)
                    i += 1
                } else {
                    i = try key(p, i)
                    isValueDone = false
                }
            case UInt8(ascii: "["):
                try push(isObject: false, i, p)
                inObject = false
                i = JSONParser.skipSpace(p, i + 1)
                if i < n && p[i] == UInt8(ascii: "]") {
                    try close(false, i, p)
                    i += 1
                } else {
                    if i < n { open.top.count += 1 }
                    isValueDone = false
                }
            case UInt8(ascii: "\""):
                i = try string(p, i)
            case UInt8(ascii: "t"):
                i = try literal(p, i, "true", .true)
            case UInt8(ascii: "f"):
                i = try literal(p, i, "false", .false)
            case UInt8(ascii: "n"):
                i = try literal(p, i, "null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = try number(p, i)
            default:
                if JSONReader.isByteOrderMark(p, at: i) { throw fail("byte order mark (U+FEFF) where a value was expected; one is skipped only at the start of a file", i, p) }
                throw fail(String(unexpectedCharacter: c), i, p)
            }
            if !isValueDone { continue }
            // After a value: a comma and the next member or element, or closings.
            while true {
                if open.isEmpty {
                    i = JSONParser.skipSpace(p, i)
                    if i < n {
                        var error = fail("unexpected data after the end of the document", i, p)
                        error.reason = .trailingData
                        throw error
                    }
                    return
                }
                inObject = open.top.isObject
                i = JSONParser.skipSpace(p, i)
                guard i < n else { throw truncated(p) }
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    i += 1
                    if inObject {
                        i = try key(p, JSONParser.skipSpace(p, i))
                    } else {
                        // Counted once the element starts: at the end of input, the path
                        // names the last element read.
                        i = JSONParser.skipSpace(p, i)
                        if i < n { open.top.count += 1 }
                    }
                    break
                }
                guard c == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw fail(inObject ? "expected ',' or '}'" : "expected ',' or ']'", i, p)
                }
                try close(inObject, i, p)
                i += 1
            }
        }
    }

    @inline(__always)
    static func skipSpace(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var i = i
        while i < p.count && isSpace(p[i]) { i += 1 }
        return i
    }

    /// The end of input where more was expected.
    func truncated(_ p: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        if tokens.isEmpty { return fail("the document is empty", p.count, p) }
        return fail("the document ends inside \(open.top.isObject ? "an object" : "an array")", p.count, p)
    }

    /// Reads a key and its colon from `i`, the key's first byte; returns the index after the colon.
    @inline(__always)
    mutating func key(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws(JSONSyntaxError) -> Int {
        guard i < p.count else { throw truncated(p) }
        guard p[i] == UInt8(ascii: "\"") else { throw fail("expected a string key", i, p) }
        let keyIndex = tokens.count
        open.top.key = -1  // while the key is read, the path is the object's
        var i = try string(p, i)
        open.top.key = keyIndex
        open.top.count += 1
        i = JSONParser.skipSpace(p, i)
        guard i < p.count, p[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key", i, p) }
        return i + 1
    }

    @inline(__always)
    mutating func push(isObject: Bool, _ i: Int, _ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if open.count >= limits.maximumDepth {
            var error = fail("nesting deeper than \(limits.maximumDepth) levels (raise it with --max-depth)", i, p)
            error.reason = .limit
            throw error
        }
        open.append(OpenContainer(token: tokens.count, count: 0, key: -1, isObject: isObject))
        tokens.append(JSONToken(kind: isObject ? .objectStart : .arrayStart, hasEscapes: false, start: UInt32(i), length: 0))
    }

    func isGeometryKey(_ key: JSONToken, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !key.hasEscapes else { return false }
        let start = Int(key.start), length = Int(key.length)
        return JSONReader.geometryKeys.contains { name in
            name.count == length && name.withUnsafeBufferPointer { Bytes.equal(p.baseAddress! + start, $0.baseAddress!, length) }
        }
    }

    /// If an object of plain keys and numbers starts at `i`, the index after its `}` and
    /// whether it holds whitespace; otherwise nil (the caller then reads it token by
    /// token, reporting any error).
    func numericObject(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) -> (end: Int, spaced: Bool)? {
        let n = p.count
        var i = start + 1
        var spaced = false
        @inline(__always) func skipSpace() { while i < n && JSONParser.isSpace(p[i]) { i += 1; spaced = true } }
        @inline(__always) func digit(_ at: Int) -> Bool { at < n && p[at] >= 0x30 && p[at] <= 0x39 }
        skipSpace()
        if i < n && p[i] == UInt8(ascii: "}") { return i + 1 - start <= JSONToken.maximumLength ? (i + 1, spaced) : nil }
        while true {
            // "key": plain ASCII, no escapes
            guard i < n, p[i] == 0x22 else { return nil }
            i += 1
            let keyStart = i
            // Names that read as field names only (``MemberName/isPlain(_:)``, whose byte
            // rules these are, read in this one pass): any other key may be content, which
            // a masked view masks and the safety net reads, key by key. So no escapes,
            // spaces or non-ASCII bytes either: the whole object can be copied with its
            // whitespace dropped. Only a name with six digits or more, or as long as a key
            // or token (`sk_live_…`), asks the detectors (calling `isPlain` on every `x`
            // and `width` was 4% of `apply`).
            guard i < n, Self.startsMemberName(p[i]) else { return nil }
            i += 1
            var digits = 0
            while i < n && p[i] != 0x22 {
                let byte = p[i]
                if byte &- 0x30 < 10 { digits += 1 } else if !Self.continuesMemberName(byte) { return nil }
                i += 1
            }
            guard i < n, i - keyStart <= MemberName.maximumLength else { return nil }
            if digits >= 6 || i - keyStart >= ShapeVocabulary.shortestSecret, !MemberName.isPlain(UnsafeBufferPointer(rebasing: p[keyStart..<i])) { return nil }
            i += 1
            skipSpace()
            guard i < n, p[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            // a number, by the JSON grammar; geometry's (``FieldShape/metric``): at most 7
            // digits before the point and no exponent here, so a longer one (a card number
            // in a transform) is read as a token of its own, which a masked view masks.
            if i < n && p[i] == UInt8(ascii: "-") { i += 1 }
            guard digit(i) else { return nil }
            let integerStart = i
            if p[i] == UInt8(ascii: "0") { i += 1; if digit(i) { return nil } } else { while digit(i) { i += 1 } }
            if i - integerStart > 7 { return nil }
            if i < n && p[i] == UInt8(ascii: ".") { i += 1; guard digit(i) else { return nil }; while digit(i) { i += 1 } }
            if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) { return nil }
            skipSpace()
            guard i < n else { return nil }
            if p[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            if p[i] == UInt8(ascii: "}") { return i + 1 - start <= JSONToken.maximumLength ? (i + 1, spaced) : nil }
            return nil
        }
    }

    /// Whether a byte may start a plain member name: an ASCII letter or `_`.
    @inline(__always)
    static func startsMemberName(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "_") }

    /// Whether a byte other than a digit may follow in a plain member name: an ASCII
    /// letter, `_` or `-`.
    @inline(__always)
    static func continuesMemberName(_ byte: UInt8) -> Bool { startsMemberName(byte) || byte == UInt8(ascii: "-") }

    mutating func close(_ isObject: Bool, _ i: Int, _ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard let top = open.popLast() else { throw fail("unbalanced close", i, p) }
        let endIndex = tokens.count
        if endIndex > JSONToken.maximumLength { throw fail("more than \(JSONToken.maximumLength) JSON values in one document", i, p) }
        tokens[top.token].length = UInt32(endIndex)
        tokens.append(JSONToken(kind: isObject ? .objectEnd : .arrayEnd, hasEscapes: false, start: UInt32(i), length: 0))
    }

    mutating func literal(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ word: StaticString, _ kind: JSONToken.Kind) throws(JSONSyntaxError) -> Int {
        let count = word.utf8CodeUnitCount
        guard i + count <= p.count, Bytes.equal(p.baseAddress! + i, word.utf8Start, count) else {
            throw fail("invalid literal (expected \(word))", i, p)
        }
        tokens.append(JSONToken(kind: kind, hasEscapes: false, start: UInt32(i), length: UInt32(count)))
        return i + count
    }

    mutating func number(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONSyntaxError) -> Int {
        let n = p.count
        var i = start
        @inline(__always) func digit(_ at: Int) -> Bool { at < n && p[at] >= 0x30 && p[at] <= 0x39 }
        if p[i] == UInt8(ascii: "-") { i += 1 }
        guard digit(i) else { throw fail("invalid number: expected a digit", i, p) }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if digit(i) { throw fail("invalid number: leading zero", start, p) }
        } else {
            while digit(i) { i += 1 }
        }
        if i < n && p[i] == UInt8(ascii: ".") {
            i += 1
            guard digit(i) else { throw fail("invalid number: expected a digit after '.'", i, p) }
            while digit(i) { i += 1 }
        }
        if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
            guard digit(i) else { throw fail("invalid number: expected a digit in the exponent", i, p) }
            while digit(i) { i += 1 }
        }
        if i - start > 1 << 20 { throw fail("number longer than 1 MiB", start, p) }
        tokens.append(JSONToken(kind: .number, hasEscapes: false, start: UInt32(start), length: UInt32(i - start)))
        return i
    }

    /// Scans a string starting at its opening quote; returns the index after the closing quote.
    mutating func string(_ p: UnsafeBufferPointer<UInt8>, _ quote: Int) throws(JSONSyntaxError) -> Int {
        let n = p.count
        var i = quote + 1
        var escapes = false
        while true {
            // Fast path: plain ASCII, eight bytes at a time while none of them is a quote,
            // a backslash, a control character or non-ASCII.
            // The lowest flagged byte of a word is exactly the first special one (the
            // borrows of the subtraction only run upwards), so it is found in one step.
            let raw = UnsafeRawBufferPointer(p)
            while i + 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word) | word) & highs
                if special != 0 {
                    i += special.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            while i < n {
                let b = p[i]
                if b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 { break }
                i += 1
            }
            guard i < n else { throw fail("unterminated string", quote, p) }
            let b = p[i]
            if b == 0x22 { break }
            if b < 0x20 { throw fail("control character U+00\(b < 16 ? "0" : "")\(String(b, radix: 16, uppercase: true)) in a string (escape it)", i, p) }
            if b == 0x5C {
                escapes = true
                guard i + 1 < n else { throw fail("unterminated string", quote, p) }
                let e = p[i + 1]
                switch e {
                case 0x22, 0x5C, 0x2F, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    let high = try hex4(p, i + 2)
                    i += 6
                    if (0xDC00...0xDFFF).contains(high) { throw fail("lone low surrogate escape", i - 6, p) }
                    if (0xD800...0xDBFF).contains(high) {
                        guard i + 1 < n, p[i] == 0x5C, p[i + 1] == UInt8(ascii: "u") else { throw fail("lone high surrogate escape", i - 6, p) }
                        let low = try hex4(p, i + 2)
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("high surrogate escape not followed by a low one", i, p) }
                        i += 6
                    }
                default:
                    throw fail("invalid escape in a string", i, p)
                }
                continue
            }
            // Non-ASCII: validate one UTF-8 sequence.
            i = try utf8Sequence(p, i)
        }
        if i - quote - 1 > JSONToken.maximumLength { throw fail("string longer than \(JSONToken.maximumLength) bytes", quote, p) }
        tokens.append(JSONToken(kind: .string, hasEscapes: escapes, start: UInt32(quote + 1), length: UInt32(i - quote - 1)))
        return i + 1
    }

    func hex4(_ p: UnsafeBufferPointer<UInt8>, _ at: Int) throws(JSONSyntaxError) -> UInt32 {
        guard at + 4 <= p.count else { throw fail("truncated \\u escape", at, p) }
        var value: UInt32 = 0
        for k in 0..<4 {
            guard let digit = JSONString.hexValue(p[at + k]) else { throw fail("invalid \\u escape", at, p) }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    func utf8Sequence(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws(JSONSyntaxError) -> Int {
        switch UTF8Sequence.length(in: p, at: i) {
        case .success(let length): return i + length
        case .failure(.invalidLead): throw fail("invalid UTF-8 byte 0x\(String(p[i], radix: 16, uppercase: true))", i, p)
        case .failure(.truncated): throw fail("truncated UTF-8 sequence", i, p)
        case .failure(.invalidContinuation): throw fail("invalid UTF-8 sequence", i, p)
        }
    }
}
