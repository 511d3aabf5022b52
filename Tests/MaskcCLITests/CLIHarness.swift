import Foundation
import Testing

/// Runs the built `maskc` executable and compares what a user sees with golden files.
///
/// Golden files live in `Golden/`; set `RECORD_SNAPSHOTS=1` to re-record them. A
/// mismatch fails with a line diff.
enum CLIHarness {
    /// The package root (commands run there, so paths in output are relative).
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `maskc` binary next to the test bundle.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // swift-testing on Linux may run from inside the .xctest bundle path.
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("maskc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/maskc")
    }

    struct Result {
        var exit: Int32
        var stdout: String
        var stderr: String

        var transcript: String {
            "--- exit: \(exit)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
        }
    }

    /// Writes `text` as `name` in `folder` of the temporary directory (made if needed)
    /// and returns the file's path.
    /// Writes `tree.json` and `p.yaml` to a fresh folder named from `prefix`.
    static func treeAndPolicy(_ prefix: String, tree: String, policy: String) throws -> (tree: String, policy: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let treePath = folder.appendingPathComponent("tree.json").path, policyPath = folder.appendingPathComponent("p.yaml").path
        try tree.write(toFile: treePath, atomically: true, encoding: .utf8)
        try policy.write(toFile: policyPath, atomically: true, encoding: .utf8)
        return (treePath, policyPath, folder)
    }

    static func temporaryFile(_ folder: String, _ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `maskc` with arguments from the package root (or from `directory`, a path
    /// from the package root, or an absolute one).
    static func run(_ arguments: [String], stdin: Data? = nil, directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : root.appendingPathComponent($0) } ?? root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // Read both pipes concurrently so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(exit: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `maskc encode TREE --policy POLICY` into `session.bin` in `folder` and
    /// returns the session's bytes and the file's path (the run is expected to succeed).
    static func encodedBytes(_ tree: String, policy: String, in folder: URL,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> (bytes: Data, path: String) {
        let out = folder.appendingPathComponent("session.bin").path
        let result = try run(["encode", tree, "--policy", policy, "-o", out])
        #expect(result.exit == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return (try Data(contentsOf: URL(fileURLWithPath: out)), out)
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Compares the transcript of a run with `Golden/<name>.txt`.
    static func assertGolden(_ name: String, _ arguments: [String], stdin: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(arguments, stdin: stdin)
        let actual = "$ maskc \(arguments.joined(separator: " "))\n" + result.transcript
        let url = root.appendingPathComponent("Tests/MaskcCLITests/Golden/\(name).txt")
        if recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file Golden/\(name).txt; run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("output differs from Golden/\(name).txt:\n\(diff(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// A minimal line diff: `-` expected, `+` actual.
    static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : nil, right = index < b.count ? b[index] : nil
            if left == right { continue }
            if let left { lines.append("-\(index + 1): \(left)") }
            if let right { lines.append("+\(index + 1): \(right)") }
            if lines.count > 40 { lines.append("..."); break }
        }
        return lines.joined(separator: "\n")
    }
}
