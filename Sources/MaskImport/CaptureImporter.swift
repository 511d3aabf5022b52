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
    /// Converts a capture to maskc tree JSON bytes (`{"screen":...,"root":NODE}`, compact,
    /// keys in a fixed order). For `.json` returns the input unchanged.
    /// - Parameters:
    ///   - file: the file name for errors.
    ///   - firstLine: the line of the file `bytes` start on (for NDJSON): errors count
    ///     lines from it, and a UTF-8 byte order mark is skipped only on line 1.
    public static func convert(_ bytes: [UInt8], format: CaptureFormat, file: String, firstLine: Int = 1) throws(ImportError) -> [UInt8] {
        do {
            return try convertDocument(bytes, format: format, file: file, atFileStart: firstLine == 1)
        } catch {
            var error = error
            error.line += firstLine - 1
            throw error
        }
    }

    private static func convertDocument(_ bytes: [UInt8], format: CaptureFormat, file: String, atFileStart: Bool) throws(ImportError) -> [UInt8] {
        if format == .json { return bytes }
        let text: [UInt8]
        do {
            text = try TextDecoding.utf8(bytes, atFileStart: atFileStart)
        } catch {
            throw ImportError(file: file, line: error.line, column: error.column, message: error.message, reason: .encoding)
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
                throw ImportError(file: file, bytes: text, offset: error.offset, message: "\(error.message) at \(error.path)", reason: .syntax)
            }
            output = try RicoImporter.convert(tape, bytes: text, file: file)
        case .uiautomator, .appiumAndroid, .xcuitest:
            let document: XMLDocument
            do {
                document = try XMLReader.parse(text)
            } catch {
                throw ImportError(file: file, bytes: text, offset: error.offset, message: error.message, reason: .syntax)
            }
            output = format == .xcuitest
                ? try XCUITestImporter.convert(document, bytes: text, file: file)
                : try AndroidImporter.convert(document, bytes: text, file: file)
        }
        return output.json()
    }
}
