import ArgumentParser

/// The options shared by every command that masks trees: the policy and the input format.
struct TreeOptions: ParsableArguments {
    @Option(name: .long, help: "The masking policy (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var policy: String

    @Option(name: .long, help: "The input format: auto, json, uiautomator, appium-android, rico, xcuitest.")
    var inputFormat: InputFormat = .auto
}
