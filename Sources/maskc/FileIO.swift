import MaskDiagnostics
import MaskStorage
import MaskJSON

/// Reading input files and writing output without Foundation, in large blocks.
enum FileIO {
    /// Why a file could not be read or written, in the system's words.
    struct Failure: Error {
        let message: String
        /// The file is larger than the limit it was read with (callers branch on this,
        /// never on the message).
        var isOverLimit = false
    }

    /// Why an input could not be read while streaming it (distinct from output failures).
    struct ReadError: Error {
        let message: String
    }

    static func systemError() -> String { System.lastError }

    /// Reads a whole file; `-` is standard input.
    /// - Parameter limit: the largest file accepted; a larger one fails before it is read.
    static func read(_ path: String, limit: Int = Int.max) throws(Failure) -> [UInt8] {
        guard let fd = path == "-" ? System.standardInput : System.openForReading(path) else { throw Failure(message: systemError()) }
        defer { if fd != System.standardInput { System.close(fd) } }
        let status = System.status(of: fd)
        if let status, status.isDirectory { throw Failure(message: "is a directory") }
        if let status, status.isRegularFile {
            let size = status.size
            if size > limit { throw Failure(message: "\(size) bytes, over the limit of \(limit) (raise it with --max-bytes)", isOverLimit: true) }
            // A regular file: read straight into the array's storage, no chunk copies.
            var failure: Failure?
            var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                if let base = buffer.baseAddress { LargeBuffers.adviseSequentialFill(base, count: size) }
                var offset = 0
                while offset < size {
                    let n = System.read(fd, into: buffer.baseAddress! + offset, count: size - offset)
                    if n < 0 {
                        failure = Failure(message: systemError())
                        break
                    }
                    if n == 0 { break }  // the file shrank while being read
                    offset += n
                }
                initialized = offset
            }
            if let failure { throw failure }
            // The file may have grown since fstat: read on.
            try readRest(fd, into: &bytes, limit: limit)
            return bytes
        }
        var bytes: [UInt8] = []
        try readRest(fd, into: &bytes, limit: limit)
        return bytes
    }

    /// Reads until the end of `fd`, appending to `bytes`, failing past `limit`.
    private static func readRest(_ fd: System.Descriptor, into bytes: inout [UInt8], limit: Int) throws(Failure) {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { System.read(fd, into: $0.baseAddress!, count: $0.count) }
            if n < 0 { throw Failure(message: systemError()) }
            if n == 0 { break }
            if bytes.count + n > limit { throw Failure(message: "over the limit of \(limit) bytes (raise it with --max-bytes)", isOverLimit: true) }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads a file (or standard input) line by line in 4 MiB blocks, so memory does
    /// not grow with the file: calls `body` with each non-blank line and its 1-based
    /// number (blank lines too, with `blankLines`). A line longer than `limit` is not
    /// buffered: `tooLong` is called with its number instead.
    static func forEachLine(_ path: String, limit: Int, blankLines: Bool = false,
                            _ body: (Int, [UInt8]) throws -> Void, tooLong: (Int) throws -> Void) throws {
        guard let fd = path == "-" ? System.standardInput : System.openForReading(path) else { throw ReadError(message: systemError()) }
        defer { if fd != System.standardInput { System.close(fd) } }
        var chunk = [UInt8](repeating: 0, count: 4 << 20)
        var line: [UInt8] = []
        var number = 1
        var overflowing = false
        func finish() throws {
            if overflowing {
                try tooLong(number)
            } else if blankLines || !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                try body(number, line)
            }
            line.removeAll(keepingCapacity: true)
            overflowing = false
            number += 1
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { System.read(fd, into: $0.baseAddress!, count: $0.count) }
            if n < 0 { throw ReadError(message: systemError()) }
            if n == 0 { break }
            var start = 0
            while start < n {
                var end = start
                while end < n && chunk[end] != 0x0A { end += 1 }
                if !overflowing {
                    if line.count + (end - start) > limit {
                        overflowing = true
                        line.removeAll()
                    } else {
                        line.append(contentsOf: chunk[start..<end])
                    }
                }
                if end < n { try finish() }
                start = end + 1
            }
        }
        if overflowing || !line.isEmpty { try finish() }
    }

    /// Writes all of `bytes` to a file descriptor.
    static func write(_ fd: System.Descriptor, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { System.write(fd, from: $0.baseAddress! + offset, count: $0.count - offset) }
            if n < 0 { throw Failure(message: systemError()) }
            offset += n
        }
    }

    /// Writes a line to standard error, escaped (``ReportText``): a file name or a
    /// policy's text in it cannot break the line or send controls to the terminal.
    static func printError(_ line: String) {
        try? write(System.standardError, Array((ReportText.escaped(line) + "\n").utf8))
    }

    /// Writes a warning line to standard error, unless `--quiet`.
    static func printWarning(_ line: String) {
        guard !DisplaySettings.current.quiet else { return }
        printError(line)
    }

    /// Writes a policy's diagnostic to standard error as ``DiagnosticText`` makes it
    /// (coloured, with its source line, when asked); warnings and notes not under `--quiet`.
    static func printDiagnostic(_ diagnostic: Diagnostic, source: [UInt8]?) {
        let settings = DisplaySettings.current
        guard settings.shows(diagnostic.severity) else { return }
        let lines = DiagnosticText.lines(diagnostic, source: source, color: settings.colorErrors, excerpt: settings.excerptsErrors)
        try? write(System.standardError, Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Writes a message of several lines (the argument parser's usage text) to standard
    /// error, each line escaped.
    static func printErrorLines(_ text: String) {
        try? write(System.standardError, Array((ReportText.lines(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) + "\n").utf8))
    }
}

/// Where output goes: standard output, or a file written under a temporary name and
/// renamed into place only when complete, so a failed run never leaves a partial file.
/// A file already there is replaced through a symbolic link (the link stays, its
/// target gets the output) and keeps its permissions. A path that is not a regular
/// file (`/dev/null`, a FIFO, a terminal) is written directly, never replaced.
final class OutputSink {
    let path: String?
    private let fd: System.Descriptor
    private let temporary: String?
    private var crashSlot: Int?
    /// Whether the file is still open (committed or discarded once, never twice).
    private var isOpen = true

    init(path: String?) throws(FileIO.Failure) {
        if let path, path != "-" {
            // An existing file is written where it really is, with its permissions.
            let destination = System.destination(of: path)
            // A device, a FIFO or a socket is written to, not renamed over (as root,
            // `-o /dev/null` would replace the device with a file).
            if let status = System.status(atPath: destination), !status.isRegularFile, !status.isDirectory {
                guard let fd = System.openExistingForWriting(destination) else { throw FileIO.Failure(message: FileIO.systemError()) }
                self.path = destination
                self.fd = fd
                self.temporary = nil
                return
            }
            let permissions = System.permissions(atPath: destination)
            let temporary = destination + ".maskc-partial"
            // Tracked before it exists: a signal between creating the file and tracking
            // it would leave it behind (removing a file not yet made does nothing).
            let slot = System.trackPartialOutput(temporary)
            guard let fd = System.createForWriting(temporary) else {
                let failure = FileIO.Failure(message: FileIO.systemError())
                System.forgetPartialOutput(slot)
                throw failure
            }
            if let permissions { System.setPermissions(fd, permissions) }
            self.path = destination
            self.fd = fd
            self.temporary = temporary
            crashSlot = slot
        } else {
            self.path = nil
            self.fd = System.standardOutput
            self.temporary = nil
        }
    }

    /// Writes and empties the buffer.
    func flush(_ buffer: inout [UInt8]) throws(FileIO.Failure) {
        try FileIO.write(fd, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Finishes: for a file, closes it and moves it into place.
    func commit() throws(FileIO.Failure) {
        guard let path, isOpen else { return }
        isOpen = false
        guard System.close(fd) else { throw FileIO.Failure(message: FileIO.systemError()) }
        guard let temporary else { return }
        guard System.rename(temporary, to: path) else { throw FileIO.Failure(message: FileIO.systemError()) }
        System.forgetPartialOutput(crashSlot)
        crashSlot = nil
    }

    /// Where output is written until it is complete, for a file.
    var partialPath: String? { temporary }

    /// Gives up: for a file, removes the partial output.
    func discard() {
        guard path != nil, isOpen else { return }
        isOpen = false
        System.close(fd)
        guard let temporary else { return }
        System.remove(temporary)
        System.forgetPartialOutput(crashSlot)
        crashSlot = nil
    }
}

extension FileIO {
    /// Writes `text` and a newline to standard output now, as `print` would, but a write
    /// that fails (a full disk, a closed pipe) is reported and ends the run with exit 5.
    static func printOutput(_ text: String) throws(Reported) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        try OutputSink.write(&bytes, to: nil)
    }
}

extension OutputSink {
    /// Opens the output a command writes (`nil` or `-`: standard output), or reports
    /// that it cannot and fails with exit 5.
    static func opening(_ path: String?) throws(Reported) -> OutputSink {
        do {
            return try OutputSink(path: path)
        } catch {
            FileIO.printError("maskc: error: cannot write '\(path ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
    }

    /// Writes a command's whole output at once (`nil` or `-`: standard output), or
    /// reports that it cannot, leaves no partial file and fails with exit 5.
    static func write(_ bytes: inout [UInt8], to path: String?) throws(Reported) {
        let sink = try opening(path)
        do {
            try sink.flush(&bytes)
            try sink.commit()
        } catch {
            sink.discard()
            FileIO.printError("maskc: error: cannot write '\(path ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
    }
}
