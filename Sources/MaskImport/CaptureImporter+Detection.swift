import MaskStorage
import MaskDiagnostics
import MaskJSON

extension CaptureImporter {
    /// What a document's content says its format is.
    public enum Detection: Sendable, Hashable {
        /// One format.
        case format(CaptureFormat)
        /// JSON whose top-level object holds both a maskc tree (`class` or `root`) and a
        /// Rico hierarchy (`activity` with a `root`): two different documents, and
        /// nothing in the file says which is meant. `line` and `column` are those of the
        /// `activity` key.
        case ambiguous(line: Int, column: Int)
        /// Not text the importers read: neither UTF-8 (with or without a byte order
        /// mark) nor UTF-16, where the first bad byte is. Reading it as any format would
        /// fail on bytes rather than on the format, so this is said instead.
        case undecodable(line: Int, column: Int, message: String)
        /// None of the formats.
        case unknown
    }

    /// Detects the format from content (never the file name).
    ///
    /// JSON is decided from every key of its top-level object, however long the
    /// document: `class` or `root` make maskc's own tree, `activity_name` or `activity`
    /// a Rico capture, and both a maskc key and an `activity` holding `root` make it
    /// ambiguous (each reader would find a different tree). Without `activity.root` the
    /// Rico reader refuses the document, and without `class` or `root` maskc's does, so
    /// the format chosen is the only one that can read it.
    ///
    /// XML with `<hierarchy` and `<node` is uiautomator, `<hierarchy` without `<node`
    /// Appium Android, `<XCUIElementType` XCUITest.
    ///
    /// A UTF-8 byte order mark at the start is skipped; UTF-16 is converted first. XML
    /// (a `<` first) or UTF-16 that is not valid text (a capture with a stray byte, a
    /// lone surrogate) is `.undecodable`, with where decoding failed.
    /// - Complexity: O(n). UTF-8 JSON, a large mapped file included, is scanned in place.
    public static func detect(_ bytes: InputBytes) -> Detection {
        let json: Detection? = bytes.withUnsafeBytes { buffer in
            let hasMark = TextDecoding.hasByteOrderMark(buffer)
            guard hasMark || TextDecoding.utf16Start(buffer) == nil else { return nil }
            return detectJSON(UnsafeBufferPointer(rebasing: buffer[(hasMark ? 3 : 0)...]))
        }
        if let json { return json }
        // UTF-16, XML and anything else: decoded and checked first.
        let text: [UInt8]
        do {
            text = try TextDecoding.utf8(bytes.bytes)
        } catch {
            // XML (a `<` first) or UTF-16 that does not decode: the bytes are what is
            // wrong. Anything else is left to maskc's JSON reader, which says where it stops.
            guard looksLikeMarkup(bytes) else { return .unknown }
            return .undecodable(line: error.line, column: error.column, message: error.message)
        }
        if let json = text.withUnsafeBufferPointer({ detectJSON($0) }) { return json }
        return detectXML(text)
    }

    /// Whether bytes are UTF-16 (``TextDecoding/utf16Start(_:)``) or start, after a UTF-8
    /// byte order mark and whitespace, with `<`.
    static func looksLikeMarkup(_ bytes: InputBytes) -> Bool {
        bytes.withUnsafeBytes { buffer in
            if TextDecoding.utf16Start(buffer) != nil { return true }
            var i = TextDecoding.hasByteOrderMark(buffer) ? 3 : 0
            while i < buffer.count, XMLReader.isSpace(buffer[i]) { i += 1 }
            return i < buffer.count && buffer[i] == UInt8(ascii: "<")
        }
    }

    /// Detects the format of bytes held in an array, as the `InputBytes` form does.
    public static func detect(_ bytes: [UInt8]) -> Detection {
        detect(InputBytes(bytes))
    }

