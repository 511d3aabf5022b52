/// A view's facts as a reader finds them in its input: UTF-8 bytes, not `String`s, so a
/// reader that holds the bytes decides each view without decoding or allocating.
///
/// For views without a `superclasses` chain or `autofillHints` of their own, read by
/// ``IncrementalResolver/add(raw:parent:)``. The buffers need only live for that call.
public struct RawViewFacts {
    /// The class name's bytes.
    public var className: UnsafeBufferPointer<UInt8>
    /// A number the reader gives every distinct class name of the tree, from 0 up,
    /// the same for equal names: the resolver caches class facts by it.
    public var classSlot: Int
    /// The `id`, if any.
    public var id: UnsafeBufferPointer<UInt8>?
    /// The `accessibilityIdentifier`, if any.
    public var accessibilityIdentifier: UnsafeBufferPointer<UInt8>?
    /// The `restorationIdentifier`, if any.
    public var restorationIdentifier: UnsafeBufferPointer<UInt8>?
    /// The `tag`, if any (0 counts as none).
    public var tag: Int?
    /// Whether the view says it hides its text.
    public var isSecureTextEntry: Bool
    /// The `textContentType`, if any.
    public var textContentType: UnsafeBufferPointer<UInt8>?
    /// The Android `inputType` bits, if any (-1: unreadable, counts as secure).
    public var inputType: Int?
    /// Where the view's image comes from, if the reader found it; nil: not bundled.
    public var imageSource: ImageSource?

    /// Creates the facts of one view.
    public init(className: UnsafeBufferPointer<UInt8>, classSlot: Int, id: UnsafeBufferPointer<UInt8>? = nil,
                accessibilityIdentifier: UnsafeBufferPointer<UInt8>? = nil, restorationIdentifier: UnsafeBufferPointer<UInt8>? = nil,
                tag: Int? = nil, isSecureTextEntry: Bool = false, textContentType: UnsafeBufferPointer<UInt8>? = nil,
                inputType: Int? = nil, imageSource: ImageSource? = nil) {
        self.className = className
        self.classSlot = classSlot
        self.id = id
        self.accessibilityIdentifier = accessibilityIdentifier
        self.restorationIdentifier = restorationIdentifier
        self.tag = tag
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
        self.inputType = inputType
        self.imageSource = imageSource
    }

    /// The same facts as ``ViewFacts``.
    public var facts: ViewFacts {
        func text(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        return ViewFacts(className: String(decoding: className, as: UTF8.self), id: text(id),
                         accessibilityIdentifier: text(accessibilityIdentifier), restorationIdentifier: text(restorationIdentifier),
                         tag: tag, isSecureTextEntry: isSecureTextEntry, textContentType: text(textContentType), inputType: inputType,
                         imageSource: imageSource)
    }
}
