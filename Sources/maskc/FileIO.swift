#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading input files and writing output without Foundation, in large blocks.
enum FileIO {
    /// Why a file could not be read or written, in the system's words.
    struct Failure: Error {
        let message: String
    }

    static func systemError() -> String {
        String(cString: strerror(errno))
    }

    /// Reads a whole file; `-` is standard input.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(message: systemError()) }
        defer { if fd != 0 { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "is a directory") }
        var bytes: [UInt8] = []
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(st.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: systemError())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Writes all of `bytes` to a file descriptor.
    static func write(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: systemError())
            }
            offset += n
        }
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        try? write(2, Array((line + "\n").utf8))
    }
}

/// Where output goes: standard output, or a file written under a temporary name and
/// renamed into place only when complete, so a failed run never leaves a partial file.
final class OutputSink {
    let path: String?
    private let fd: Int32
    private let temporary: String?

    init(path: String?) throws(FileIO.Failure) {
        if let path, path != "-" {
            let temporary = path + ".maskc-partial"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw FileIO.Failure(message: FileIO.systemError()) }
            self.path = path
            self.fd = fd
            self.temporary = temporary
        } else {
            self.path = nil
            self.fd = 1
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
        guard let temporary, let path else { return }
        guard close(fd) == 0 else { throw FileIO.Failure(message: FileIO.systemError()) }
        guard rename(temporary, path) == 0 else { throw FileIO.Failure(message: FileIO.systemError()) }
    }

    /// Gives up: for a file, removes the partial output.
    func discard() {
        guard let temporary else { return }
        close(fd)
        unlink(temporary)
    }
}
