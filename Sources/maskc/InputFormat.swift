import MaskStorage
import ArgumentParser
import MaskEngine
import MaskImport
import MaskJSON

/// `--input-format`: maskc's own JSON, a capture format, or detected from content.
enum InputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, json, uiautomator
    case appiumAndroid = "appium-android"
    case rico, xcuitest

    /// The format of one document: this one, or for `auto` the one its content shows.
    /// - Parameters:
    ///   - file: the file name for errors.
    ///   - firstLine: the line of the file `bytes` start on (for NDJSON).
    /// - Throws: for `auto`, when the document could be read as two different trees.
    func resolve(_ bytes: InputBytes, file: String, firstLine: Int = 1) throws(ImportError) -> CaptureFormat {
        switch self {
        case .auto:
            // `.unknown`: maskc's reader says what is wrong with it.
            return try Self.format(of: CaptureImporter.detect(bytes), file: file, firstLine: firstLine)
        case .json: return .json
        case .uiautomator: return .uiautomator
        case .appiumAndroid: return .appiumAndroid
        case .rico: return .rico
        case .xcuitest: return .xcuitest
        }
    }

    /// Why a document whose format is ambiguous is not read, and how to read it.
    static let ambiguityMessage = "ambiguous input: the top-level object holds both a maskc tree (\"class\" or \"root\") and a Rico hierarchy (\"activity\" with \"root\"); pass --input-format json or --input-format rico"

    /// Reads one document in this format and decides it as it is read (for `apply`).
    func readDeciding(_ bytes: [UInt8], file: String, firstLine: Int = 1, masker: TreeMasker) throws -> (TreeLayout, [MaskDecision]) {
        try readDeciding(InputBytes(bytes), file: file, firstLine: firstLine, masker: masker)
    }

    /// ``readDeciding(_:file:firstLine:masker:)`` for bytes held as ``InputBytes`` (a
    /// mapped file). A detected JSON object is parsed once: its format is read from the
    /// parsed top level, and a maskc tree is decided from that same parse.
    func readDeciding(_ bytes: InputBytes, file: String, firstLine: Int = 1, masker: TreeMasker) throws -> (TreeLayout, [MaskDecision]) {
        var format: CaptureFormat
        if self == .auto && CaptureImporter.startsJSONObject(bytes) {
            var detection = CaptureImporter.Detection.format(.json)
            let decided = try masker.readDeciding(bytes, file: file, firstLine: firstLine, accepting: { tape in
                detection = CaptureImporter.detect(tape: tape)
                return detection == .format(.json)
            })
            if let decided { return decided }
            format = try Self.format(of: detection, file: file, firstLine: firstLine)
        } else {
            format = try resolve(bytes, file: file, firstLine: firstLine)
            if format == .json { return try masker.readDeciding(bytes, file: file, firstLine: firstLine) }
        }
        let converted = try CaptureImporter.convert(bytes.bytes, format: format, file: file, firstLine: firstLine)
        return try masker.readDeciding(converted, file: file)
    }

    /// Masks one document in this format through `session`, appending the masked JSON
    /// to `out` (for streams: the session's caches carry over to the next document).
    func mask(_ bytes: [UInt8], file: String, firstLine: Int = 1, session: inout TreeMaskingSession, into out: inout [UInt8]) throws {
        let format: CaptureFormat
        if self == .auto && CaptureImporter.startsJSONObject(InputBytes(bytes)) {
            var detection = CaptureImporter.Detection.format(.json)
            let masked = try session.mask(bytes, file: file, firstLine: firstLine, into: &out, accepting: { tape in
                detection = CaptureImporter.detect(tape: tape)
                return detection == .format(.json)
            })
            if masked { return }
            format = try Self.format(of: detection, file: file, firstLine: firstLine)
        } else {
            format = try resolve(InputBytes(bytes), file: file, firstLine: firstLine)
            if format == .json { return try session.mask(bytes, file: file, firstLine: firstLine, into: &out) }
        }
        try session.mask(try CaptureImporter.convert(bytes, format: format, file: file, firstLine: firstLine), file: file, into: &out)
    }

    /// The format a detection names, or the ambiguity error (positioned in the file).
    static func format(of detection: CaptureImporter.Detection, file: String, firstLine: Int) throws(ImportError) -> CaptureFormat {
        switch detection {
        case .format(let format): return format
        case .unknown: return .json
        case .ambiguous(let line, let column):
            throw ImportError(file: file, line: line + firstLine - 1, column: column, message: ambiguityMessage, reason: .ambiguous)
        case .undecodable(let line, let column, let message):
            throw ImportError(file: file, line: line + firstLine - 1, column: column, message: message, reason: .encoding)
        }
    }

    /// Reads one document in this format into a tree document.
    func read(_ bytes: [UInt8], file: String, firstLine: Int = 1, masker: TreeMasker) throws -> TreeDocument {
        let format = try resolve(InputBytes(bytes), file: file, firstLine: firstLine)
        if format == .json { return try masker.read(bytes, file: file, firstLine: firstLine) }
        let converted = try CaptureImporter.convert(bytes, format: format, file: file, firstLine: firstLine)
        return try masker.read(converted, file: file)
    }
}

/// A problem reading one input, rendered on one line (``Diagnostic/rendered``). An
/// error of any other type is named by its type only, so that no value can be printed.
func renderedReadError(_ error: any Error) -> String {
    if let error = error as? TreeError { return error.rendered }
    if let error = error as? ImportError { return error.rendered }
    if let error = error as? ErrorRecord { return error.rendered }
    return "maskc: error: the input cannot be read (\(type(of: error)))"
}
