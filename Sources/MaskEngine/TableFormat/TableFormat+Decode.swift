extension TableFormat {
    /// The policy a table holds, after checking the header (magic, version, flags,
    /// length), the body's SHA-256, and every count, string reference, enumeration
    /// code and string in the body.
    ///
    /// - Throws: ``TableFormatError`` naming the first problem and its byte offset.
    /// - Complexity: O(n) for n bytes.
    public static func decode(_ bytes: [UInt8]) throws(TableFormatError) -> MaskingPolicy {
        let version = try checkHeader(bytes)
        return try decodeBody(bytes, from: headerSize, version: version)
    }

    /// Checks the header and the body's digest.
    /// - Returns: the table's format version.
    @discardableResult
    static func checkHeader(_ bytes: [UInt8]) throws(TableFormatError) -> UInt16 {
        guard bytes.count >= headerSize else { throw .truncatedHeader(length: bytes.count) }
        guard bytes[0..<4].elementsEqual(magic) else { throw .notATable }
        let version = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
        guard readableVersions.contains(version) else { throw .unsupportedVersion(version) }
        let flags = UInt16(bytes[6]) | UInt16(bytes[7]) << 8
        guard flags == 0 else { throw .unknownFlags(flags) }
        let declared = UInt32(bytes[8]) | UInt32(bytes[9]) << 8 | UInt32(bytes[10]) << 16 | UInt32(bytes[11]) << 24
        let actual = bytes.count - headerSize
        guard UInt64(declared) == UInt64(actual) else { throw .lengthMismatch(declared: declared, actual: actual) }
        guard SHA256.digest(bytes[headerSize...]).elementsEqual(bytes[12..<headerSize]) else { throw .digestMismatch }
        return version
    }

    /// A kind byte: a kind, not declared (`.some(nil)`), or invalid (`nil`).
    static func optionalKind(_ code: UInt8) -> ViewKind?? {
        if code == unset { return .some(nil) }
        return Int(code) < kinds.count ? .some(kinds[Int(code)]) : nil
    }

    /// A `recurse` byte: true, false, not declared (`.some(nil)`), or invalid (`nil`).
    static func optionalFlag(_ code: UInt8) -> Bool?? {
        if code == unset { return .some(nil) }
        return code <= 1 ? .some(code == 1) : nil
    }

    /// Reads the body starting at `start`; the header is not looked at.
    static func decodeBody(_ bytes: [UInt8], from start: Int, version: UInt16) throws(TableFormatError) -> MaskingPolicy {
        var reader = TableReader(bytes: bytes, offset: start)
        let stringCount = try reader.count(.stringCount, minimumSize: minimumStringSize)
        var strings: [String] = []
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount { strings.append(try reader.string()) }
        reader.strings = strings

        let defaultAction = try reader.decoded(.defaultAction, action)
        let classCount = try reader.count(.classCount, minimumSize: minimumClassSize)
        var classes: [ClassDeclaration] = []
        classes.reserveCapacity(classCount)
        var superclassOffsets: [Int] = []
        superclassOffsets.reserveCapacity(classCount)
        for _ in 0..<classCount {
            let name = try reader.reference(.className)
            superclassOffsets.append(reader.offset)
            let superclass = try reader.optionalReference(.superclass)
            let kind = try reader.decoded(.kind, optionalKind)
            let recurse = try reader.decoded(.recurse, optionalFlag)
            let origin = try reader.origin()
            classes.append(ClassDeclaration(name, extends: superclass, kind: kind, recurse: recurse, origin: origin))
        }
        try checkChains(classes, superclassOffsets: superclassOffsets)

        let ruleCount = try reader.count(.ruleCount, minimumSize: minimumRuleSize)
        var rules: [MaskRule] = []
        rules.reserveCapacity(ruleCount)
        for _ in 0..<ruleCount {
            let action = try reader.decoded(.action, action)
            // `kind` selectors exist from version 2 on.
            let keyCount = version >= 2 ? selectorKeys.count : selectorKeys.count - 1
            let key = try reader.decoded(.selectorKey) { Int($0) < keyCount ? selectorKeys[Int($0)] : nil }
            let selector: ViewSelector
            switch key {
            case .tag: selector = .tag(try reader.tag())
            case .type: selector = .type(try reader.reference(.selectorValue))
            case .id: selector = .id(GlobPattern(try reader.reference(.selectorValue)))
            case .accessibilityIdentifier: selector = .accessibilityIdentifier(GlobPattern(try reader.reference(.selectorValue)))
            case .restorationIdentifier: selector = .restorationIdentifier(GlobPattern(try reader.reference(.selectorValue)))
            case .target: selector = .target(GlobPattern(try reader.reference(.selectorValue)))
            case .kind:
                let at = reader.offset
                guard let kind = SelectorKind(rawValue: try reader.reference(.selectorValue)) else {
                    throw .invalidValue(offset: at, field: .selectorValue)
                }
                selector = .kind(kind)
            }
            let recursive = try reader.decoded(.recursive) { $0 <= 1 ? $0 == 1 : nil }
            // A lock byte from version 2 on; only a mask can be locked.
            let locked = version >= lockVersion ? try reader.decoded(.locked) { $0 == 0 ? false : $0 == 1 && action == .mask ? true : nil } : false
            let screen = try reader.optionalReference(.screen)
            let reason = try reader.optionalReference(.reason)
            let origin = try reader.origin()
            rules.append(MaskRule(action, selector, recursive: recursive, screen: screen, reason: reason, origin: origin, locked: locked))
        }
        var policy = MaskingPolicy(default: defaultAction, classes: classes, rules: rules)
        if version >= 2 {
            policy.defaults.text = try reader.decoded(.dimensionDefault, optionalAction)
            policy.defaults.inputs = try reader.decoded(.dimensionDefault, optionalAction)
            policy.defaults.images = try reader.decoded(.dimensionDefault, imageDefault)
            let count = try reader.count(.detectorCount, minimumSize: 1)
            for _ in 0..<count { policy.detectors.append(try reader.decoded(.detector) { ContentDetector(code: $0) }) }
        }
        guard reader.offset == bytes.count else { throw .trailingBytes(offset: reader.offset) }
        return policy
    }
}

