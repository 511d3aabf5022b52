import ArgumentParser

/// The options shared by every command that masks trees: the policy and the input format.
struct TreeOptions: ParsableArguments {
    @Option(name: .long, help: "The masking policy (YAML, or a portable table from compile --emit table).", completion: .file(extensions: ["yaml", "yml", "mtab"]))
    var policy: String

    @Option(name: .long, help: "The input format: auto, json, uiautomator, appium-android, rico, xcuitest.")
    var inputFormat: InputFormat = .auto
}
