import MaskJSON

/// The capture formats maskc reads.
public enum CaptureFormat: String, Sendable, CaseIterable {
    /// maskc's own view-tree JSON, passed through.
    case json
    /// Android `uiautomator dump` XML.
    case uiautomator
    /// Appium's Android page source XML (the tag name is the class).
    case appiumAndroid = "appium-android"
    /// Rico view hierarchy JSON.
    case rico
    /// iOS XCUITest / Appium page source XML.
    case xcuitest
}

/// Converts captured screens into maskc's view-tree JSON.
public enum CaptureImporter {
    /// Detects the format from content (not the file name); nil when it is none of them.
    ///
    /// JSON with a top-level `activity_name` or `activity` is Rico, other JSON maskc's
    /// own; XML with `<hierarchy` and `<node` is uiautomator, `<hierarchy` without
    /// `<node` Appium Android, `<XCUIElementType` XCUITest.
    public static func detect(_ bytes: [UInt8]) -> CaptureFormat? {
        guard let text = try? TextDecoding.utf8(bytes) else { return nil }
        var i = 0
        while i < text.count, XMLReader.isSpace(text[i]) { i += 1 }
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: "{") {
            return isRico(text) ? .rico : .json
        }
        guard let lt = text.firstIndex(of: UInt8(ascii: "<")) else { return nil }
        if containsTag(text, "<hierarchy", from: lt) {
            return containsTag(text, "<node", from: lt) ? .uiautomator : .appiumAndroid
        }
        if contains(text, "<XCUIElementType", from: lt) { return .xcuitest }
        return nil
    }

    /// Converts a capture to maskc tree JSON bytes (`{"screen":...,"root":NODE}`, compact,
    /// keys in a fixed order). For `.json` returns the input unchanged.
    public static func convert(_ bytes: [UInt8], format: CaptureFormat, file: String) throws(ImportError) -> [UInt8] {
        if format == .json { return bytes }
        let text: [UInt8]
        do {
            text = try TextDecoding.utf8(bytes)
        } catch {
            throw ImportError(file: file, line: error.line, column: error.column, message: error.message)
        }
        let output: TreeOutput
        switch format {
        case .json:
            return bytes
        case .rico:
            let tape: JSONTape
            do {
                tape = try JSONReader.parse(text, keyNames: RicoImporter.keys)
            } catch {
                throw ImportError(file: file, bytes: text, offset: error.offset, message: "\(error.message) at \(error.path)")
            }
            output = try RicoImporter.convert(tape, bytes: text, file: file)
        case .uiautomator, .appiumAndroid, .xcuitest:
            let document: XMLDocument
            do {
                document = try XMLReader.parse(text)
            } catch {
                throw ImportError(file: file, bytes: text, offset: error.offset, message: error.message)
            }
            output = format == .xcuitest
                ? try XCUITestImporter.convert(document, bytes: text, file: file)
                : try AndroidImporter.convert(document, bytes: text, file: file)
        }
        return output.json()
    }

    /// Whether a JSON document's top-level object has `activity_name` or `activity`.
    static func isRico(_ text: [UInt8]) -> Bool {
        if let tape = try? JSONReader.parse(text) {
            guard tape.tokens.first?.kind == .objectStart else { return false }
            var k = 1
            while tape.tokens[k].kind != .objectEnd {
                let key = tape.string(k)
                if key == "activity_name" || key == "activity" { return true }
                k = tape.end(ofValueAt: k + 1)
            }
            return false
        }
        // Not valid JSON: go by the key's presence.
        return contains(text, "\"activity_name\"", from: 0)
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
