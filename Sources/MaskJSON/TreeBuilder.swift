import MaskStorage
import MaskEngine

/// Where ``TreeBuilder`` hands each view, in pre-order.
protocol ViewSink {
    /// Whether views may be handed as bytes (``add(raw:parent:)``).
    var takesRawFacts: Bool { get }
    /// Takes the next view.
    mutating func add(_ facts: ViewFacts, parent: Int?)
    /// Takes the next view, as bytes (only when ``takesRawFacts``; never with superclasses).
    mutating func add(raw facts: RawViewFacts, parent: Int?)
}

/// Reads the view tree out of a JSON tape: the `{"screen", "root"}` wrapper or a bare
/// node, each node's class, identifiers, flags and children, with types checked.
///
/// Iterative: a tree of any depth is read with an explicit work stack.
enum TreeBuilder {
    /// The fields the engine reads from a view node.
    enum Field: UInt32 {
        case `class` = 1, superclasses = 2, id = 4, accessibilityIdentifier = 8, restorationIdentifier = 16
        case tag = 32, isSecureTextEntry = 64, password = 128, textContentType = 256, children = 512
        case inputType = 1024, autofillHints = 2048, secureTextEntry = 4096, obscureText = 8192
        /// Read for its `source` only (``ImageSource``); never a duplicate-key error.
        case image = 16384
        /// Android's `AccessibilityNodeInfo.isPassword` and Flutter's semantics flag, as
        /// capture tools name them: booleans, like `password`.
        case isPassword = 32768, isObscured = 65536
        /// HTML `autocomplete` and React Native's `autoComplete`: a content type, read as
        /// `textContentType` is.
        case autocomplete = 131072, autoComplete = 262144
        /// A web input's or an XCUITest element's `type`: secure when a string naming a
        /// password input (``SecureContent/isSecureInputTypeName(_:)``). A generic key:
        /// any other value, and a second `type`, are no error.
        case type = 524288
        case other = 0

        static let byName: [String: Field] = [
            "class": .class, "superclasses": .superclasses, "id": .id,
            "accessibilityIdentifier": .accessibilityIdentifier, "restorationIdentifier": .restorationIdentifier,
            "tag": .tag, "isSecureTextEntry": .isSecureTextEntry, "password": .password,
            "textContentType": .textContentType, "children": .children,
            "inputType": .inputType, "autofillHints": .autofillHints,
            "secureTextEntry": .secureTextEntry, "obscureText": .obscureText, "image": .image,
            "isPassword": .isPassword, "isObscured": .isObscured, "autocomplete": .autocomplete,
            "autoComplete": .autoComplete, "type": .type,
        ]

        var name: String { Field.byName.first { $0.value == self }?.key ?? "?" }
    }

    /// The field a key names (``TreeKeys``).
    static func field(_ tape: JSONTape, _ key: Int) -> Field {
        TreeKeys.shared.meaning(tape, key).field
    }

    static func typeName(_ kind: JSONToken.Kind) -> String {
        switch kind {
        case .objectStart, .raw: return "an object"
        case .arrayStart: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .true, .false: return "a boolean"
        case .null: return "null"
        case .objectEnd, .arrayEnd: return "the end of a container"
        }
    }

    /// The screen a wrapped tree names, read ahead of `build` (which checks the shape).
    static func screen(of tape: JSONTape) -> String? {
        let tokens = tape.tokens
        guard tokens.first?.kind == .objectStart else { return nil }
        var k = 1, screen: String?
        while tokens[k].kind != .objectEnd {
            if field(tape, k) == .class { return nil }
            if tape.keyEquals(k, "screen"), tokens[k + 1].kind == .string, screen == nil {
                screen = tape.string(k + 1)
            }
            k = tape.end(ofValueAt: k + 1)
        }
        return screen
    }

    /// Reads the tree, handing each view (in pre-order, parents first) to `sink`.
    static func build<Sink: ViewSink>(_ tape: JSONTape, into sink: inout Sink) throws(ShapeError) -> TreeLayout {
        var interner = StringInterner()
        return try build(tape, interner: &interner, into: &sink)
    }

