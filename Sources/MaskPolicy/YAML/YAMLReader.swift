import CYaml
import MaskDiagnostics

/// Limits that keep a hostile policy from taking the machine down.
public struct PolicyLimits: Sendable, Hashable {
    /// The largest policy file read, in bytes.
    public var maximumBytes: Int
    /// The deepest nesting of mappings and sequences.
    public var maximumDepth: Int

    /// Creates limits.
    public init(maximumBytes: Int = 16 << 20, maximumDepth: Int = 64) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }

    /// 16 MiB and a nesting of 64: far above any real policy.
    public static let standard = PolicyLimits()
}

/// Reads YAML into ``YAMLNode``s with libyaml, keeping start and end marks on every node.
///
/// Anchors, aliases and explicit tags are rejected: policies never need them, and
/// alias expansion is a known denial of service. A repeated key is reported at the
/// repeated key. Building is iterative and nesting is bounded by ``PolicyLimits``.
public struct YAMLReader {
    /// The file name used in diagnostics.
    public let file: String
    /// The limits applied.
    public let limits: PolicyLimits

    /// Creates a reader.
    public init(file: String, limits: PolicyLimits = .standard) {
        self.file = file
        self.limits = limits
    }

    /// A mapping or sequence being built; mutated in place on the stack so appending
    /// never copies what is already there.
    private struct Partial {
        var isMapping: Bool
        var start: SourceMark
        var pairs: [YAMLPair] = []
        var items: [YAMLNode] = []
        var pendingKey: YAMLNode?
        var seen: [String: Int] = [:]
    }

