/// The names a view's class answers to.
///
/// Encoders pass class names as their platform writes them: Swift's
/// `String(reflecting:)` and `NSStringFromClass` give the module-qualified
/// `MyApp.PrimaryButton`, `String(describing:)` the simple `PrimaryButton`; Android
/// gives `android.widget.TextView`. A qualified name also answers to its simple name,
/// the part after its last `.` (dots inside generic arguments, after the first `<`,
/// do not count). So `type: PrimaryButton` selects `MyApp.PrimaryButton`, and a
/// `types:` entry for `PrimaryButton` declares it, wherever the engine looks a class
/// up: type rules, the catalog's superclasses, kinds and `recurse`. The exact name
/// comes first: a declaration of `MyApp.PrimaryButton` itself wins over one of
/// `PrimaryButton`, and type rules on both names sit at the same place in the chain
/// (a tie there goes to mask, as any tie does).
///
/// The other way round does not hold: `type: MyApp.PrimaryButton` does not select a
/// view whose class is given as plain `PrimaryButton`, whose module is unknown.
public enum ClassName {
    /// The simple name of a qualified class name (`PrimaryButton` for
    /// `MyApp.PrimaryButton`, `TextView` for `android.widget.TextView`), or nil for a
    /// name without a qualifying `.` (or one ending in `.`).
    /// - Complexity: O(n) for a name of n bytes.
    public static func simpleName(of name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            simpleNameStart(bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0...]), as: UTF8.self) }
        }
    }

    /// Whether a type selector naming `selector` selects a class named `name` itself
    /// (before its superclasses): the same name, or `name`'s simple name, byte for byte
    /// as the engine's lookups compare (``DecisionTable/typeRules(forClass:)``).
    public static func selects(_ selector: String, _ name: String) -> Bool {
        name.isExactly(selector) || simpleName(of: name).isExactly(selector)
    }

    /// Where the simple name starts in a class name's UTF-8 bytes: after the last `.`
    /// before any `<`; nil when there is none (or nothing valid follows it).
    /// - Complexity: O(n) for a name of n bytes.
    static func simpleNameStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var lastDot = -1
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: ".") { lastDot = index }
        }
        let start = lastDot + 1
        guard lastDot >= 0, start < bytes.count, bytes[start] != UInt8(ascii: "<") else { return nil }
        return start
    }

    /// The name of a generic class without its generic arguments
    /// (`SwiftUI.SecureField` for `SwiftUI.SecureField<SwiftUI.Text>`), or nil for a
    /// name without them (or one that starts with `<`). Swift's `String(reflecting:)` of
    /// a SwiftUI view's type writes the arguments; the catalog declares the bare names,
    /// so a generic class extends its bare name unless a declaration says otherwise
    /// (``TypeCatalog/declaration(of:)``).
    /// - Complexity: O(n) for a name of n bytes.
    public static func genericBase(of name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            // Over the bytes (a class is looked up once per resolver, but every lookup asks).
            guard let open = bytes.firstIndex(of: UInt8(ascii: "<")), open > 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<open]), as: UTF8.self)
        }
    }

    /// The generic arguments of a class name, outermost level only, trimmed of spaces
    /// (`["SwiftUI.SecureField<SwiftUI.Text>", "SwiftUI._PaddingLayout"]` for
    /// `SwiftUI.ModifiedContent<SwiftUI.SecureField<SwiftUI.Text>, SwiftUI._PaddingLayout>`);
    /// empty for a name without them or whose brackets do not balance.
    /// - Complexity: O(n) for a name of n bytes.
    public static func genericArguments(of name: String) -> [String] {
        let bytes = Array(name.utf8)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "<")), open > 0, bytes.last == UInt8(ascii: ">") else { return [] }
        var arguments: [String] = []
        var depth = 0, start = open + 1
        func add(_ end: Int) {
            let argument = String(decoding: bytes[start..<end], as: UTF8.self)
            arguments.append(String(argument.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()))
        }
        for index in (open + 1)..<(bytes.count - 1) {
            switch bytes[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return [] }
            case UInt8(ascii: ",") where depth == 0:
                add(index)
                start = index + 1
            default: break
            }
        }
        guard depth == 0 else { return [] }
        add(bytes.count - 1)
        return arguments.contains(where: \.isEmpty) ? [] : arguments
    }

    /// The views a SwiftUI wrapper type holds, as its generic arguments name them:
    /// `ModifiedContent<Content, Modifier>` (a view with modifiers: `.padding()`,
    /// `.frame()`) holds its content; `_ConditionalContent<TrueContent, FalseContent>`
    /// (an `if`/`else`, such as a show-password toggle between a `SecureField` and a
    /// `TextField`) either of two; `Optional<Wrapped>` (an `if` without `else`) its
    /// wrapped view. Nil for any other name.
    public static func wrappedViews(of name: String) -> [String]? {
        guard let base = genericBase(of: name) else { return nil }
        let simple = simpleName(of: base) ?? base
        // How many arguments the type has, and how many of the first are views.
        let shape: (arguments: Int, views: Int)
        switch simple {
        case "ModifiedContent": shape = (2, 1)
        case "_ConditionalContent": shape = (2, 2)
        case "Optional": shape = (1, 1)
        default: return nil
        }
        let arguments = genericArguments(of: name)
        guard arguments.count == shape.arguments else { return nil }
        return Array(arguments.prefix(shape.views))
    }

    /// Whether a name has generic arguments (a `<` after its first byte), read from its
    /// bytes without making a string.
    @inline(__always)
    static func hasGenericArguments(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in bytes.firstIndex(of: UInt8(ascii: "<")).map { $0 > 0 } ?? false }
    }

    /// A chain a capture gives (a view's class, then its `superclasses`), with each
    /// generic class followed by its bare name when the next class is not that name, as
    /// the catalog reads a generic class (``genericBase(of:)``): a given chain
    /// `[MyField, SwiftUI.SecureField<SwiftUI.Text>]` reaches `SwiftUI.SecureField`'s
    /// declaration, so the view is secure. A chain without generic names is returned as is.
    public static func expandingGenerics(_ chain: [String]) -> [String] {
        guard chain.contains(where: hasGenericArguments) else { return chain }
        var expanded: [String] = []
        expanded.reserveCapacity(chain.count * 2)
        for (index, name) in chain.enumerated() {
            expanded.append(name)
            if let base = genericBase(of: name), index + 1 == chain.count || chain[index + 1] != base { expanded.append(base) }
        }
        return expanded
    }

    /// What `table` holds for a class name and for its simple name, read from the
    /// name's bytes (no `String` made for the simple name). With `both` false the simple
    /// name is not looked up when the name itself is found. With `simpleNameEdges`, a
    /// simple name whose first and last bytes are not among the table's is not hashed.
    static func lookup<Value>(_ name: String, in table: StringTable<Value>, both: Bool, simpleNameEdges: EdgeBytes? = nil) -> (own: Value?, simple: Value?) {
        var name = name
        return name.withUTF8 { bytes in
            let own = table.lookup(bytes: bytes)
            if own != nil && !both { return (own, nil) }
            guard let start = simpleNameStart(bytes) else { return (own, nil) }
            if let edges = simpleNameEdges, !edges.admits(first: bytes[start], last: bytes[bytes.count - 1], length: bytes.count - start) { return (own, nil) }
            return (own, table.lookup(bytes: UnsafeBufferPointer(rebasing: bytes[start...])))
        }
    }

    /// The first and last bytes and the lengths that the simple names of a set of names
    /// can have (those without a `.`), as bit sets over ASCII and lengths (63 and over
    /// share a bit): a prefilter for ``lookup(_:in:both:simpleNameEdges:)``.
    ///
    /// Each alone admits names no single name has (`TextView`: a `T` first, a `w` last
    /// and 8 bytes, each from another name), so the three together are also kept as one
    /// signature in a 256-bit set (``signature(first:last:length:)``).
    struct EdgeBytes: Sendable {
        var first: (UInt64, UInt64) = (0, 0)
        var last: (UInt64, UInt64) = (0, 0)
        var lengths: UInt64 = 0
        var signatures: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        init(_ names: some Sequence<String>) {
            for name in names where !name.utf8.contains(UInt8(ascii: ".")) {
                guard let head = name.utf8.first, let tail = name.utf8.last else { continue }
                Self.insert(head, into: &first)
                Self.insert(tail, into: &last)
                lengths |= Self.lengthBit(name.utf8.count)
                let bit = Self.signature(first: head, last: tail, length: name.utf8.count)
                switch bit >> 6 {
                case 0: signatures.0 |= 1 << UInt64(bit & 63)
                case 1: signatures.1 |= 1 << UInt64(bit & 63)
                case 2: signatures.2 |= 1 << UInt64(bit & 63)
                default: signatures.3 |= 1 << UInt64(bit & 63)
                }
            }
        }

        /// The bit (0 to 255) of a first byte, last byte and length together: the three
        /// packed in 24 bits, spread by a Fibonacci multiply, the top 8 bits.
        @inline(__always)
        static func signature(first head: UInt8, last tail: UInt8, length: Int) -> Int {
            let packed = UInt32(head) << 16 | UInt32(tail) << 8 | UInt32(min(length, 63))
            return Int((packed &* 0x9E37_79B1) >> 24)
        }

        static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

        static func insert(_ byte: UInt8, into set: inout (UInt64, UInt64)) {
            guard byte < 0x80 else { return }
            if byte < 64 { set.0 |= 1 << UInt64(byte) } else { set.1 |= 1 << UInt64(byte - 64) }
        }

        static func contains(_ byte: UInt8, _ set: (UInt64, UInt64)) -> Bool {
            guard byte < 0x80 else { return false }
            return byte < 64 ? set.0 & (1 << UInt64(byte)) != 0 : set.1 & (1 << UInt64(byte - 64)) != 0
        }

        func admits(first head: UInt8, last tail: UInt8, length: Int) -> Bool {
            guard lengths & Self.lengthBit(length) != 0 && Self.contains(head, first) && Self.contains(tail, last) else { return false }
            let bit = Self.signature(first: head, last: tail, length: length)
            let word = switch bit >> 6 {
            case 0: signatures.0
            case 1: signatures.1
            case 2: signatures.2
            default: signatures.3
            }
            return word & (1 << UInt64(bit & 63)) != 0
        }
    }
}
