import MaskEngine
/// iOS XCUITest / Appium page source XML: elements named `XCUIElementType*`, optionally
/// inside `<AppiumAUT>`.
enum XCUITestImporter {
    static func convert(_ document: XMLDocument, bytes: [UInt8], file: String) throws(ImportError) -> TreeOutput {
        let elements = document.elements
        var output = TreeOutput()
        var outIndex = [Int32](repeating: -1, count: elements.count)
        let wrapped = elements[0].name == "AppiumAUT"
        if wrapped {
            let top = elements[0].children
            guard !top.isEmpty else {
                throw ImportError(file: file, bytes: bytes, offset: elements[0].offset, message: "<AppiumAUT> holds no element", reason: .shape)
            }
            if top.count > 1 {
                var synthetic = ViewNode(className: "XCUIElementTypeOther")
                synthetic.id = "AppiumAUT"
                outIndex[0] = output.add(synthetic, parent: -1)
            } else {
                let application = elements[Int(top[0])]
                if application.name == "XCUIElementTypeApplication", let name = application.attribute("name"), !name.isEmpty {
                    output.screen = name
                }
            }
        } else if elements[0].name == "XCUIElementTypeApplication", let name = elements[0].attribute("name"), !name.isEmpty {
            output.screen = name
        }
        let names = XCUITestName.roles(elements)
        var index = wrapped ? 1 : 0
        while index < elements.count {
            let element = elements[index]
            let parent = element.parent >= 0 ? outIndex[Int(element.parent)] : -1
            outIndex[index] = output.add(view(element, name: names[index]), parent: parent)
            index += 1
        }
        return output
    }

    /// The element's `type` attributes, whatever the case of their name (`type`,
    /// `TYPE`) and its namespace prefix (`x:type`), with surrounding spaces trimmed.
    static func typeAttributes(_ element: XMLElement) -> [String] {
        var found: [String] = []
        for attribute in element.attributes where SecureMarker.isTypeName(attribute.name) {
            let value = attribute.value, utf8 = value.utf8
            var start = utf8.startIndex, end = utf8.endIndex
            while start < end, utf8[start] == UInt8(ascii: " ") { start = utf8.index(after: start) }
            while end > start, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
            found.append(String(value[start..<end]))
        }
        return found
    }

    /// Whether the element's tag or a `type` attribute names secure entry, in its short
    /// form too (`SecureTextField`), read as a tree's `type` is read (any case, spaces and
    /// invisible characters ignored, `password` too).
    static func namesSecureType(_ element: XMLElement) -> Bool {
        var tag = element.name
        if tag.withUTF8({ SecureContent.isSecureInputTypeName($0) }) { return true }
        return typeAttributes(element).contains { name in
            var name = name
            return name.withUTF8 { SecureContent.isSecureInputTypeName($0) }
        }
    }

    /// Whether the element is secure entry by what it carries: its tag or type
    /// (``namesSecureType(_:)``), or a secure marker among its attributes
    /// (``SecureMarkerKey``: `isSecureTextEntry`, `textContentType`, `inputType`, ...).
    static func isSecure(_ element: XMLElement) -> Bool {
        if namesSecureType(element) { return true }
        var node = ViewNode(className: element.name)
        let (inputTypes, hints) = readMarkers(element, into: &node)
        if node.isSecureTextEntry { return true }
        if !inputTypes.isEmpty, SecureContent.isSecureInputType(AndroidImporter.inputType(inputTypes)) { return true }
        return AndroidImporter.joinedHints(hints).split(separator: ",").contains { SecureContent.isSecureName(String($0)) }
    }

