// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "maskc",
    products: [
        .library(name: "MaskEngine", targets: ["MaskEngine"]),
        .library(name: "MaskPolicy", targets: ["MaskPolicy"]),
        .library(name: "MaskJSON", targets: ["MaskJSON"]),
        .executable(name: "maskc", targets: ["maskc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libyaml, from the system (Debian: libyaml-dev).
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The engine encoders link: tree model, type catalog, decision table,
        // resolver, placeholders. No YAML, JSON or terminal code.
        .target(name: "MaskEngine"),
        // The policy front end: YAML with source marks -> validated policy -> compiled table.
        .target(name: "MaskPolicy", dependencies: ["CYaml", "MaskEngine"]),
        // View trees as JSON: a byte-level reader into an arena, and the masking writer.
        .target(name: "MaskJSON", dependencies: ["MaskEngine"]),
        // The command line.
        .executableTarget(
            name: "maskc",
            dependencies: [
                "MaskEngine", "MaskPolicy", "MaskJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A replay encoder calling the engine on its own view objects.
        .executableTarget(name: "EncoderExample", dependencies: ["MaskEngine", "MaskPolicy"], path: "Examples/EncoderExample"),
        .testTarget(name: "MaskEngineTests", dependencies: ["MaskEngine"]),
        .testTarget(name: "MaskPolicyTests", dependencies: ["MaskPolicy", "MaskEngine", "MaskJSON"]),
        .testTarget(name: "MaskJSONTests", dependencies: ["MaskJSON", "MaskPolicy", "MaskEngine"]),
        .testTarget(name: "MaskcCLITests", dependencies: ["maskc"], exclude: ["Golden"]),
    ]
)
