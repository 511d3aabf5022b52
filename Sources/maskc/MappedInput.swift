import MaskStorage
import MaskJSON

/// A large regular file mapped for reading instead of copied: `apply` on one big tree
/// then needs no second copy of it and no fresh memory to clear.
///
/// A mapping follows the file: if another process changes the file while maskc reads
/// it, the bytes change under the reader. `isUnchanged` compares the file's size and
/// modification time with those seen when it was mapped, so the run can fail (exit 6)
/// instead of vouching for output made from a moving file; a file cut short while
/// mapped raises SIGBUS, which `guardAgainstTruncation` turns into the same failure.
final class MappedInput {
    /// Files smaller than this are read, not mapped.
    static let threshold = 1 << 20

    let bytes: InputBytes
    private let fd: System.Descriptor
    private let seen: System.FileStatus

    private init(bytes: InputBytes, fd: System.Descriptor, seen: System.FileStatus) {
        self.bytes = bytes
        self.fd = fd
        self.seen = seen
    }

    deinit { System.close(fd) }

    /// Maps `path` if it is a regular file of at least ``threshold`` bytes and at most
    /// `limit`; nil otherwise (standard input, small or oversized files, or a failure),
    /// and the caller reads the file the ordinary way, reporting any problem.
    static func map(_ path: String, limit: Int) -> MappedInput? {
        guard path != "-" else { return nil }
        guard let fd = System.openForReading(path) else { return nil }
        guard let status = System.status(of: fd), status.isRegularFile,
              status.size >= threshold, status.size <= limit,
              let bytes = InputBytes(mapping: fd, count: status.size) else {
            System.close(fd)
            return nil
        }
        return MappedInput(bytes: bytes, fd: fd, seen: status)
    }

    /// Whether the file still has the size and modification time it had when mapped.
    var isUnchanged: Bool {
        System.status(of: fd) == seen
    }

    /// From now on, SIGBUS (a mapped file cut short by another process) ends the run
    /// with a one-line error and exit 6, removing `partialOutput` if given, instead of
    /// a crash.
    static func guardAgainstTruncation(partialOutput: String?) {
        System.onBusError(message: "maskc: error: the tree file was cut short while it was read; nothing more is written\n",
                          removing: partialOutput, status: ExitStatus.inputChanged.rawValue)
    }
}