extension TableFormat {
    /// Refuses what a policy compiler never writes: classes whose `extends` loop (by
    /// exact names, as the compiler checks them), and chains, through the table's
    /// classes laid over the built-in catalog and followed as the engine follows them
    /// (a simple name standing for a module-qualified one; a repeated class ends the
    /// chain), longer than ``TypeCatalog/maximumChainLength``. The engine would cut such
    /// chains (fail-closed, but slowly for every tool that walks them).
    /// - Complexity: O(c · l) for c classes and chains of at most l classes.
    static func checkChains(_ classes: [ClassDeclaration], superclassOffsets: [Int]) throws(TableFormatError) {
        guard !classes.isEmpty else { return }
        let catalog = TypeCatalog.builtin.overlaid(with: classes)
        let limit = TypeCatalog.maximumChainLength
        // Loops, by exact names: each class's walk stops at a class already settled.
        var settled = Set<ExactString>()
        for (index, declaration) in classes.enumerated() {
            var path = Set<ExactString>()
            var current: String? = declaration.name
            while let name = current {
                let key = ExactString(name)
                if settled.contains(key) { break }
                guard path.insert(key).inserted else { throw .classChain(offset: superclassOffsets[index], loops: true) }
                current = catalog.declaration(named: name)?.superclass
            }
            settled.formUnion(path)
        }
        // Lengths, as the engine walks: no loop is left but those the simple-name
        // fallback makes, which end the chain. A class's length, once found on a walk
        // that met no such repeat, is kept: each chain is walked about once.
        var lengths: [ExactString: Int] = [:]
        for (index, declaration) in classes.enumerated() {
            var path: [ExactString] = []
            var onPath = Set<ExactString>()
            var current: String? = declaration.name
            var above = 0, ended = false
            while let name = current {
                let key = ExactString(name)
                if let known = lengths[key] {
                    above = known
                    break
                }
                guard onPath.insert(key).inserted else {
                    ended = true
                    break
                }
                path.append(key)
                guard path.count <= limit else { throw .classChain(offset: superclassOffsets[index], loops: false) }
                current = catalog.declaration(of: name)?.superclass
            }
            guard path.count + above <= limit else { throw .classChain(offset: superclassOffsets[index], loops: false) }
            guard !ended else { continue }
            for (offset, key) in path.enumerated() { lengths[key] = above + path.count - offset }
        }
    }
}

