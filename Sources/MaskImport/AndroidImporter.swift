import MaskEngine

/// Android captures: `uiautomator dump` XML (`<hierarchy><node class=...>`) and Appium's
/// Android page source (`<hierarchy><android.widget.TextView ...>`, the tag is the class).
enum AndroidImporter {
    /// The flags copied as booleans under their own names (all structural in maskc).
    static let flags = ["checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable", "selected"]

    static func convert(_ document: XMLDocument, bytes: [UInt8], file: String) throws(ImportError) -> TreeOutput {
        let elements = document.elements
        var output = TreeOutput()
        // Output index of each element (-1: not a view, i.e. the <hierarchy> wrapper).
        var outIndex = [Int32](repeating: -1, count: elements.count)
        let wrapped = elements[0].name == "hierarchy"
        var first = wrapped ? 1 : 0
        if wrapped {
            let top = elements[0].children
            guard !top.isEmpty else {
                throw ImportError(file: file, bytes: bytes, offset: elements[0].offset, message: "<hierarchy> holds no view element", reason: .shape)
            }
            if top.count > 1 {
                var synthetic = ViewNode(className: "android.view.View")
                synthetic.id = "hierarchy"
                outIndex[0] = output.add(synthetic, parent: -1)
            }
        } else {
            first = 0
        }
        // Elements come parents first, so one pass in order builds the tree.
        var index = first
        while index < elements.count {
            let element = elements[index]
            let node = view(element)
            if output.screen == nil, let package = element.attribute("package"), !package.isEmpty { output.screen = package }
            let parent = element.parent >= 0 ? outIndex[Int(element.parent)] : -1
            outIndex[index] = output.add(node, parent: parent)
            index += 1
        }
        output.root = 0
        return output
    }

    /// One view from a `<node>` or an Appium element.
    static func view(_ element: XMLElement) -> ViewNode {
        var className = element.name == "node" ? "android.view.View" : element.name
        var node = ViewNode(className: className)
        var bounds: String?
        var inputTypes: [String] = [], hints: [String] = []
        var hidden = false
        for (name, value) in element.attributes {
            switch name {
            case "class": if !value.isEmpty { className = value }
            case "bounds": bounds = value
            case "resource-id": if !value.isEmpty { node.accessibilityIdentifier = value }
            case "text": if !value.isEmpty { node.text = value }
            case "hint": if !value.isEmpty { node.placeholder = value }
            case "content-desc": if !value.isEmpty { node.accessibilityLabel = value }
            // The secure-entry markers under any spelling (``SecureMarkerKey/of(_:)``): a
            // namespace prefix (`a:password`), the name's case, `-` or `_` change nothing.
            // A flag fails closed: any value but `false` or `0` (`TRUE`, `1`, ` true`,
            // empty) is secure. `inputType` (a number, hex, or `textPassword|...` names)
            // and `autofillHints` (comma-joined) are not in `uiautomator dump`, but in
            // captures that add them; a content type (`autocomplete`) marks a password or
            // code.
            case _ where SecureMarkerKey.of(name) != nil:
                read(SecureMarkerKey.of(name)!, value, into: &node, inputTypes: &inputTypes, hints: &hints)
            // A web input's or another tool's `type` (`password`, `SecureTextField`), in
            // any case, read as a tree's `type` is.
            case _ where SecureMarker.isTypeName(name):
                var type = value
                if type.withUTF8({ SecureContent.isSecureInputTypeName($0) }) { node.isSecureTextEntry = true }
            // Off screen or covered (uiautomator), not displayed (Appium): the replay
            // encoder leaves it out. `false` in any case, as the password marker is read.
            case "visible-to-user", "displayed":
                if value.lowercased() == "false" && !hidden {
                    hidden = true
                    node.others.append(("hidden", .bool(true)))
                }
            // The order the parent draws its children in: the encoder's `zIndex`.
            case "drawing-order": if let order = Int(value) { node.others.append(("zIndex", .number(Double(order)))) }
            default:
                if flags.contains(name) {
                    if value == "true" { node.others.append((name, .bool(true))) } else if value == "false" { node.others.append((name, .bool(false))) }
                }
            }
        }
        keep(inputTypes: inputTypes, hints: hints, in: &node)
        node.className = className
        if let bounds { node.frame = frame(bounds) }
        return node
    }

    /// Reads a secure-entry marker an XML attribute gives (``SecureMarkerKey/of(_:)``): a
    /// flag or a content type marks the view; input types and hints are gathered for
    /// ``keep(inputTypes:hints:in:)``.
    static func read(_ marker: SecureMarkerKey, _ value: String, into node: inout ViewNode, inputTypes: inout [String], hints: inout [String]) {
        switch marker {
        case .flag: if SecureMarker.isSet(value) { node.isSecureTextEntry = true }
        case .inputType: inputTypes.append(value)
        case .autofillHints: hints.append(value)
        case .contentType: if SecureContent.isSecureName(value) { node.isSecureTextEntry = true }
        }
    }

    /// Keeps the input types and hints a view's markers gave, as a tree's fields.
    static func keep(inputTypes: [String], hints: [String], in node: inout ViewNode) {
        if !inputTypes.isEmpty { node.others.append(("inputType", .number(Double(inputType(inputTypes))))) }
        if !hints.isEmpty { node.others.append(("autofillHints", .string(joinedHints(hints)))) }
    }

    /// Autofill hints split at commas (the layout attribute's separator) and at any
    /// other separator a capture may use (spaces, `|`, `;`), joined with commas as trees
    /// take them.
    static func joinedHints(_ hints: [String]) -> String {
        hints.flatMap { $0.split(whereSeparator: { $0 == "," || $0 == "|" || $0 == ";" || $0.isWhitespace }) }.joined(separator: ",")
    }

    /// The `inputType` bits of one or more spellings of the attribute, as a number (the
    /// capture's text is not copied: the field is kept in masked output): a password
    /// variation any of them names; else their bits when they agree; else -1 (unreadable,
    /// which counts as secure), as for text the engine cannot read.
    static func inputType(_ values: [String]) -> Int {
        let parsed = values.map(SecureContent.inputType(parsing:))
        if let secure = parsed.first(where: SecureContent.isSecureInputType) { return secure }
        return parsed.allSatisfy({ $0 == parsed[0] }) ? parsed[0] : -1
    }

    /// `[l,t][r,b]` as x, y, width, height; nil when malformed.
    static func frame(_ bounds: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        var numbers: [Double] = []
        var rest = Substring(bounds)
        for _ in 0..<2 {
            rest = rest.drop(while: { $0 == " " })
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let pair = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",", omittingEmptySubsequences: false)
            guard pair.count == 2 else { return nil }
            for part in pair {
                guard let value = TreeOutput.number(part.drop(while: { $0 == " " })) else { return nil }
                numbers.append(value)
            }
            rest = rest[rest.index(after: close)...]
        }
        guard rest.allSatisfy({ $0 == " " }) else { return nil }
        return (numbers[0], numbers[1], numbers[2] - numbers[0], numbers[3] - numbers[1])
    }
}
