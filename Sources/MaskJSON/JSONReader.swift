import MaskStorage
import MaskEngine

/// A JSON reader over UTF-8 bytes that builds a ``JSONTape``: one pass, no recursion,
/// strings kept as byte ranges and validated (UTF-8, escapes, control characters),
/// numbers checked against the JSON grammar. Rejects anything RFC 8259 rejects,
/// including lone surrogate escapes.
public enum JSONReader {
    /// Keys whose object values, when they hold only numbers, `compactGeometry` keeps as
    /// one `.raw` token: view geometry, always copied through unchanged.
    public static let geometryKeys: [[UInt8]] = ["frame", "bounds", "contentFrame"].map { Array($0.utf8) }

    /// Parses a whole document (one value, surrounded by whitespace only).
    /// - Parameters:
    ///   - compactGeometry: keep `{"x": 1, ...}` objects of numbers under
    ///     ``geometryKeys`` as one `.raw` token (for emission, which copies them through).
    ///   - keyNames: the keys an error's path may show by name (the schema of the
    ///     document); any other key is shown by its position.
    ///   - skipsByteOrderMark: skip a UTF-8 byte order mark (EF BB BF) in the first three
    ///     bytes, as RFC 8259 lets a reader do; pass true when `bytes` start a file. A
    ///     mark anywhere else is content: kept inside a string, an error outside one.
    /// - Complexity: O(n) for n bytes.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .standard, compactGeometry: Bool = false,
                             keyNames: Set<String> = JSONPath.treeKeys, skipsByteOrderMark: Bool = false) throws(JSONSyntaxError) -> JSONTape {
        try parse(InputBytes(bytes), limits: limits, compactGeometry: compactGeometry, keyNames: keyNames, skipsByteOrderMark: skipsByteOrderMark)
    }

    /// Parses a whole document (one value, surrounded by whitespace only).
    public static func parse(_ bytes: InputBytes, limits: JSONLimits = .standard, compactGeometry: Bool = false,
                             keyNames: Set<String> = JSONPath.treeKeys, skipsByteOrderMark: Bool = false) throws(JSONSyntaxError) -> JSONTape {
        if bytes.count > limits.maximumBytes {
            throw JSONSyntaxError(offset: 0, message: "document is \(bytes.count) bytes, over the limit of \(limits.maximumBytes)", path: "$",
                                  reason: .limit)
        }
        // Every token takes at least one byte of input, so `bytes.count + 1` tokens is a
        // bound: the tape is written in place, never grown or copied. Capacity that is
        // never touched costs address space, not memory.
        var failure: JSONSyntaxError?
        let tokens = [JSONToken](unsafeUninitializedCapacity: bytes.count + 1) { buffer, initialized in
            LargeBuffers.adviseSequentialFill(buffer.baseAddress!, count: buffer.count * MemoryLayout<JSONToken>.stride)
            var parser = JSONParser(limits: limits, keyNames: keyNames, tokens: TokenBuffer(base: buffer.baseAddress!, capacity: buffer.count))
            parser.compactGeometry = compactGeometry
            bytes.withUnsafeBytes { input in
                do throws(JSONSyntaxError) {
                    try parser.run(input, from: skipsByteOrderMark && isByteOrderMark(input, at: 0) ? 3 : 0)
                } catch {
                    failure = error
                }
            }
            initialized = parser.tokens.count
        }
        if let failure { throw failure }
        let tape = JSONTape(source: bytes, tokens: tokens)
        #if DEBUG
        tape.checkInvariants()
        #endif
        return tape
    }

    /// Whether a UTF-8 byte order mark (EF BB BF) starts at `offset`.
    @inline(__always)
    static func isByteOrderMark(_ p: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + 3 <= p.count && p[offset] == 0xEF && p[offset + 1] == 0xBB && p[offset + 2] == 0xBF
    }
}

extension String {
    /// What a syntax error says of the byte it stopped at: punctuation is quoted (it is
    /// the document's structure); a letter or a digit is only named, since it is likely
    /// the start of a value (a name, a card number) that a quote went missing from, and
    /// no error quotes a tree's content.
    init(unexpectedCharacter byte: UInt8) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            self = "unexpected letter (text must be in double quotes)"
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            self = "unexpected digit"
        case 0x20..<0x80:
            self = "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        default:
            self.init(unexpectedByte: byte)
        }
    }

    init(unexpectedByte byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