    /// ``build(_:into:)``, numbering class names with `interner`, which may carry the
    /// numbers of trees read before (``RawViewFacts/classSlot`` keeps its meaning).
    static func build<Sink: ViewSink>(_ tape: JSONTape, interner: inout StringInterner, into sink: inout Sink) throws(ShapeError) -> TreeLayout {
        let tokens = tape.tokens
        guard tokens[0].kind == .objectStart else {
            throw ShapeError(token: 0, path: "$", message: "expected a view object or {\"screen\", \"root\"}, found \(typeName(tokens[0].kind))")
        }
        // Wrapper or bare node?
        var rootToken = 0
        var screen: String?
        var isWrapped = false
        var hasClass = false, rootKey = -1
        var k = 1
        while tokens[k].kind != .objectEnd {
            let f = field(tape, k)
            if f == .class { hasClass = true }
            if rootKey < 0 && tape.keyEquals(k, "root") { rootKey = k }
            k = tape.end(ofValueAt: k + 1)
        }
        if hasClass && rootKey >= 0 {
            throw ShapeError(token: rootKey, path: "$", message: "ambiguous tree: the top-level object has both \"class\" (a view) and \"root\" (a wrapper)")
        }
        if !hasClass {
            guard rootKey >= 0 else {
                throw ShapeError(token: 0, path: "$", message: "expected a view (with \"class\") or {\"screen\", \"root\"}; found neither \"class\" nor \"root\"")
            }
            isWrapped = true
            rootToken = rootKey + 1
            guard tokens[rootToken].kind == .objectStart else {
                throw ShapeError(token: rootToken, path: "$.root", message: "expected a view object, found \(typeName(tokens[rootToken].kind))")
            }
            k = 1
            var seenScreen = false
            while tokens[k].kind != .objectEnd {
                if tape.keyEquals(k, "screen") {
                    if seenScreen { throw ShapeError(token: k, path: "$.screen", message: "duplicate key \"screen\"") }
                    seenScreen = true
                    switch tokens[k + 1].kind {
                    case .string: screen = tape.string(k + 1)
                    case .null: screen = nil
                    default: throw ShapeError(token: k + 1, path: "$.screen", message: "expected a string, found \(typeName(tokens[k + 1].kind))")
                    }
                } else if k != rootKey && tape.keyEquals(k, "root") {
                    throw ShapeError(token: k, path: "$.root", message: "duplicate key \"root\"")
                }
                k = tape.end(ofValueAt: k + 1)
            }
        }

        let viewTokens = try tape.source.withUnsafeBytes { (byteBuffer) throws(ShapeError) -> [Int32] in
            try tape.tokens.withUnsafeBufferPointer { (tokenBuffer) throws(ShapeError) -> [Int32] in
                try views(tape, bytes: byteBuffer.baseAddress!, tokens: tokenBuffer.baseAddress!,
                          root: rootToken, rootPath: isWrapped ? "$.root" : "$", interner: &interner, into: &sink)
            }
        }
        return TreeLayout(tape: tape, viewTokens: viewTokens, isWrapped: isWrapped, screen: screen)
    }

    /// Reads the views from the root object at `root` on, over the tape's storage.
    /// - Returns: each view's object-start token, in view order.
    private static func views<Sink: ViewSink>(_ tape: JSONTape, bytes: UnsafePointer<UInt8>, tokens: UnsafePointer<JSONToken>,
                                              root: Int, rootPath: String, interner: inout StringInterner,
                                              into sink: inout Sink) throws(ShapeError) -> [Int32] {
        var viewTokens: [Int32] = []
        viewTokens.reserveCapacity(tape.tokens.count / 8)
        let reader = ViewObjectReader(tape: tape, bytes: bytes, tokens: tokens, root: root, rootPath: rootPath)
        let takesRaw = sink.takesRawFacts
        // The tape is read front to back: a view's keys, then its children, each child
        // where the previous one's subtree ended. `pending` holds the children arrays
        // being read: (parent view, next child's token, the array's end token).
        var pending = UnsafeStack<(parent: Int32, next: Int, end: Int)>()
        var object = root
        var parent: Int32 = -1
        var haveObject = true
        while true {
            if !haveObject {
                guard let top = pending.last else { break }
                if top.next >= top.end {
                    _ = pending.popLast()
                    continue
                }
                let e = top.next
                guard tokens[e].kind == .objectStart else {
                    let parentToken = Int(viewTokens[Int(top.parent)])
                    throw ShapeError(token: e, path: Self.path(tape, to: parentToken, root: root, rootPath: rootPath)
                                        + ".children[\(Self.elementOrdinal(tape, array: parentToken, element: e))]",
                                     message: "expected a view object, found \(typeName(tokens[e].kind))")
                }
                pending.top.next = Int(tokens[e].length) + 1
                object = e
                parent = top.parent
            }
            haveObject = false
            let view = viewTokens.count
            let facts = try reader.facts(of: object, interner: &interner)
            reader.hand(facts, to: &sink, parent: parent >= 0 ? Int(parent) : nil, raw: takesRaw, interner: &interner)
            viewTokens.append(Int32(object))
            if facts.childrenArray >= 0 {
                let arrayEnd = Int(tokens[facts.childrenArray].length)
                if facts.childrenArray + 1 < arrayEnd { pending.append((Int32(view), facts.childrenArray + 1, arrayEnd)) }
            }
        }
        return viewTokens
    }

    /// The JSON path of the view object at token `target`, found by descending from the
    /// root through the `children` arrays that hold it (for errors: O(n) tokens).
    static func path(_ tape: JSONTape, to target: Int, root: Int, rootPath: String) -> String {
        var path = rootPath
        var object = root
        while object != target {
            var next = -1
            var k = object + 1
            while next < 0 && tape.tokens[k].kind != .objectEnd {
                let array = k + 1
                if field(tape, k) == .children, tape.tokens[array].kind == .arrayStart, array < target, target < tape.end(ofValueAt: array) {
                    var e = array + 1, ordinal = 0
                    while tape.tokens[e].kind != .arrayEnd {
                        let end = tape.end(ofValueAt: e)
                        if e <= target && target < end {
                            path += ".children[\(ordinal)]"
                            next = e
                            break
                        }
                        ordinal += 1
                        e = end
                    }
                }
                k = tape.end(ofValueAt: array)
            }
            guard next >= 0 else { return path }
            object = next
        }
        return path
    }

    /// The position of an element within the `children` array of the view object at `array`.
    static func elementOrdinal(_ tape: JSONTape, array viewToken: Int, element: Int) -> Int {
        var k = viewToken + 1
        while tape.tokens[k].kind != .objectEnd {
            if field(tape, k) == .children, tape.tokens[k + 1].kind == .arrayStart {
                var e = k + 2, ordinal = 0
                while tape.tokens[e].kind != .arrayEnd {
                    if e == element { return ordinal }
                    ordinal += 1
                    e = tape.end(ofValueAt: e)
                }
            }
            k = tape.end(ofValueAt: k + 1)
        }
        return 0
    }
}
