/// One element of a parsed XML document.
struct XMLElement: Sendable {
    /// The element (tag) name.
    var name: String
    /// Attributes in document order, values decoded (entities and character references).
    var attributes: [(name: String, value: String)]
    /// The parent element, -1 for the root.
    var parent: Int32
    /// Child elements in document order.
    var children: [Int32] = []
    /// Byte offset of the `<` of the start tag.
    var offset: Int

    /// The value of an attribute, nil when absent.
    func attribute(_ name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }
}

/// A parsed XML document: its elements in document order (parents before children).
struct XMLDocument: Sendable {
    /// The elements; element 0 is the root.
    var elements: [XMLElement]
}

/// A small, non-recursive XML reader for captures: elements and attributes (single or
/// double quoted), the five predefined entities and numeric character references,
/// comments, processing instructions and the XML declaration, CDATA, self-closing tags,
/// a DOCTYPE without an internal subset. Text content is checked and ignored.
///
/// Anything before the first `<` is skipped (tools print a line before the XML), and
/// text after the root element is ignored (`uiautomator dump` prints one). Nesting is
/// kept on an explicit stack, so depth is limited by memory only. Errors name
/// elements and attributes, never an attribute value or a text.
///
/// A character XML 1.0 does not allow (NUL and the other control characters but tab
/// and line breaks, U+FFFE, U+FFFF) is an error wherever it stands, written raw or as
/// a character reference alike.
struct XMLReader {
    /// A syntax error at a byte offset.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    let bytes: [UInt8]
    var i: Int = 0
    var elements: [XMLElement] = []
    /// Open elements (indices into `elements`).
    var stack: [Int32] = []
    var rootClosed = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses UTF-8 `bytes`.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> XMLDocument {
        var reader = XMLReader(bytes)
        try reader.run()
        return XMLDocument(elements: reader.elements)
    }

    // MARK: - Bytes

