#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every call the command line makes into the operating system, behind one wall: the
/// rest of the target is plain Swift and builds unchanged on Linux and on Apple's
/// systems (`scripts/check-portability`, run by CI, fails on a platform import or call
/// anywhere else).
enum System {
    /// An open file.
    typealias Descriptor = Int32

    static let standardInput: Descriptor = 0
    static let standardOutput: Descriptor = 1
    static let standardError: Descriptor = 2

    /// What `stat` says of a file, in the terms maskc needs.
    struct FileStatus: Equatable {
        var isDirectory: Bool
        var isRegularFile: Bool
        var size: Int
        /// The modification time, seconds and nanoseconds.
        var modified: (seconds: Int, nanoseconds: Int)
        /// The file itself (device and inode): two paths with the same identity name one
        /// file (links, `./x` and `x`). Not part of `==`, which asks whether a file changed.
        var identity: FileIdentity

        static func == (a: FileStatus, b: FileStatus) -> Bool {
            a.isDirectory == b.isDirectory && a.isRegularFile == b.isRegularFile && a.size == b.size
                && a.modified.seconds == b.modified.seconds && a.modified.nanoseconds == b.modified.nanoseconds
        }

        fileprivate init(_ st: stat) {
            isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
            isRegularFile = (st.st_mode & S_IFMT) == S_IFREG
            size = Int(st.st_size)
            identity = FileIdentity(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino))
            #if canImport(Darwin)
            modified = (Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec))
            #else
            modified = (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec))
            #endif
        }
    }

    /// A file's device and inode.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The last system error, in the system's words.
    static var lastError: String { String(cString: strerror(errno)) }

    /// Opens a file for reading; nil on failure (see ``lastError``).
    static func openForReading(_ path: String) -> Descriptor? {
        let fd = open(path, O_RDONLY)
        return fd >= 0 ? fd : nil
    }

    /// Creates (or truncates) a file for writing, mode 0644; nil on failure.
    static func createForWriting(_ path: String) -> Descriptor? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        return fd >= 0 ? fd : nil
    }

    /// Opens an existing file for writing without creating or truncating it (a device,
    /// a FIFO); nil on failure.
    static func openExistingForWriting(_ path: String) -> Descriptor? {
        let fd = open(path, O_WRONLY)
        return fd >= 0 ? fd : nil
    }

    /// Closes a file; false on failure.
    @discardableResult
    static func close(_ fd: Descriptor) -> Bool {
        #if canImport(Darwin)
        return Darwin.close(fd) == 0
        #elseif canImport(Glibc)
        return Glibc.close(fd) == 0
        #else
        return Musl.close(fd) == 0
        #endif
    }

    /// Reads up to `count` bytes, retrying when a signal interrupts; returns the number
    /// read (0 at the end), or -1 on failure.
    static func read(_ fd: Descriptor, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        retrying { Darwin.read(fd, buffer, count) }
        #elseif canImport(Glibc)
        retrying { Glibc.read(fd, buffer, count) }
        #else
        retrying { Musl.read(fd, buffer, count) }
        #endif
    }

    /// Writes up to `count` bytes, retrying when a signal interrupts; returns the number
    /// written, or -1 on failure.
    static func write(_ fd: Descriptor, from buffer: UnsafeRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        retrying { Darwin.write(fd, buffer, count) }
        #elseif canImport(Glibc)
        retrying { Glibc.write(fd, buffer, count) }
        #else
        retrying { Musl.write(fd, buffer, count) }
        #endif
    }

    /// Calls `call` again while it fails because a signal interrupted it.
    private static func retrying(_ call: () -> Int) -> Int {
        while true {
            let n = call()
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// The status of an open file; nil on failure.
    static func status(of fd: Descriptor) -> FileStatus? {
        var st = stat()
        return fstat(fd, &st) == 0 ? FileStatus(st) : nil
    }

    /// The status of a path (links followed); nil on failure.
    static func status(atPath path: String) -> FileStatus? {
        var st = stat()
        return stat(path, &st) == 0 ? FileStatus(st) : nil
    }

    /// Whether a path is a symbolic link itself (not followed); false when it cannot be read.
    static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The names in a folder, `.` and `..` left out, in the order the system gives;
    /// nil when it cannot be read.
    static func directoryEntries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Renames a file, replacing any at the destination; false on failure.
    static func rename(_ from: String, to: String) -> Bool {
        #if canImport(Darwin)
        return Darwin.rename(from, to) == 0
        #elseif canImport(Glibc)
        return Glibc.rename(from, to) == 0
        #else
        return Musl.rename(from, to) == 0
        #endif
    }

    /// Creates a folder (mode 755) unless one is there; false on failure.
    static func makeDirectory(_ path: String) -> Bool {
        if status(atPath: path)?.isDirectory == true { return true }
        return mkdir(path, 0o755) == 0
    }

    /// Removes a file, if it is there.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Whether a descriptor is a terminal (colour and source excerpts are for people).
    static func isTerminal(_ fd: Descriptor) -> Bool { isatty(fd) == 1 }

    /// An environment variable's value, if it is set.
    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The current working directory, if it can be read.
    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes a write to a closed pipe fail with an error (reported, exit 5) instead of
    /// ending the process.
    static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// From now on, SIGBUS (a mapped file cut short by another process) writes
    /// `message` to standard error, removes `partialOutput` if given, and ends the
    /// process with `status`, instead of a crash.
    static func onBusError(message: StaticString, removing partialOutput: String?, status: Int32) {
        busError = (partialOutput.flatMap { strdup($0) }, message, status)
        _ = signal(SIGBUS) { _ in
            guard let (partial, message, status) = busError else { _exit(4) }
            _ = System.write(System.standardError, from: message.utf8Start, count: message.utf8CodeUnitCount)
            if let partial { unlink(partial) }
            _exit(status)
        }
    }
}

extension System {
    /// The path with every symbolic link resolved, when the file exists; else nil.
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where writing `path` lands: the file itself, with every link resolved, when it
    /// exists; for a link to a file not yet there, the link's target (from the link's
    /// folder); else `path`.
    static func destination(of path: String) -> String {
        if let resolved = resolvedPath(path) { return resolved }
        guard isSymbolicLink(path) else { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return path }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        guard let slash = path.lastIndex(of: "/") else { return target }
        return String(path[...slash]) + target
    }

    /// A file's read, write and execute bits (links followed; not set-id or sticky
    /// bits, which an output should not take over); nil when it is not there.
    static func permissions(atPath path: String) -> UInt32? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt32(st.st_mode) & 0o777 : nil
    }

    /// Sets an open file's permission bits; false on failure.
    @discardableResult
    static func setPermissions(_ fd: Descriptor, _ bits: UInt32) -> Bool {
        fchmod(fd, mode_t(bits)) == 0
    }

    /// From now on a crash (a trap, a bad memory access) ends the process with one line
    /// on standard error and exit status 70, after removing the partial outputs
    /// ``trackPartialOutput(_:)`` holds: no register or memory dump, which could hold a
    /// few bytes of a tree's text, is printed.
    static func onCrash() {
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGFPE, SIGABRT, SIGBUS] { handle(signal, with: crashed) }
    }

    /// From now on SIGINT, SIGTERM and SIGHUP (Ctrl-C, a CI job cancelled, a closed
    /// terminal) end the process with one line on standard error and the shell's status
    /// for the signal (128 + its number: 130, 143, 129), after removing the partial
    /// outputs ``trackPartialOutput(_:)`` holds: a run stopped from outside leaves no
    /// `.maskc-partial` file behind.
    ///
    /// A signal ignored when the run starts (`nohup`, a shell's background job) stays
    /// ignored; one blocked by the parent (a mask a spawning process passed on) is
    /// unblocked, so the handler can run.
    static func onInterrupt() {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { continue }
            #if canImport(Darwin)
            let ignored = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            #else
            let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            #endif
            if ignored { continue }
            sigaddset(&unblocked, signal)
            handle(signal, with: interrupted)
        }
        _ = sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Installs `handler` for `signal` (no flags, nothing else blocked while it runs).
    private static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(signal, &action, nil)
    }

    /// Remembers a partial output the crash handler removes (up to four at once; the
    /// command line opens at most two: the output and the errors file).
    /// - Returns: the slot to forget it by, or nil when all are taken.
    @discardableResult
    static func trackPartialOutput(_ path: String) -> Int? {
        for slot in 0..<crashPartials.count where crashPartials[slot] == nil {
            crashPartials[slot] = strdup(path)
            return slot
        }
        return nil
    }

    /// Forgets a partial output (it was committed or removed).
    static func forgetPartialOutput(_ slot: Int?) {
        guard let slot, let path = crashPartials[slot] else { return }
        crashPartials[slot] = nil
        free(path)
    }
}