    /// Reads the secure-entry markers other tools write as attributes (`isPassword`,
    /// `secureTextEntry`, `inputType`, `autocomplete`, in any spelling:
    /// ``SecureMarkerKey``) into `node`, as the Android importer reads them.
    /// - Returns: the input types and hints read, for ``AndroidImporter/keep(inputTypes:hints:in:)``.
    static func readMarkers(_ element: XMLElement, into node: inout ViewNode) -> (inputTypes: [String], hints: [String]) {
        var inputTypes: [String] = [], hints: [String] = []
        for (attribute, text) in element.attributes {
            if let marker = SecureMarkerKey.of(attribute) { AndroidImporter.read(marker, text, into: &node, inputTypes: &inputTypes, hints: &hints) }
        }
        return (inputTypes, hints)
    }

    /// The element types users type into, in their short forms, lower-cased.
    static let typingTypes: Set<String> = ["textfield", "securetextfield", "searchfield", "textview", "combobox"]

    /// Whether users type into the element: a text field, secure field, search field,
    /// text view or combo box by its tag or its `type` (full or short form, any case,
    /// spaces and invisible characters ignored), or anything
    /// secure (``isSecure(_:)``).
    static func takesInput(_ element: XMLElement) -> Bool {
        func typing(_ name: String) -> Bool {
            // Its ASCII letters only, lower-cased: spaces and invisible characters in a
            // type hide nothing, as for the secure types.
            var short = ""
            for scalar in name.unicodeScalars where scalar.isASCII && scalar.properties.isAlphabetic {
                short.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value) | (scalar.value < 0x5B ? 0x20 : 0)))
            }
            if short.hasPrefix("xcuielementtype") { short.removeFirst("xcuielementtype".count) }
            return typingTypes.contains(short)
        }
        return typing(element.name) || typeAttributes(element).contains(where: typing) || isSecure(element)
    }

    static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// One element as a view; `name` says what its `name` attribute is (``XCUITestName``).
    static func view(_ element: XMLElement, name role: XCUITestName.Role) -> ViewNode {
        var node = ViewNode(className: element.name)
        var label = nonEmpty(element.attribute("label"))
        let value = nonEmpty(element.attribute("value"))
        // Identifiers are emitted in clear even in masked views: a name is one only when
        // the capture shows it; otherwise it is text, masked with the view. XCUITest
        // reports the label as the name when the app sets no identifier, so a name that is
        // text stands for a missing label, or else is kept as a field of its own.
        if let name = nonEmpty(element.attribute("name")) {
            switch role {
            case .absent: break
            case .identifier: node.accessibilityIdentifier = name
            case .text:
                if label == nil { label = name } else { node.others.append(("name", .string(name))) }
            }
        }
        node.accessibilityLabel = label
        node.accessibilityValue = value
        node.placeholder = nonEmpty(element.attribute("placeholderValue"))
        if element.name == "XCUIElementTypeStaticText" { node.text = value ?? label }
        // The element's tag or its `type` attribute (they agree in XCUITest's own dumps;
        // a tool that writes one generic tag keeps the type): either one makes it secure
        // (``namesSecureType(_:)``). A type the tag does not give is the view's
        // superclass, so `kind: input` and type rules reach a generic element typed
        // `XCUIElementTypeTextField`.
        if namesSecureType(element) { node.isSecureTextEntry = true }
        if let type = typeAttributes(element).first(where: { $0.hasPrefix("XCUIElementType") && $0 != element.name }) {
            node.superclasses = [type]
        }
        if let x = element.attribute("x").flatMap({ TreeOutput.number(Substring($0)) }),
           let y = element.attribute("y").flatMap({ TreeOutput.number(Substring($0)) }),
           let width = element.attribute("width").flatMap({ TreeOutput.number(Substring($0)) }),
           let height = element.attribute("height").flatMap({ TreeOutput.number(Substring($0)) }) {
            node.frame = (x, y, width, height)
        }
        let (inputTypes, hints) = readMarkers(element, into: &node)
        AndroidImporter.keep(inputTypes: inputTypes, hints: hints, in: &node)
        if element.attribute("visible") == "false" { node.others.append(("hidden", .bool(true))) }
        switch element.attribute("enabled") {
        case "true": node.others.append(("enabled", .bool(true)))
        case "false": node.others.append(("enabled", .bool(false)))
        default: break
        }
        return node
    }
}
