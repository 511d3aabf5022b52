import ArgumentParser
import MaskEngine
import MaskImport
import MaskJSON

/// `--input-format`: maskc's own JSON, a capture format, or detected from content.
enum InputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, json, uiautomator
    case appiumAndroid = "appium-android"
    case rico, xcuitest

    /// The format of one document.
    func resolve(_ bytes: [UInt8]) -> CaptureFormat? {
        switch self {
        case .auto: return Self.detect(bytes)
        case .json: return .json
        case .uiautomator: return .uiautomator
        case .appiumAndroid: return .appiumAndroid
        case .rico: return .rico
        case .xcuitest: return .xcuitest
        }
    }

    /// Cheap detection: JSON is maskc's own unless it looks like Rico near its start
    /// (a large tree is not parsed twice); anything else goes to the capture detector.
    static func detect(_ bytes: [UInt8]) -> CaptureFormat? {
        var i = 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count else { return .json }
        if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") {
            // Stops at the first `class` or `root`: maskc's own trees (every line of a
            // stream) are told apart after a key or two, not a scan of 64 KiB.
            var isRico = false
            forEachTopLevelKey(bytes[i..<min(bytes.count, i + 65_536)]) { key in
                if key.elementsEqual("class".utf8) || key.elementsEqual("root".utf8) {
                    isRico = false
                    return false
                }
                if key.elementsEqual("activity_name".utf8) || key.elementsEqual("activity".utf8) { isRico = true }
                return true
            }
            return isRico ? .rico : .json
        }
        return CaptureImporter.detect(bytes) ?? .json
    }

    /// The keys of the top-level object found in `head` (escapes not decoded; a key
    /// cut off by the end of `head` is left out). Only depth 1 counts, so a value or a
    /// nested key that happens to read "activity_name" does not.
    static func topLevelKeys(_ head: ArraySlice<UInt8>) -> Set<String> {
        var keys = Set<String>()
        forEachTopLevelKey(head) { key in
            keys.insert(String(decoding: key, as: UTF8.self))
            return true
        }
        return keys
    }

    /// Calls `body` with the raw bytes of each key of the top-level object in `head`, in
    /// order, until it returns false.
    static func forEachTopLevelKey(_ head: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Bool) {
        var depth = 0
        var i = head.startIndex
        var expectKey = false
        while i < head.endIndex {
            let c = head[i]
            switch c {
            case UInt8(ascii: "{"):
                depth += 1
                expectKey = depth == 1
            case UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                expectKey = depth == 1
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < head.endIndex && head[j] != UInt8(ascii: "\"") { j += head[j] == UInt8(ascii: "\\") ? 2 : 1 }
                guard j < head.endIndex else { return }
                if depth == 1 && expectKey && !body(head[(i + 1)..<j]) { return }
                expectKey = false
                i = j
            default:
                break
            }
            i += 1
        }
    }

    /// Reads one document in this format and decides it as it is read (for `apply`).
    func readDeciding(_ bytes: [UInt8], file: String, firstLine: Int = 1, masker: TreeMasker) throws -> (TreeLayout, [MaskDecision]) {
        let format = resolve(bytes) ?? .json
        if format == .json { return try masker.readDeciding(bytes, file: file, firstLine: firstLine) }
        let converted = try CaptureImporter.convert(bytes, format: format, file: file)
        return try masker.readDeciding(converted, file: file)
    }

    /// Masks one document in this format through `session`, appending the masked JSON
    /// to `out` (for streams: the session's caches carry over to the next document).
    func mask(_ bytes: [UInt8], file: String, firstLine: Int = 1, session: inout TreeMaskingSession, into out: inout [UInt8]) throws {
        let format = resolve(bytes) ?? .json
        if format == .json { return try session.mask(bytes, file: file, firstLine: firstLine, into: &out) }
        try session.mask(try Self.convert(bytes, format: format, file: file, firstLine: firstLine), file: file, into: &out)
    }

    /// Reads one document in this format into a tree document.
    func read(_ bytes: [UInt8], file: String, firstLine: Int = 1, masker: TreeMasker) throws -> TreeDocument {
        let format = resolve(bytes) ?? .json
        if format == .json { return try masker.read(bytes, file: file, firstLine: firstLine) }
        return try masker.read(try Self.convert(bytes, format: format, file: file, firstLine: firstLine), file: file)
    }

    /// A capture converted to maskc JSON; errors at their line in the file (for a
    /// capture on line `firstLine` of a stream).
    static func convert(_ bytes: [UInt8], format: CaptureFormat, file: String, firstLine: Int) throws(ImportError) -> [UInt8] {
        do {
            return try CaptureImporter.convert(bytes, format: format, file: file)
        } catch {
            throw ImportError(file: error.file, line: error.line + firstLine - 1, column: error.column, message: error.message)
        }
    }
}

/// A problem reading one input, rendered on one line.
func renderedReadError(_ error: any Error) -> String {
    if let error = error as? TreeError { return error.rendered }
    if let error = error as? ImportError { return error.rendered }
    return "maskc: error: \(error)"
}