    /// Parses one YAML document.
    /// - Returns: the root node (nil when reading failed; present with recoverable
    ///   problems such as a duplicate key), and every problem found.
    public func read(_ bytes: [UInt8]) -> (YAMLNode?, [Diagnostic]) {
        if bytes.count > limits.maximumBytes {
            return (nil, [Diagnostic(.inputLimit, "policy is \(bytes.count) bytes, over the limit of \(limits.maximumBytes)", at: .fileStart(file))])
        }
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return (nil, [Diagnostic(.missingKey, "the policy is empty: expected a mapping with 'version' and 'default'", at: .fileStart(file))])
        }
        if let diagnostic = unusualLineBreak(bytes) { return (nil, [diagnostic]) }
        return bytes.withUnsafeBufferPointer { buffer in parse(buffer, bytes: bytes) }
    }

    /// A line break other than LF or CRLF: a CR alone, NEL (U+0085), LINE SEPARATOR
    /// (U+2028) or PARAGRAPH SEPARATOR (U+2029). YAML starts a new line at each, most
    /// editors, diffs and reviews do not: a rule after one looks like part of a comment
    /// or of the line before, yet is read. Refused, at the line and column an editor
    /// shows (lines counted by LF, columns in characters).
    func unusualLineBreak(_ bytes: [UInt8]) -> Diagnostic? {
        // libyaml reads UTF-16 after its byte order mark: check the same text as UTF-8.
        if bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let little = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { little ? UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 : UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return unusualLineBreak(Array(String(decoding: units, as: UTF16.self).utf8))
        }
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var name: String?
            if byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
                name = "a carriage return (CR) not followed by a line feed"
            } else if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0x85 {
                name = "NEXT LINE (U+0085)"
            } else if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
                name = bytes[index + 2] == 0xA8 ? "LINE SEPARATOR (U+2028)" : "PARAGRAPH SEPARATOR (U+2029)"
            }
            if let name {
                return Diagnostic(.syntax, "\(name) breaks the line here for YAML but not in most editors; policies break lines with LF (or CRLF) only (in a quoted string, write it as an escape: \"\\u2028\")",
                                  at: SourceRange(file: file, at: SourceMark(line: line, column: column, offset: index)))
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return nil
    }

    /// Byte offsets of libyaml's marks. libyaml's `index` counts characters (code
    /// points) after any byte order mark; a mark's `offset` is a byte offset, which the
    /// formatter slices the source with. Nil when they are the same (ASCII, no mark).
    static func characterStarts(_ bytes: [UInt8]) -> [Int]? {
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        guard bom || bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count + 1)
        for index in (bom ? 3 : 0)..<bytes.count where bytes[index] & 0xC0 != 0x80 { starts.append(index) }
        starts.append(bytes.count)
        return starts
    }

    private func mark(_ m: yaml_mark_t, _ starts: [Int]?) -> SourceMark {
        let index = Int(m.index)
        let offset = starts.map { $0[min(max(0, index), $0.count - 1)] } ?? index
        return SourceMark(line: Int(m.line) + 1, column: Int(m.column) + 1, offset: offset)
    }

    private func range(_ event: yaml_event_t, _ starts: [Int]?) -> SourceRange {
        SourceRange(file: file, start: mark(event.start_mark, starts), end: mark(event.end_mark, starts))
    }

    private func parse(_ buffer: UnsafeBufferPointer<UInt8>, bytes: [UInt8]) -> (YAMLNode?, [Diagnostic]) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            return (nil, [Diagnostic(.syntax, "could not start the YAML parser", at: .fileStart(file))])
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

        let starts = Self.characterStarts(bytes)
        var diagnostics: [Diagnostic] = []
        var stack: [Partial] = []
        var root: YAMLNode?
        var documents = 0
        var event = yaml_event_t()

        func complete(_ node: YAMLNode) {
            guard !stack.isEmpty else {
                root = node
                return
            }
            let top = stack.count - 1
            if !stack[top].isMapping {
                stack[top].items.append(node)
            } else if let key = stack[top].pendingKey {
                stack[top].pairs.append(YAMLPair(key: key, value: node))
                stack[top].pendingKey = nil
            } else {
                if let name = node.scalarText {
                    if let first = stack[top].seen[name] {
                        diagnostics.append(Diagnostic(.duplicateKey,
                            "duplicate key '\(name)' (first at line \(first))", at: node.range))
                    } else {
                        stack[top].seen[name] = node.range.start.line
                    }
                } else {
                    diagnostics.append(Diagnostic(.syntax, "a key must be plain text, not \(node.typeName)", at: node.range))
                }
                stack[top].pendingKey = node
            }
        }

        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                diagnostics.append(parserError(parser, bytes: bytes))
                return (nil, diagnostics)
            }
            defer { yaml_event_delete(&event) }
            let here = range(event, starts)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                if documents == 0 {
                    diagnostics.append(Diagnostic(.missingKey, "the policy is empty: expected a mapping with 'version' and 'default'", at: here))
                }
                return (root, diagnostics)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    diagnostics.append(Diagnostic(.syntax, "a policy file holds one YAML document; found a second one", at: here))
                    return (nil, diagnostics)
                }
            case YAML_ALIAS_EVENT:
                diagnostics.append(Diagnostic(.anchorAlias, "YAML aliases are not allowed in a policy", at: here, hint: "write the value out in full"))
                return (nil, diagnostics)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                if let problem = decoration(anchor: scalar.anchor, tag: scalar.tag, at: here) {
                    diagnostics.append(problem)
                    return (nil, diagnostics)
                }
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                complete(YAMLNode(.scalar(text, quoted: scalar.style != YAML_PLAIN_SCALAR_STYLE), range: here))
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
                if let problem = decoration(anchor: anchor, tag: tag, at: here) {
                    diagnostics.append(problem)
                    return (nil, diagnostics)
                }
                if stack.count >= limits.maximumDepth {
                    diagnostics.append(Diagnostic(.inputLimit, "nesting deeper than \(limits.maximumDepth) levels", at: here))
                    return (nil, diagnostics)
                }
                stack.append(Partial(isMapping: isMapping, start: here.start))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                guard let top = stack.popLast() else { continue }
                let range = SourceRange(file: file, start: top.start, end: here.end)
                complete(YAMLNode(top.isMapping ? .mapping(top.pairs) : .sequence(top.items), range: range))
            default:
                continue
            }
        }
    }

    private func decoration(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at range: SourceRange) -> Diagnostic? {
        if anchor != nil {
            return Diagnostic(.anchorAlias, "YAML anchors are not allowed in a policy", at: range, hint: "write the value out in full")
        }
        if let tag {
            let name = String(cString: tag)
            return Diagnostic(.syntax, "YAML tags are not allowed in a policy (found '\(name)')", at: range)
        }
        return nil
    }

    private func parserError(_ parser: yaml_parser_t, bytes: [UInt8]) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        let context = parser.context.map { String(cString: $0) }
        if let context { message += " \(context)" }
        let markIndex = Int(parser.problem_mark.index)
        let isTab = markIndex >= 0 && markIndex < bytes.count && bytes[markIndex] == 0x09
        let hint = YAMLSyntaxHint(problem: problem, context: context, isTabAtMark: isTab)?.text
        let at: SourceMark
        if parser.error == YAML_READER_ERROR {
            at = Self.mark(ofByte: parser.problem_offset, in: bytes)
            if parser.problem_value != -1 {
                let hex = String(UInt8(truncatingIfNeeded: parser.problem_value), radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(parser.problem_offset))"
            }
        } else {
            at = mark(parser.problem_mark, Self.characterStarts(bytes))
        }
        return Diagnostic(.syntax, message, at: SourceRange(file: file, at: at), hint: hint)
    }

    /// Line and column (in characters) of a byte offset.
    static func mark(ofByte offset: Int, in bytes: [UInt8]) -> SourceMark { SourceMark(ofByte: offset, in: bytes) }
}