/// A cursor over a table's body that checks every read.
struct TableReader {
    let bytes: [UInt8]
    var offset: Int
    var strings: [String] = []

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func byte(_ field: TableField) throws(TableFormatError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(offset: offset, field: field) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word(_ field: TableField) throws(TableFormatError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw .truncated(offset: offset, field: field) }
        defer { offset += 4 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// A byte through `decode`, which returns nil for a code the format does not allow.
    mutating func decoded<T>(_ field: TableField, _ decode: (UInt8) -> T?) throws(TableFormatError) -> T {
        let at = offset
        guard let value = decode(try byte(field)) else { throw .invalidValue(offset: at, field: field) }
        return value
    }

    /// A count of records of at least `minimumSize` bytes each, which the bytes left must hold.
    mutating func count(_ field: TableField, minimumSize: Int) throws(TableFormatError) -> Int {
        let at = offset
        let count = try word(field)
        guard UInt64(count) * UInt64(minimumSize) <= UInt64(bytes.count - offset), let result = Int(exactly: count) else {
            throw .countTooLarge(offset: at, field: field, count: count)
        }
        return result
    }

    /// A length-prefixed UTF-8 string of the string table.
    mutating func string() throws(TableFormatError) -> String {
        let at = offset
        let length = try word(.stringLength)
        guard UInt64(length) <= UInt64(bytes.count - offset) else { throw .truncated(offset: at, field: .string) }
        let end = offset + Int(length)
        let slice = bytes[offset..<end]
        let text = String(decoding: slice, as: UTF8.self)
        // Decoding replaces invalid sequences, so valid UTF-8 is exactly what re-encodes to itself.
        guard text.utf8.elementsEqual(slice) else { throw .invalidUTF8(offset: offset) }
        offset = end
        return text
    }

    mutating func reference(_ field: TableField) throws(TableFormatError) -> String {
        let at = offset
        let index = try word(field)
        guard UInt64(index) < UInt64(strings.count) else { throw .stringIndexOutOfRange(offset: at, index: index, count: strings.count) }
        return strings[Int(index)]
    }

    mutating func optionalReference(_ field: TableField) throws(TableFormatError) -> String? {
        let at = offset
        let index = try word(field)
        if index == TableFormat.none { return nil }
        guard UInt64(index) < UInt64(strings.count) else { throw .stringIndexOutOfRange(offset: at, index: index, count: strings.count) }
        return strings[Int(index)]
    }

    /// A tag: a signed 64-bit number, which must fit this platform's `Int`.
    mutating func tag() throws(TableFormatError) -> Int {
        let at = offset
        let low = try word(.tag), high = try word(.tag)
        let value = Int64(bitPattern: UInt64(high) << 32 | UInt64(low))
        guard let tag = Int(exactly: value) else { throw .invalidValue(offset: at, field: .tag) }
        return tag
    }

    /// File, line and column; no file means no origin, and then line and column are 0.
    mutating func origin() throws(TableFormatError) -> RuleOrigin? {
        let file = try optionalReference(.originFile)
        let lineAt = offset
        let line = try word(.originLine)
        let columnAt = offset
        let column = try word(.originColumn)
        guard let file else {
            guard line == 0 else { throw .invalidValue(offset: lineAt, field: .originLine) }
            guard column == 0 else { throw .invalidValue(offset: columnAt, field: .originColumn) }
            return nil
        }
        guard let line = Int(exactly: line) else { throw .invalidValue(offset: lineAt, field: .originLine) }
        guard let column = Int(exactly: column) else { throw .invalidValue(offset: columnAt, field: .originColumn) }
        return RuleOrigin(file: file, line: line, column: column)
    }
}
