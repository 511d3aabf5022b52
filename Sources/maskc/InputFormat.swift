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
            let keys = topLevelKeys(bytes[i..<min(bytes.count, i + 65_536)])
            let isRico = (keys.contains("activity_name") || keys.contains("activity")) && !keys.contains("class") && !keys.contains("root")
            return isRico ? .rico : .json
        }
        return CaptureImporter.detect(bytes) ?? .json
    }

    /// The keys of the top-level object found in `head` (escapes not decoded; a key
    /// cut off by the end of `head` is left out). Only depth 1 counts, so a value or a
    /// nested key that happens to read "activity_name" does not.
    static func topLevelKeys(_ head: ArraySlice<UInt8>) -> Set<String> {
        var keys = Set<String>()
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
                guard j < head.endIndex else { return keys }
                if depth == 1 && expectKey { keys.insert(String(decoding: head[(i + 1)..<j], as: UTF8.self)) }
                expectKey = false
                i = j
            default:
                break
            }
            i += 1
        }
        return keys
    }

    /// Reads one document in this format and decides it as it is read (for `apply`).
    func readDeciding(_ bytes: [UInt8], file: String, firstLine: Int = 1, masker: TreeMasker) throws -> (TreeLayout, [MaskDecision]) {
        let format = resolve(bytes) ?? .json
        if format == .json { return try masker.readDeciding(bytes, file: file, firstLine: firstLine) }
        let converted = try CaptureImporter.convert(bytes, format: format, file: file)
        return try masker.readDeciding(converted, file: file)
    }

    /// Reads one document in this format into a tree document.
    func read(_ bytes: [UInt8], file: String, firstLine: Int = 1, masker: TreeMasker) throws -> TreeDocument {
        let format = resolve(bytes) ?? .json
        if format == .json { return try masker.read(bytes, file: file, firstLine: firstLine) }
        let converted = try CaptureImporter.convert(bytes, format: format, file: file)
        return try masker.read(converted, file: file)
    }
}

/// A problem reading one input, rendered on one line.
func renderedReadError(_ error: any Error) -> String {
    if let error = error as? TreeError { return error.rendered }
    if let error = error as? ImportError { return error.rendered }
    return "maskc: error: \(error)"
}
