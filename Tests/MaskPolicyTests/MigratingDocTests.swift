import Foundation
import MaskEngine
import MaskJSON
import MaskPolicy
import Testing

/// Docs/migrating.md: every policy on the page compiles without a finding and, run over
/// one screen, shows and masks what the page says of the SDK settings it translates.
@Suite("Docs/migrating.md")
struct MigratingDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The screen, its views in pre-order with the names the expectations use.
    static let names = ["root", "total", "email", "field", "typed", "password", "logo", "photo", "button", "title", "profile", "name", "tagged", "web"]
    static let screen = """
        {"screen": "Checkout", "root": {"class": "UIView", "children": [
          {"class": "UILabel", "text": "Total"},
          {"class": "UILabel", "text": "Contact jane@example.com"},
          {"class": "UITextField", "text": "typed", "children": [{"class": "UILabel", "text": "typed"}]},
          {"class": "UITextField", "isSecureTextEntry": true, "text": "hunter2"},
          {"class": "UIImageView", "image": {"source": "bundle", "name": "logo"}},
          {"class": "UIImageView", "image": {"source": "remote", "url": "https://example.com/p.jpg"}},
          {"class": "UIButton", "children": [{"class": "UILabel", "text": "Buy"}]},
          {"class": "UserProfileView", "accessibilityIdentifier": "profile", "children": [{"class": "UILabel", "text": "Jane Appleseed"}]},
          {"class": "UILabel", "accessibilityIdentifier": "note.ph-no-capture", "text": "secret note"},
          {"class": "WKWebView"}
        ]}}
        """

    /// What the replay shows under each policy of the page (every other view is masked).
    static let shown: [String: Set<String>] = [
        "datadog-mask-all": [],
        "datadog-mask-all-inputs": ["root", "total", "email", "logo", "button", "title", "profile", "name", "tagged", "web"],
        "datadog-mask-sensitive-inputs": ["root", "total", "logo", "photo", "button", "title", "profile", "name", "tagged", "web"],
        "sentry-defaults": ["root", "button"],
        "sentry-show-text": ["root", "total", "email", "field", "typed", "button", "title", "profile", "name", "tagged"],
        "posthog-defaults": ["root", "logo", "button", "profile", "web"],
        "posthog-show-images": ["root", "logo", "photo", "button", "profile", "web"],
        "seed-calls": ["button", "title"],
        "seed-default-unmasked": ["root", "total", "logo", "photo", "button", "title", "profile", "name", "tagged", "web"],
    ]

    /// The page's policies: each YAML block after a `<!-- policy: NAME -->` line.
    static func policies() throws -> [(name: String, yaml: String)] {
        let page = try String(contentsOf: root.appendingPathComponent("Docs/migrating.md"), encoding: .utf8)
        var found: [(String, String)] = []
        var name: String?, block: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<!-- policy: "), line.hasSuffix(" -->") {
                name = String(line.dropFirst("<!-- policy: ".count).dropLast(" -->".count))
            } else if line == "```yaml", name != nil {
                block = []
            } else if line == "```", let lines = block, let current = name {
                found.append((current, lines.joined(separator: "\n") + "\n"))
                block = nil
                name = nil
            } else if block != nil {
                block?.append(line)
            }
        }
        return found
    }

    @Test("the page's policies are those the test knows, each once")
    func everyPolicyIsChecked() throws {
        let names = try Self.policies().map(\.name)
        #expect(names.sorted() == Self.shown.keys.sorted())
        #expect(Set(names).count == names.count)
    }

    @Test("each policy compiles and shows exactly what the page says")
    func translations() throws {
        for (name, yaml) in try Self.policies() {
            let compilation = PolicyCompiler.compile(yaml, file: "migrating.md#\(name)")
            #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty, "\(name): \(compilation.diagnostics.map(\.rendered))")
            let table = try #require(compilation.table, "\(name) does not compile")
            let (_, decisions) = try TreeMasker(table: table).readDeciding(Array(Self.screen.utf8), file: "screen.json")
            try #require(decisions.count == Self.names.count)
            let shown = Set(zip(Self.names, decisions).filter { !$0.1.isMasked }.map(\.0))
            #expect(shown == Self.shown[name], "\(name): shows \(shown.sorted())")
        }
    }
}
