import MaskEngine
import MaskJSON

/// Rico view hierarchies: `{"activity_name": "pkg/pkg.Activity", "activity": {"root": NODE}}`.
enum RicoImporter {
    /// Boolean flags copied under their own names when they are booleans.
    static let flags: Set<String> = ["checkable", "checked", "clickable", "enabled", "focusable", "focused", "selected"]

    /// The keys of a Rico capture that the importer reads: an error's path shows these
    /// by name, any other key by position (``JSONPath/member(_:position:names:)``).
    static let keys: Set<String> = flags.union([
        "activity_name", "activity", "root", "class", "ancestors", "bounds", "text", "text-hint", "resource-id",
        "content-desc", "visibility", "visible-to-user", "password", "scrollable-horizontal", "scrollable-vertical", "children",
        "inputType", "input-type", "input_type", "autofillHints", "autofill-hints", "autofill_hints",
    ])

    static func convert(_ tape: JSONTape, bytes: [UInt8], file: String) throws(ImportError) -> TreeOutput {
        let reader = Reader(tape: tape, bytes: bytes, file: file)
        var output = TreeOutput()
        let rootToken: Int
        (output.screen, rootToken) = try reader.screenAndRoot()
        // Work stack of (object token, parent view); children pushed in reverse so views
        // come out in document order.
        var work: [(token: Int, parent: Int32)] = [(rootToken, -1)]
        var childTokens: [Int] = []
        while let (object, parent) = work.popLast() {
            childTokens.removeAll(keepingCapacity: true)
            let node = try reader.view(at: object, children: &childTokens)
            let index = output.add(node, parent: parent)
            for child in childTokens.reversed() { work.append((child, index)) }
        }
        return output
    }

    /// Reads a Rico capture's parts off its tape; errors name the token's position.
    private struct Reader {
        let tape: JSONTape
        let bytes: [UInt8]
        let file: String
        var tokens: [JSONToken] { tape.tokens }

        func fail(_ token: Int, _ message: String) -> ImportError {
            let t = tokens[token]
            return ImportError(file: file, bytes: bytes, offset: Int(t.start) - (t.kind == .string ? 1 : 0), message: message, reason: .shape)
        }

        /// Keys a view object may hold once.
        static let singleKeys: Set<String> = ["class", "ancestors", "password", "children"]

        /// `activity_name`, and the token of `activity.root` (a view object).
        func screenAndRoot() throws(ImportError) -> (screen: String?, root: Int) {
            guard tokens[0].kind == .objectStart else { throw fail(0, "expected a Rico capture object ({\"activity_name\", \"activity\"})") }
            var screen: String?
            var rootToken = -1
            var k = 1
            var seen: Set<String> = []
            while tokens[k].kind != .objectEnd {
                let key = tape.string(k)
                if key == "activity_name" || key == "activity", !seen.insert(key).inserted {
                    throw fail(k, "duplicate key \"\(key)\" in the capture object")
                }
                if key == "activity_name", tokens[k + 1].kind == .string {
                    screen = tape.string(k + 1)
                } else if key == "activity" {
                    guard tokens[k + 1].kind == .objectStart else { throw fail(k + 1, "expected an object at $.activity") }
                    var a = k + 2
                    while tokens[a].kind != .objectEnd {
                        if tape.string(a) == "root" {
                            guard rootToken < 0 else { throw fail(a, "duplicate key \"root\" at $.activity") }
                            rootToken = a + 1
                        }
                        a = tape.end(ofValueAt: a + 1)
                    }
                }
                k = tape.end(ofValueAt: k + 1)
            }
            guard rootToken >= 0 else { throw fail(0, "no view hierarchy: expected $.activity.root") }
            guard tokens[rootToken].kind == .objectStart else { throw fail(rootToken, "expected a view object at $.activity.root") }
            return (screen, rootToken)
        }

        /// The elements of the array at `array` that are of `kind` (others skipped).
        func elements(of array: Int, _ kind: JSONToken.Kind) -> [Int] {
            var found: [Int] = []
            var e = array + 1
            while tokens[e].kind != .arrayEnd {
                if tokens[e].kind == kind { found.append(e) }
                e = tape.end(ofValueAt: e)
            }
            return found
        }

