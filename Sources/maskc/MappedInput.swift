#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MaskJSON

/// A large regular file mapped for reading instead of copied: `apply` on one big tree
/// then needs no second copy of it and no fresh memory to clear.
///
/// A mapping follows the file: if another process changes the file while maskc reads
/// it, the bytes change under the reader. `isUnchanged` compares the file's size and
/// modification time with those seen when it was mapped, so the run can fail (exit 4)
/// instead of vouching for output made from a moving file; a file cut short while
/// mapped raises SIGBUS, which `guardAgainstTruncation` turns into the same failure.
final class MappedInput {
    /// Files smaller than this are read, not mapped.
    static let threshold = 1 << 20

    let bytes: InputBytes
    private let fd: Int32
    private let seen: stat

    private init(bytes: InputBytes, fd: Int32, seen: stat) {
        self.bytes = bytes
        self.fd = fd
        self.seen = seen
    }

    deinit { close(fd) }

    /// Maps `path` if it is a regular file of at least ``threshold`` bytes and at most
    /// `limit`; nil otherwise (standard input, small or oversized files, or a failure),
    /// and the caller reads the file the ordinary way, reporting any problem.
    static func map(_ path: String, limit: Int) -> MappedInput? {
        guard path != "-" else { return nil }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
              Int(st.st_size) >= threshold, Int(st.st_size) <= limit,
              let bytes = InputBytes(mapping: fd, count: Int(st.st_size)) else {
            close(fd)
            return nil
        }
        return MappedInput(bytes: bytes, fd: fd, seen: st)
    }

    /// Whether the file still has the size and modification time it had when mapped.
    var isUnchanged: Bool {
        var now = stat()
        guard fstat(fd, &now) == 0 else { return false }
        return now.st_size == seen.st_size && now.st_mtim.tv_sec == seen.st_mtim.tv_sec && now.st_mtim.tv_nsec == seen.st_mtim.tv_nsec
    }

    /// The first bytes of the file, for format detection.
    func head(_ count: Int) -> [UInt8] {
        Array(bytes[0..<min(count, bytes.count)])
    }

    /// From now on, SIGBUS (a mapped file cut short by another process) ends the run
    /// with a one-line error and exit 4, removing `partialOutput` if given, instead of
    /// a crash.
    static func guardAgainstTruncation(partialOutput: String?) {
        truncationPartialOutput = partialOutput.flatMap { strdup($0) }
        signal(SIGBUS) { _ in
            let message: StaticString = "maskc: error: the tree file was cut short while it was read; nothing more is written\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            if let partial = truncationPartialOutput { unlink(partial) }
            _exit(4)
        }
    }
}

/// The partial output file to remove if SIGBUS ends the run (set once, before reading).
nonisolated(unsafe) private var truncationPartialOutput: UnsafeMutablePointer<CChar>?