    /// The format of UTF-8 text starting (after whitespace) with `{`; nil for other text.
    static func detectJSON(_ text: UnsafeBufferPointer<UInt8>) -> Detection? {
        var i = 0
        while i < text.count, XMLReader.isSpace(text[i]) { i += 1 }
        guard i < text.count, text[i] == UInt8(ascii: "{") else { return nil }
        let markers = TopLevelMarkers(scanning: text, objectAt: i)
        if markers.hasTreeKey, let activity = markers.ricoHierarchy {
            let (line, column) = ImportError.position(of: activity, in: text)
            return .ambiguous(line: line, column: column)
        }
        if markers.hasTreeKey { return .format(.json) }
        return .format(markers.hasRicoKey ? .rico : .json)
    }

    /// The XML capture format of UTF-8 text, or `.unknown`.
    static func detectXML(_ text: [UInt8]) -> Detection {
        guard let lt = text.firstIndex(of: UInt8(ascii: "<")) else { return .unknown }
        if containsTag(text, "<hierarchy", from: lt) {
            return .format(containsTag(text, "<node", from: lt) ? .uiautomator : .appiumAndroid)
        }
        if contains(text, "<XCUIElementType", from: lt) { return .format(.xcuitest) }
        return .unknown
    }

    static func contains(_ text: [UInt8], _ literal: String, from start: Int) -> Bool {
        let pattern = Array(literal.utf8)
        guard pattern.count <= text.count else { return false }
        var i = start
        while i + pattern.count <= text.count {
            if text[i] == pattern[0], text[i..<i + pattern.count].elementsEqual(pattern) { return true }
            i += 1
        }
        return false
    }

    /// Whether `literal` occurs followed by whitespace, `>` or `/` (a tag of that name).
    static func containsTag(_ text: [UInt8], _ literal: String, from start: Int) -> Bool {
        let pattern = Array(literal.utf8)
        var i = start
        while i + pattern.count <= text.count {
            if text[i] == pattern[0], text[i..<i + pattern.count].elementsEqual(pattern) {
                let next = i + pattern.count < text.count ? text[i + pattern.count] : 0
                if XMLReader.isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") { return true }
            }
            i += 1
        }
        return false
    }
}

extension CaptureImporter {
    /// Whether UTF-8 bytes hold a JSON object (after whitespace and a byte order mark):
    /// its format is then decided from its parsed top level (``detect(tape:)``),
    /// with no scan of its own.
    public static func startsJSONObject(_ bytes: InputBytes) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var i = TextDecoding.hasByteOrderMark(buffer) ? 3 : 0
            while i < buffer.count, XMLReader.isSpace(buffer[i]) { i += 1 }
            return i < buffer.count && buffer[i] == UInt8(ascii: "{")
        }
    }

    /// ``detect(_:)`` for a JSON document already parsed: the same rule, read from the
    /// top-level members of the tape (keys decoded). Positions are the document's own.
    /// - Complexity: O(top-level members).
    public static func detect(tape: JSONTape) -> Detection {
        let tokens = tape.tokens
        guard let first = tokens.first, first.kind == .objectStart else { return .format(.json) }
        var hasTreeKey = false, hasRicoKey = false
        var hierarchy: Int?
        var k = 1
        while tokens[k].kind != .objectEnd {
            let value = k + 1
            if tape.keyEquals(k, "class") || tape.keyEquals(k, "root") {
                hasTreeKey = true
            } else if tape.keyEquals(k, "activity_name") {
                hasRicoKey = true
            } else if tape.keyEquals(k, "activity") {
                hasRicoKey = true
                if hierarchy == nil, tokens[value].kind == .objectStart {
                    var m = value + 1
                    while tokens[m].kind != .objectEnd {
                        if tape.keyEquals(m, "root") { hierarchy = k; break }
                        m = tape.end(ofValueAt: m + 1)
                    }
                }
            }
            k = tape.end(ofValueAt: value)
        }
        if hasTreeKey, let activity = hierarchy {
            let offset = Int(tokens[activity].start) - 1  // the key's opening quote
            let mark = tape.source.withUnsafeBytes { SourceMark(ofByte: offset, in: $0) }
            return .ambiguous(line: mark.line, column: mark.column)
        }
        if hasTreeKey { return .format(.json) }
        return .format(hasRicoKey ? .rico : .json)
    }
}