        /// The view object at `object`, as a tree node; its children's tokens are
        /// appended to `children`, in document order.
        func view(at object: Int, children: inout [Int]) throws(ImportError) -> ViewNode {
            var node = ViewNode(className: "")
            var ancestors: [String]?
            var bounds: [Double]?
            var scrollable: Bool?
            var inputTypes: [String] = [], hints: [String] = []
            var k = object + 1
            var seen: Set<String> = []
            while tokens[k].kind != .objectEnd {
                let v = k + 1
                let kind = tokens[v].kind
                let key = tape.string(k)
                // A second class, chain, marker or child list: which one the capture means
                // is unknown, so the capture is refused (as maskc's own trees are).
                if Self.singleKeys.contains(key), !seen.insert(key).inserted {
                    throw fail(k, "duplicate key \"\(key)\" in a view object")
                }
                switch key {
                case "class": if kind == .string { node.className = tape.string(v) }
                case "ancestors":
                    if kind == .arrayStart { ancestors = elements(of: v, .string).map(tape.string) }
                case "bounds":
                    if kind == .arrayStart {
                        let list = elements(of: v, .number).compactMap { TreeOutput.number(Substring(decoding: tape.raw($0), as: UTF8.self)) }
                        bounds = list.count == 4 ? list : nil
                    }
                case "text": if kind == .string, tokens[v].length > 0 { node.text = tape.string(v) }
                case "text-hint": if kind == .string, tokens[v].length > 0 { node.placeholder = tape.string(v) }
                case "resource-id": if kind == .string, tokens[v].length > 0 { node.accessibilityIdentifier = tape.string(v) }
                case "content-desc":
                    let parts = kind == .string ? [tape.string(v)] : kind == .arrayStart ? elements(of: v, .string).map(tape.string) : []
                    let label = parts.filter { !$0.isEmpty }.joined(separator: " ")
                    if !label.isEmpty { node.accessibilityLabel = label }
                case "visibility": if kind == .string { node.others.append(("visibility", .string(tape.string(v)))) }
                // Off screen or covered: the replay encoder leaves it out.
                case "visible-to-user": if kind == .false { node.others.append(("hidden", .bool(true))) }
                // The secure-entry markers, under any spelling a tool gives them (`password`,
                // `PASSWORD`, `isPassword`, `input_type`, `autocomplete`, ...). Not all are
                // in Rico itself, but in captures in its form that add them, as the XML
                // importer reads them. Fails closed: a flag is unset only by `false`,
                // `null`, `0` or the text `false`; any value the importer cannot read is
                // secure.
                case _ where SecureMarkerKey.of(key) != nil:
                    switch (SecureMarkerKey.of(key)!, kind) {
                    case (.flag, .false), (.flag, .null): break
                    case (.flag, .string): if SecureMarker.isSet(tape.string(v)) { node.isSecureTextEntry = true }
                    case (.flag, .number): if SecureMarker.isSet(String(decoding: tape.raw(v), as: UTF8.self)) { node.isSecureTextEntry = true }
                    case (.inputType, .number): inputTypes.append(String(decoding: tape.raw(v), as: UTF8.self))
                    case (.inputType, .string): inputTypes.append(tape.string(v))
                    case (.autofillHints, .string): hints.append(tape.string(v))
                    case (.autofillHints, .arrayStart):
                        var e = v + 1
                        while tokens[e].kind != .arrayEnd {
                            if tokens[e].kind == .string { hints.append(tape.string(e)) } else if tokens[e].kind != .null { node.isSecureTextEntry = true }
                            e = tape.end(ofValueAt: e)
                        }
                    case (.contentType, .string): if SecureContent.isSecureName(tape.string(v)) { node.isSecureTextEntry = true }
                    case (_, .null): break
                    default: node.isSecureTextEntry = true
                    }
                // A web input's or another tool's `type` naming a password input, as a
                // tree's `type` is read (a string, or strings in an array).
                case _ where SecureMarker.isTypeName(key):
                    let types = kind == .string ? [tape.string(v)] : kind == .arrayStart ? elements(of: v, .string).map(tape.string) : []
                    if types.contains(where: { var type = $0; return type.withUTF8 { SecureContent.isSecureInputTypeName($0) } }) {
                        node.isSecureTextEntry = true
                    }
                case "scrollable-horizontal", "scrollable-vertical":
                    if kind == .true { scrollable = true } else if kind == .false, scrollable == nil { scrollable = false }
                case "children":
                    try childViews(of: v, into: &children)
                case let name where flags.contains(name):
                    if kind == .true { node.others.append((name, .bool(true))) } else if kind == .false { node.others.append((name, .bool(false))) }
                default: break
                }
                k = tape.end(ofValueAt: v)
            }
            AndroidImporter.keep(inputTypes: inputTypes, hints: hints, in: &node)
            // Rico always names the class; fall back to the nearest ancestor if not.
            if node.className.isEmpty { node.className = ancestors?.first ?? "android.view.View" }
            node.superclasses = ancestors
            if let bounds { node.frame = (bounds[0], bounds[1], bounds[2] - bounds[0], bounds[3] - bounds[1]) }
            if let scrollable { node.others.append(("scrollable", .bool(scrollable))) }
            return node
        }

        /// The view objects of a `children` value (an array of views and nulls, or null).
        func childViews(of value: Int, into children: inout [Int]) throws(ImportError) {
            switch tokens[value].kind {
            case .null: return
            case .arrayStart: break
            default: throw fail(value, "expected an array of views for \"children\"")
            }
            var e = value + 1
            var ordinal = 0
            while tokens[e].kind != .arrayEnd {
                switch tokens[e].kind {
                case .objectStart: children.append(e)
                case .null: break
                default: throw fail(e, "expected a view object or null at a children[\(ordinal)] entry")
                }
                ordinal += 1
                e = tape.end(ofValueAt: e)
            }
        }
    }
}