    @inline(__always) func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    @inline(__always) static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A || b >= 0x80
    }

    @inline(__always) static func isNameChar(_ b: UInt8) -> Bool {
        // `$` is not an XML name character, but tools write Java inner class names
        // (`Outer$Inner`) as tag names; accept it.
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E || b == 0x24
    }

    func starts(with literal: StaticString, at k: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard k + count <= bytes.count else { return false }
        let p = literal.utf8Start
        for j in 0..<count where bytes[k + j] != p[j] { return false }
        return true
    }

    /// The index of the first occurrence of `literal` at or after `k`, nil if none.
    func find(_ literal: StaticString, from k: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        let first = literal.utf8Start[0]
        var j = k
        while j + count <= bytes.count {
            if bytes[j] == first && starts(with: literal, at: j) { return j }
            j += 1
        }
        return nil
    }

    mutating func skipSpace() {
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    }

    // MARK: - Characters

    /// Whether XML 1.0 allows the character (its `Char` production): tab, line feed,
    /// carriage return and U+0020 on, but not surrogates, U+FFFE or U+FFFF. One rule,
    /// for characters written raw and as references alike.
    static func isCharacter(_ scalar: UInt32) -> Bool {
        scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || (0x20...0xD7FF).contains(scalar)
            || (0xE000...0xFFFD).contains(scalar) || (0x10000...0x10FFFF).contains(scalar)
    }

    /// The first character of valid UTF-8 `bytes` that XML does not allow, with its
    /// offset: a control character other than tab and line breaks (NUL included), or
    /// U+FFFE / U+FFFF (UTF-8 holds no surrogates). Anywhere: in markup, values, text,
    /// and the lines before and after the document.
    /// - Complexity: O(n).
    static func firstDisallowedCharacter(_ bytes: [UInt8]) -> (offset: Int, scalar: UInt32)? {
        var k = 0
        while k < bytes.count {
            let b = bytes[k]
            if b < 0x20, !isCharacter(UInt32(b)) { return (k, UInt32(b)) }
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
            if b == 0xEF, k + 2 < bytes.count, bytes[k + 1] == 0xBF, bytes[k + 2] == 0xBE || bytes[k + 2] == 0xBF {
                return (k, bytes[k + 2] == 0xBE ? 0xFFFE : 0xFFFF)
            }
            k += 1
        }
        return nil
    }

    /// An element name as an error message shows it: a name captures use (`hierarchy`,
    /// `node`, `AppiumAUT`, `XCUIElementType...`, an Android platform class such as
    /// `android.widget.TextView`), else `?`. In a malformed capture a name may be text
    /// (`<Jane` in a label's text reads as a tag), which no message quotes.
    static func shown(element name: String) -> String {
        if ["hierarchy", "node", "AppiumAUT"].contains(name) { return name }
        let bytes = Array(name.utf8)
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        if name.hasPrefix("XCUIElementType"), bytes.count <= 64, bytes.allSatisfy(isLetter) { return name }
        // Android's own classes (`android.widget.TextView`, `androidx...`,
        // `com.google.android.material...`): lowercase package segments, then a class.
        // An app's own classes are shown as `?` too: text can take any such shape.
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        let platform = name.hasPrefix("android.") || name.hasPrefix("androidx.") || name.hasPrefix("com.google.android.")
        if platform, bytes.count <= 128, segments.count >= 2, let last = segments.last, let first = last.utf8.first, first >= 0x41 && first <= 0x5A,
           last.utf8.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x24 }),
           segments.dropLast().allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F } }) {
            return name
        }
        return "?"
    }

    /// The attributes captures hold (uiautomator, Appium, XCUITest), which messages name;
    /// any other attribute name is shown as `?` (see ``shown(element:)``).
    static let knownAttributes: Set<String> = [
        "index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked", "clickable",
        "enabled", "focusable", "focused", "scrollable", "long-clickable", "password", "selected", "visible-to-user",
        "bounds", "drawing-order", "hint", "display-id", "input-type", "inputType", "a:password", "a:inputType",
        "android:password", "android:inputType", "rotation", "width", "height", "x", "y", "type", "name", "label",
        "value", "placeholderValue", "visible", "accessible", "hidden", "zIndex", "rect", "displayed", "elementType",
        "traits", "identifier", "frame", "title", "version", "encoding", "standalone",
    ]

    static func shown(attribute name: String) -> String {
        knownAttributes.contains(name) ? name : "?"
    }

    /// The message for a character XML does not allow, written raw or as a reference.
    static func disallowed(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) is not allowed in XML, raw or as a reference"
    }

    // MARK: - Document

    mutating func run() throws(Failure) {
        if let (offset, scalar) = Self.firstDisallowedCharacter(bytes) {
            throw Failure(offset: offset, message: Self.disallowed(scalar))
        }
        // Skip anything before the first `<`.
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
        guard i < bytes.count else { throw Failure(offset: bytes.count, message: "no XML element found (the input has no '<')") }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") {
                try markup()
            } else {
                try text()
            }
        }
        if let open = stack.last {
            let element = elements[Int(open)]
            throw Failure(offset: element.offset, message: "element <\(Self.shown(element: element.name))> is not closed before the end of the input")
        }
        guard !elements.isEmpty else { throw Failure(offset: bytes.count, message: "no root element") }
    }

    /// Character data up to the next `<`: references checked, content ignored.
    mutating func text() throws(Failure) {
        let outside = stack.isEmpty
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            let b = bytes[i]
            if outside && !rootClosed && !Self.isSpace(b) {
                throw Failure(offset: i, message: "text before the root element")
            }
            if outside && rootClosed {
                // Text after the root element is ignored (adb prints a status line there).
                i += 1
                continue
            }
            if b == UInt8(ascii: "&") {
                var sink: [UInt8] = []
                try reference(into: &sink)
                continue
            }
            i += 1
        }
    }

    mutating func markup() throws(Failure) {
        let start = i
        if starts(with: "<?", at: i) {
            guard let end = find("?>", from: i + 2) else { throw Failure(offset: start, message: "unterminated processing instruction (no '?>')") }
            i = end + 2
        } else if starts(with: "<!--", at: i) {
            guard let end = find("-->", from: i + 4) else { throw Failure(offset: start, message: "unterminated comment (no '-->')") }
            i = end + 3
        } else if starts(with: "<![CDATA[", at: i) {
            guard !stack.isEmpty else { throw Failure(offset: start, message: "CDATA section outside the root element") }
            guard let end = find("]]>", from: i + 9) else { throw Failure(offset: start, message: "unterminated CDATA section (no ']]>')") }
            i = end + 3
        } else if starts(with: "<!DOCTYPE", at: i) {
            guard elements.isEmpty else { throw Failure(offset: start, message: "DOCTYPE after the root element") }
            var j = i + 9
            while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                if bytes[j] == UInt8(ascii: "[") { throw Failure(offset: j, message: "DOCTYPE with an internal subset is not supported") }
                if bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
                    let quote = bytes[j]
                    j += 1
                    while j < bytes.count, bytes[j] != quote { j += 1 }
                }
                j += 1
            }
            guard j < bytes.count else { throw Failure(offset: start, message: "unterminated DOCTYPE (no '>')") }
            i = j + 1
        } else if starts(with: "<!", at: i) {
            throw Failure(offset: start, message: "unknown markup declaration after '<!'")
        } else if at(i + 1) == UInt8(ascii: "/") {
            try endTag()
        } else {
            try startTag()
        }
    }

    mutating func name(what: String) throws(Failure) -> String {
        let start = i
        guard i < bytes.count else { throw Failure(offset: i, message: "unexpected end of input: expected \(what)") }
        guard Self.isNameStart(bytes[i]) else { throw Failure(offset: i, message: "expected \(what)") }
        i += 1
        while i < bytes.count, Self.isNameChar(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func startTag() throws(Failure) {
        let start = i
        if stack.isEmpty && rootClosed { throw Failure(offset: start, message: "a second root element (a document has one)") }
        i += 1
        let tag = try name(what: "an element name after '<'")
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            let beforeSpace = i
            skipSpace()
            guard i < bytes.count else { throw Failure(offset: i, message: "unexpected end of input inside the start tag of <\(Self.shown(element: tag))>") }
            let b = bytes[i]
            if b == UInt8(ascii: ">") { i += 1; break }
            if b == UInt8(ascii: "/") {
                guard at(i + 1) == UInt8(ascii: ">") else { throw Failure(offset: i, message: "expected '>' after '/' in the start tag of <\(Self.shown(element: tag))>") }
                i += 2
                selfClosing = true
                break
            }
            guard i > beforeSpace else { throw Failure(offset: i, message: "expected whitespace, '>' or '/>' in the start tag of <\(Self.shown(element: tag))>") }
            let attributeOffset = i
            let attributeName = try name(what: "an attribute name, '>' or '/>' in the start tag of <\(Self.shown(element: tag))>")
            skipSpace()
            guard at(i) == UInt8(ascii: "=") else {
                throw Failure(offset: i, message: "expected '=' after attribute '\(Self.shown(attribute: attributeName))' of <\(Self.shown(element: tag))>")
            }
            i += 1
            skipSpace()
            let quote = at(i)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw Failure(offset: i, message: "expected a quoted value for attribute '\(Self.shown(attribute: attributeName))' of <\(Self.shown(element: tag))>")
            }
            let valueStart = i
            i += 1
            var value: [UInt8] = []
            while true {
                guard i < bytes.count else {
                    throw Failure(offset: valueStart, message: "unterminated value of attribute '\(Self.shown(attribute: attributeName))' of <\(Self.shown(element: tag))>")
                }
                let c = bytes[i]
                if c == quote { i += 1; break }
                switch c {
                case UInt8(ascii: "<"):
                    throw Failure(offset: i, message: "'<' in the value of attribute '\(Self.shown(attribute: attributeName))' of <\(Self.shown(element: tag))> (write &lt;)")
                case UInt8(ascii: "&"):
                    try reference(into: &value)
                case 0x0D:
                    // Attribute-value normalization: a line end or tab becomes a space.
                    value.append(0x20)
                    i += at(i + 1) == 0x0A ? 2 : 1
                case 0x0A, 0x09:
                    value.append(0x20)
                    i += 1
                default:
                    value.append(c)
                    i += 1
                }
            }
            for existing in attributes where existing.name == attributeName {
                throw Failure(offset: attributeOffset, message: "duplicate attribute '\(Self.shown(attribute: attributeName))' on <\(Self.shown(element: tag))>")
            }
            attributes.append((attributeName, String(decoding: value, as: UTF8.self)))
        }
        let index = Int32(elements.count)
        let parent = stack.last ?? -1
        elements.append(XMLElement(name: tag, attributes: attributes, parent: parent, offset: start))
        if parent >= 0 { elements[Int(parent)].children.append(index) }
        if selfClosing {
            if stack.isEmpty { rootClosed = true }
        } else {
            stack.append(index)
        }
    }

    mutating func endTag() throws(Failure) {
        let start = i
        i += 2
        let tag = try name(what: "an element name after '</'")
        skipSpace()
        guard at(i) == UInt8(ascii: ">") else {
            throw Failure(offset: i, message: i < bytes.count ? "expected '>' to end the end tag </\(Self.shown(element: tag))>" : "unexpected end of input inside the end tag </\(Self.shown(element: tag))>")
        }
        i += 1
        guard let open = stack.last else {
            throw Failure(offset: start, message: "end tag </\(Self.shown(element: tag))> without a matching start tag")
        }
        let element = elements[Int(open)]
        guard element.name == tag else {
            let (line, column) = ImportError.position(of: element.offset, in: bytes)
            throw Failure(offset: start, message: "mismatched end tag </\(Self.shown(element: tag))>: expected </\(Self.shown(element: element.name))> (opened at \(line):\(column))")
        }
        stack.removeLast()
        if stack.isEmpty { rootClosed = true }
    }

    /// Decodes an entity or character reference at `i` (on the `&`) into `out`.
    mutating func reference(into out: inout [UInt8]) throws(Failure) {
        let start = i
        i += 1
        if at(i) == UInt8(ascii: "#") {
            i += 1
            var hex = false
            if at(i) == UInt8(ascii: "x") { hex = true; i += 1 }
            var value: UInt32 = 0
            var digits = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: ";") {
                let b = bytes[i]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: throw Failure(offset: start, message: "malformed character reference (expected \(hex ? "hex " : "")digits and ';')")
                }
                value = value &* (hex ? 16 : 10) &+ digit
                if value > 0x10FFFF { throw Failure(offset: start, message: "character reference out of the Unicode range") }
                digits += 1
                i += 1
            }
            guard at(i) == UInt8(ascii: ";"), digits > 0 else {
                throw Failure(offset: start, message: "malformed character reference (expected \(hex ? "hex " : "")digits and ';')")
            }
            i += 1
            // The rule for raw characters holds for references too.
            guard Self.isCharacter(value) else { throw Failure(offset: start, message: Self.disallowed(value)) }
            TextDecoding.appendUTF8(value, to: &out)
            return
        }
        let nameStart = i
        while i < bytes.count, Self.isNameChar(bytes[i]) { i += 1 }
        guard i > nameStart, at(i) == UInt8(ascii: ";") else {
            i = nameStart
            throw Failure(offset: start, message: "'&' not starting a reference (write &amp;)")
        }
        let entity = bytes[nameStart..<i]
        i += 1
        switch String(decoding: entity, as: UTF8.self) {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "apos": out.append(UInt8(ascii: "'"))
        case "quot": out.append(UInt8(ascii: "\""))
        default: throw Failure(offset: start, message: "unknown entity reference (only &lt; &gt; &amp; &apos; &quot; and numeric references are defined)")
        }
    }
}
