import Foundation
import Testing

/// Layers over a format 1.1 base: the base's detectors, per-dimension defaults and
/// locked kind rules hold in every layer, and a layer's `defaults:` entry that shows more
/// than the base is a loosening.
@Suite("Layered format 1.1")
struct LayeredFormat11Tests {
    static let folder = "Tests/Fixtures/Layers/format11"

    @Test("a defaults entry looser than the base's is loosens-base at its line, exit 3")
    func defaultsLoosening() throws {
        let result = try CLIHarness.run(["compile", "\(Self.folder)/loosens.yaml"])
        #expect(result.exit == 3)
        #expect(result.stderr.contains("\(Self.folder)/loosens.yaml:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("[loosens-base]") && result.stderr.contains("defaults.text"), "\(result.stderr)")
    }

    @Test("a layer keeps its base's detectors and defaults, and adds its own")
    func merged() throws {
        let result = try CLIHarness.run(["compile", "--format", "json", "\(Self.folder)/layer.yaml"])
        #expect(result.exit == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["detect"] as? [String] == ["email", "phone"])
        let defaults = try #require(json["defaults"] as? [String: String])
        #expect(defaults["text"] == "mask" && defaults["images"] == "mask")
    }

    @Test("compile lists an inherited default or detector where its base writes it")
    func inheritedSources() throws {
        let result = try CLIHarness.run(["compile", "\(Self.folder)/layer.yaml"])
        #expect(result.exit == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let text = try #require(lines.first { $0.contains("defaults.text") })
        #expect(text.contains("\(Self.folder)/base.yaml:3:"), "\(text)")
        let images = try #require(lines.first { $0.contains("defaults.images") })
        #expect(images.contains("\(Self.folder)/layer.yaml:3:"), "\(images)")
        let detect = try #require(lines.first { $0.contains("detect") })
        #expect(detect.contains("\(Self.folder)/base.yaml:4:"), "\(detect)")
    }

    @Test("apply through the layer: the base's safety net and its locked kind rule still decide")
    func applied() throws {
        let result = try CLIHarness.run(["apply", "\(Self.folder)/tree.json", "--policy", "\(Self.folder)/layer.yaml"])
        #expect(result.exit == 0, "\(result.stderr)")
        for secret in ["jane@example.com", "Jane Appleseed", "4111"] {
            #expect(!result.stdout.contains(secret), "\(secret) leaked")
        }
        #expect(result.stdout.contains("Pay now"), "the base's unmask still shows the static button")
    }
}
