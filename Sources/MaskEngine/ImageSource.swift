/// Where an image comes from, as a tree says it (`"image": {"source": "bundle"}`) or an
/// encoder knows it: what `images: mask-non-bundled` looks at.
public enum ImageSource: String, Sendable, Hashable, CaseIterable, Codable {
    /// A file of the app's own bundle (an icon, a logo).
    case bundle
    /// An image of the app's asset catalog (Android: a drawable resource).
    case asset
    /// Downloaded.
    case remote
    /// Made or chosen by the user (the camera, the photo library, a profile picture).
    case user

    /// Whether the image ships with the app (`bundle` or `asset`), so it shows no user
    /// data. An image whose source is unknown or not given is not bundled.
    public var isBundled: Bool { self == .bundle || self == .asset }
}
