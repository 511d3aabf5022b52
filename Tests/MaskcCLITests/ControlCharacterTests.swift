import Foundation
import Testing

/// Screens, classes, ids, identifiers, class names and reasons with control characters
/// (`ESC[8m`, newlines, carriage returns, C1 controls, bidi overrides) reach no
/// terminal raw: every report shows them as `\u{HEX}`.
@Suite("Control characters in reports")
struct ControlCharacterTests {
    static let tree = "Tests/Fixtures/Hostile/control-characters.json"
    static let policy = "Tests/Fixtures/Hostile/control-characters.yaml"

    /// The scalars of `text` that a terminal would obey rather than show, newlines
    /// aside: C0, DEL, C1, bidi controls, line and paragraph separators.
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A: return false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test("explain, audit, check and compile show every control as \\u{HEX}, in every field")
    func golden() throws {
        try CLIHarness.assertGolden("explain-control-characters", ["explain", Self.tree, "--policy", Self.policy])
        try CLIHarness.assertGolden("explain-control-characters-view", ["explain", Self.tree, "--policy", Self.policy, "--view", "0.1"])
        try CLIHarness.assertGolden("audit-control-characters", ["audit", "--policy", Self.policy, Self.tree])
        try CLIHarness.assertGolden("check-control-characters", ["check", Self.policy, "--trees", Self.tree])
        try CLIHarness.assertGolden("compile-control-characters", ["compile", Self.policy])
    }

    static let reports: [[String]] = [
        ["explain", tree, "--policy", policy],
        ["explain", tree, "--policy", policy, "--view", "0.0"],
        ["explain", tree, "--policy", policy, "--view", "0.1"],
        ["audit", "--policy", policy, tree],
        ["audit", "--policy", policy, tree, "--format", "json"],
        ["audit", "--policy", policy, tree, "--format", "html"],
        ["audit", "--policy", "Tests/Fixtures/Policies/unmask-all.yaml", tree, "--baseline", policy],
        ["check", policy, "--trees", tree],
        ["check", policy, "--trees", tree, "--format", "json"],
        ["check", policy, "--trees", tree, "--format", "sarif"],
        ["compile", policy],
        ["compile", policy, "--format", "json"],
    ]

    @Test("no report, in any format, carries a raw control: the only newlines are between lines", arguments: reports)
    func noRawControls(_ arguments: [String]) throws {
        let result = try CLIHarness.run(arguments)
        #expect(result.exit == 0 || result.exit == 1, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
        #expect(Self.rawControls(result.stdout).isEmpty, "\(Self.rawControls(result.stdout))")
        #expect(Self.rawControls(result.stderr).isEmpty, "\(Self.rawControls(result.stderr))")
        // The id and the reason each hold a newline and a forged line after it.
        for line in result.stdout.split(separator: "\n") {
            #expect(!line.hasPrefix("forged"), "\(line)")
        }
    }

    @Test("audit findings after an id with ESC[8m are still there, the id shown escaped")
    func findingsAfterHidingID() throws {
        let result = try CLIHarness.run(["audit", "--policy", Self.policy, Self.tree])
        let lines = result.stdout.split(separator: "\n")
        let critical = lines.filter { $0.hasPrefix("critical:") }
        #expect(critical.count == 2)
        #expect(critical.first?.contains(#"view 'card\u{1B}[8m' (Hidden\u{1B}[8mLabel)"#) == true)
        // The excerpt is a shape: the text's own ESC[0m is reduced like any character.
        #expect(critical.last?.contains(#"text "xxxx.xxx@xxxxxxx.xxx??#x""#) == true)
    }

    @Test("error lines escape what they quote: file names, views asked for")
    func errorLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-control-characters")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "bad\u{1B}[8m\nforged\u{202E}.json"
        try Data(#"{"class": "UIView", "text": "Jane", "oops"}"#.utf8).write(to: folder.appendingPathComponent(name))
        let check = try CLIHarness.run(["check", Self.policy, "--trees", folder.path])
        #expect(check.exit == 2)
        #expect(Self.rawControls(check.stderr).isEmpty, "\(check.stderr)")
        let lines = check.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(check.stderr)")
        #expect(lines.first?.contains(#"bad\u{1B}[8m\u{A}forged\u{202E}.json:1:"#) == true, "\(check.stderr)")
        #expect(!check.stderr.contains("Jane"))

        let explain = try CLIHarness.run(["explain", Self.tree, "--policy", Self.policy, "--view", "x\u{1B}[8m\ny"])
        #expect(explain.exit == 2)
        // After the policy's masking warning (its unknown type), escaped as well.
        #expect(explain.stderr.hasSuffix("\nmaskc: error: no view with id, accessibility identifier, target or index path 'x\\u{1B}[8m\\u{A}y' in '\(Self.tree)'\n"), "\(explain.stderr)")
        #expect(Self.rawControls(explain.stderr).isEmpty, "\(explain.stderr)")
    }
}