/// The crash handler: async-signal-safe calls only.
private func crashed(_ signal: Int32) {
    let message: StaticString = "maskc: internal error: the run stopped (a bug in maskc; please report it with the command, not the data); partial outputs were removed\n"
    _ = System.write(System.standardError, from: message.utf8Start, count: message.utf8CodeUnitCount)
    for slot in 0..<4 { if let path = crashPartials[slot] { unlink(path) } }
    _exit(70)
}

/// The handler for a signal that stops the run from outside: async-signal-safe calls only.
private func interrupted(_ signal: Int32) {
    let message: StaticString = switch signal {
    case SIGINT: "maskc: interrupted (SIGINT); partial outputs were removed\n"
    case SIGTERM: "maskc: terminated (SIGTERM); partial outputs were removed\n"
    default: "maskc: hung up (SIGHUP); partial outputs were removed\n"
    }
    _ = System.write(System.standardError, from: message.utf8Start, count: message.utf8CodeUnitCount)
    for slot in 0..<4 { if let path = crashPartials[slot] { unlink(path) } }
    _exit(128 + signal)
}

/// Partial outputs to remove on a crash or an interruption.
nonisolated(unsafe) private var crashPartials: [UnsafeMutablePointer<CChar>?] = [nil, nil, nil, nil]

/// What the SIGBUS handler does (set once, before reading).
nonisolated(unsafe) private var busError: (partial: UnsafeMutablePointer<CChar>?, message: StaticString, status: Int32)?
