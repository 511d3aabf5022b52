import MaskStorage
import MaskEngine

/// What ``TreeBuilder`` reads from one view object: the value tokens of its facts
/// (-1: absent or null), the facts already parsed, and its `children` array.
struct ViewObjectFacts {
    var classToken = -1, idToken = -1, accessibilityToken = -1, restorationToken = -1, contentTypeToken = -1
    var superclasses: [String]?, tag: Int?, isSecureTextEntry = false
    var inputType: Int?, autofillHints: [String]?
    /// The image's `source`; nil when absent, unknown, or the view has two `image` keys.
    var imageSource: ImageSource?
    var imageCount = 0
    var childrenArray = -1
}

/// Reads view objects off a tape's storage, one at a time: their keys, types checked,
/// into ``ViewObjectFacts``, then hands them to a sink, as bytes where it can.
struct ViewObjectReader {
    let tape: JSONTape
    let bytes: UnsafePointer<UInt8>
    let tokens: UnsafePointer<JSONToken>
    let root: Int
    let rootPath: String
    let keys = TreeKeys.shared

    typealias Field = TreeBuilder.Field

    @inline(__always) func end(ofValueAt index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .objectStart || token.kind == .arrayStart ? Int(token.length) + 1 : index + 1
    }

    /// The raw bytes of a string or number token (escapes not decoded).
    @inline(__always) func raw(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + Int(tokens[index].start), count: Int(tokens[index].length))
    }

    /// A string token's text, decoded.
    func plain(_ index: Int) -> String {
        tokens[index].hasEscapes ? tape.string(index) : String(decoding: raw(index), as: UTF8.self)
    }

    /// A class name's text, shared with equal strings seen before (class names repeat;
    /// identifiers mostly do not, and are decoded with `plain`).
    func text(_ index: Int, _ interner: inout StringInterner) -> String {
        tokens[index].hasEscapes ? tape.string(index) : interner.intern(raw(index))
    }

    /// Whether the key at `key` is `type` in another case (`Type`, `TYPE`).
    func isTypeKey(_ key: Int) -> Bool {
        let text = tokens[key].hasEscapes ? plain(key) : String(decoding: raw(key), as: UTF8.self)
        return text.utf8.count == 4 && text.lowercased() == "type"
    }

    /// Whether a `type` value marks its view: a string, or an array of them (a tool
    /// that lists a view's types, `["password", "text"]`), any one naming a password
    /// input (``SecureContent/isSecureInputTypeName(_:)``).
    func typeMarks(_ value: Int) -> Bool {
        if tokens[value].kind == .string {
            return SecureContent.isSecureInputTypeName(raw(value), escaped: tokens[value].hasEscapes ? plain(value) : nil)
        }
        guard tokens[value].kind == .arrayStart else { return false }
        var e = value + 1
        while tokens[e].kind != .arrayEnd {
            if tokens[e].kind == .string, SecureContent.isSecureInputTypeName(raw(e), escaped: tokens[e].hasEscapes ? plain(e) : nil) { return true }
            e = end(ofValueAt: e)
        }
        return false
    }

    /// Whether a secure marker under another tool's spelling (``SecureMarkerKey``)
    /// marks its view: as the documented key reads it, and any value of another JSON
    /// type (an object, a list where none is read) marks it too. `null` never does.
    func marks(_ marker: SecureMarkerKey, _ value: Int) -> Bool {
        let kind = tokens[value].kind
        switch (marker, kind) {
        case (_, .null), (.flag, .false): return false
        case (.flag, .true): return true
        case (.flag, .number): return Double(String(decoding: raw(value), as: UTF8.self)) != 0
        case (.flag, .string):
            let text = plain(value).lowercased().filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }
            return text != "false" && text != "0"
        case (.inputType, .number): return SecureContent.isSecureInputType(Int(String(decoding: raw(value), as: UTF8.self)) ?? -1)
        case (.inputType, .string): return SecureContent.isSecureInputType(SecureContent.inputType(parsing: plain(value)))
        case (.autofillHints, .string): return plain(value).split(separator: ",").contains { SecureContent.isSecureName(String($0)) }
        case (.autofillHints, .arrayStart):
            var e = value + 1
            while tokens[e].kind != .arrayEnd {
                if tokens[e].kind == .string ? SecureContent.isSecureName(plain(e)) : tokens[e].kind != .null { return true }
                e = end(ofValueAt: e)
            }
            return false
        case (.contentType, .string): return SecureContent.isSecureName(plain(value))
        default: return true
        }
    }

    /// The JSON path of the view object at `object` (for errors only).
    func path(_ object: Int) -> String { TreeBuilder.path(tape, to: object, root: root, rootPath: rootPath) }

    /// The strings of the array at `array` (a string field's elements), decoded by `decode`.
    func strings(inArray array: Int, field: Field, object: Int, _ decode: (Int) -> String) throws(ShapeError) -> [String] {
        var list: [String] = []
        var e = array + 1
        while tokens[e].kind != .arrayEnd {
            guard tokens[e].kind == .string else {
                throw ShapeError(token: e, path: path(object) + ".\(field.name)[\(list.count)]", message: "expected a string, found \(TreeBuilder.typeName(tokens[e].kind))")
            }
            list.append(decode(e))
            e += 1
        }
        return list
    }

    /// ``strings(inArray:field:object:_:)`` for a list that repeats from view to view
    /// (`superclasses`): one shared array per distinct list, when no element has escapes.
    func internedStrings(inArray array: Int, field: Field, object: Int, _ interner: inout StringInterner) throws(ShapeError) -> [String] {
        interner.startList()
        var e = array + 1
        while tokens[e].kind == .string && !tokens[e].hasEscapes {
            interner.appendToList(raw(e))
            e += 1
        }
        // Anything else (an escape; an element not a string, reported there) reads plainly.
        guard tokens[e].kind == .arrayEnd else { return try strings(inArray: array, field: field, object: object) { text($0, &interner) } }
        return interner.finishList()
    }

    /// Reads the keys of the view object at `object`, checking each fact's type.
    /// - Throws: ``ShapeError`` for a duplicate fact key, a fact of the wrong type, or
    ///   a view without `class`.
    @inline(__always)
    func facts(of object: Int, interner: inout StringInterner) throws(ShapeError) -> ViewObjectFacts {
        let objectEnd = Int(tokens[object].length)
        func typeName(_ kind: JSONToken.Kind) -> String { TreeBuilder.typeName(kind) }
        // The value tokens of the view's facts (-1: absent or null), checked as read.
        var facts = ViewObjectFacts()
        var seen: UInt32 = 0
        var k = object + 1
        // Bounded by the object's end token, so a view whose last key is `children`
        // never reads past its subtree (a far, uncached read for every parent).
        while k < objectEnd {
            let f = keys.meaning(tape, bytes: bytes, tokens[k], at: k).field
            let v = k + 1
            if f == .image {
                // Two images: which one is drawn is unknown, so neither counts as bundled.
                facts.imageCount += 1
                facts.imageSource = facts.imageCount == 1 ? imageSource(at: v) : nil
            } else if f == .type {
                if typeMarks(v) { facts.isSecureTextEntry = true }
            } else if f == .other {
                // A marker under another tool's spelling (`is_password`, `PASSWORD`,
                // `input_type`): no error for its value, which fails closed.
                if tokens[k].length >= 8, let marker = tokens[k].hasEscapes ? SecureMarkerKey.of(plain(k)) : SecureMarkerKey.of(raw(k)),
                   marks(marker, v) {
                    facts.isSecureTextEntry = true
                } else if tokens[k].length == 4 || tokens[k].hasEscapes, isTypeKey(k), typeMarks(v) {
                    // `Type`, `TYPE`: HTML attribute names have no case.
                    facts.isSecureTextEntry = true
                }
            } else {
                if seen & f.rawValue != 0 {
                    throw ShapeError(token: k, path: path(object), message: "duplicate key \"\(f.name)\"")
                }
                seen |= f.rawValue
                let kind = tokens[v].kind
                func expect(_ wanted: String) -> ShapeError {
                    ShapeError(token: v, path: path(object) + "." + f.name, message: "expected \(wanted), found \(typeName(kind))")
                }
                switch f {
                case .class:
                    guard kind == .string else { throw expect("a string") }
                    // An escape stands for at least one character: only `""` is empty.
                    if tokens[v].length == 0 { throw ShapeError(token: v, path: path(object) + ".class", message: "empty class name") }
                    facts.classToken = v
                case .superclasses:
                    if kind == .null { break }
                    guard kind == .arrayStart else { throw expect("an array of strings") }
                    facts.superclasses = try internedStrings(inArray: v, field: f, object: object, &interner)
                case .id:
                    switch kind {
                    case .string, .number: facts.idToken = v
                    case .null: break
                    default: throw expect("a string")
                    }
                case .accessibilityIdentifier, .restorationIdentifier, .textContentType:
                    if kind == .null { break }
                    guard kind == .string else { throw expect("a string") }
                    if f == .accessibilityIdentifier { facts.accessibilityToken = v }
                    else if f == .restorationIdentifier { facts.restorationToken = v }
                    else { facts.contentTypeToken = v }
                case .tag:
                    if kind == .null { break }
                    guard kind == .number, let n = Int(String(decoding: raw(v), as: UTF8.self)) else { throw expect("an integer") }
                    facts.tag = n
                case .isSecureTextEntry, .password, .secureTextEntry, .obscureText, .isPassword, .isObscured:
                    switch kind {
                    case .true: facts.isSecureTextEntry = true
                    case .false, .null: break
                    default: throw expect("a boolean")
                    }
                case .inputType:
                    switch kind {
                    // A number that is not an integer is unreadable: -1, secure.
                    case .number: facts.inputType = Int(String(decoding: raw(v), as: UTF8.self)) ?? -1
                    case .string: facts.inputType = SecureContent.inputType(parsing: plain(v))
                    case .null: break
                    default: throw expect("an integer or a string")
                    }
                case .autofillHints:
                    switch kind {
                    case .string:
                        // Layouts join several hints with commas.
                        facts.autofillHints = plain(v).split(separator: ",").map { String($0) }
                    case .arrayStart:
                        facts.autofillHints = try strings(inArray: v, field: f, object: object, plain)
                    case .null: break
                    default: throw expect("a string or an array of strings")
                    }
                case .autocomplete, .autoComplete:
                    // Read where it stands, so `textContentType` keeps its own token.
                    switch kind {
                    case .string:
                        let secure = tokens[v].hasEscapes ? SecureContent.isSecureName(plain(v)) : SecureContent.isSecureName(raw(v))
                        if secure { facts.isSecureTextEntry = true }
                    case .null: break
                    default: throw expect("a string")
                    }
                case .children:
                    if kind == .null { break }
                    guard kind == .arrayStart else { throw expect("an array of views") }
                    facts.childrenArray = v
                case .other, .image, .type:
                    break
                }
            }
            k = end(ofValueAt: v)
        }
        guard facts.classToken >= 0 else {
            throw ShapeError(token: object, path: path(object), message: "view has no \"class\"")
        }
        return facts
    }

    /// The `source` of the `image` value at `value`: an object whose one `source` member
    /// names an ``ImageSource`` exactly. Anything else (a string, no `source`, an unknown
    /// name, two `source` members) is nil: not bundled.
    func imageSource(at value: Int) -> ImageSource? {
        guard tokens[value].kind == .objectStart else { return nil }
        let objectEnd = Int(tokens[value].length)
        var found: ImageSource?, count = 0
        var k = value + 1
        while k < objectEnd {
            if tape.keyEquals(k, "source") {
                count += 1
                found = tokens[k + 1].kind == .string ? ImageSource(rawValue: plain(k + 1)) : nil
            }
            k = end(ofValueAt: k + 1)
        }
        return count == 1 ? found : nil
    }

    /// Hands a view's facts to `sink`: as bytes when the sink takes them and nothing
    /// needs decoding (the common case: no strings made), else as ``ViewFacts``.
    @inline(__always)
    func hand<Sink: ViewSink>(_ facts: ViewObjectFacts, to sink: inout Sink, parent: Int?, raw takesRaw: Bool, interner: inout StringInterner) {
        @inline(__always) func escaped(_ token: Int) -> Bool { token >= 0 && tokens[token].hasEscapes }
        if takesRaw && facts.superclasses == nil && facts.autofillHints == nil && !tokens[facts.classToken].hasEscapes && !escaped(facts.idToken)
            && !escaped(facts.accessibilityToken) && !escaped(facts.restorationToken) && !escaped(facts.contentTypeToken) {
            @inline(__always) func optional(_ token: Int) -> UnsafeBufferPointer<UInt8>? { token >= 0 ? raw(token) : nil }
            let className = raw(facts.classToken)
            sink.add(raw: RawViewFacts(className: className, classSlot: interner.number(className), id: optional(facts.idToken),
                                       accessibilityIdentifier: optional(facts.accessibilityToken),
                                       restorationIdentifier: optional(facts.restorationToken),
                                       tag: facts.tag, isSecureTextEntry: facts.isSecureTextEntry, textContentType: optional(facts.contentTypeToken),
                                       inputType: facts.inputType, imageSource: facts.imageSource),
                     parent: parent)
        } else {
            @inline(__always) func optional(_ token: Int) -> String? { token >= 0 ? plain(token) : nil }
            sink.add(ViewFacts(className: text(facts.classToken, &interner), superclasses: facts.superclasses, id: optional(facts.idToken),
                               accessibilityIdentifier: optional(facts.accessibilityToken), restorationIdentifier: optional(facts.restorationToken),
                               tag: facts.tag, isSecureTextEntry: facts.isSecureTextEntry, textContentType: optional(facts.contentTypeToken),
                               inputType: facts.inputType, autofillHints: facts.autofillHints, imageSource: facts.imageSource),
                     parent: parent)
        }
    }
}
