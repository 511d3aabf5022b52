import Testing
import MaskEngine
import MaskTestSupport

/// The portable table's format: what it keeps, and each way a loader refuses one.
@Suite("Table format")
struct TableFormatTests {
    static let policy = MaskingPolicy(
        default: .mask,
        classes: [
            ClassDeclaration("CenteredLabel", extends: "UILabel", origin: RuleOrigin(file: "p.yaml", line: 4, column: 3)),
            ClassDeclaration("MapboxMapView", extends: "UIView", kind: .map, recurse: false),
            ClassDeclaration("Secret", kind: .secureText, recurse: true),
        ],
        rules: [
            MaskRule(.unmask, .type("UIButton"), reason: "static copy", origin: RuleOrigin(file: "p.yaml", line: 6, column: 5)),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("account.*")), recursive: false, screen: "Home"),
            MaskRule(.unmask, .tag(-7), reason: "naïve \u{202E} \"quoted\"\n"),
            MaskRule(.mask, .tag(Int(Int32.max))),
            MaskRule(.mask, .target(GlobPattern("UIButton[ai:Home.buy]")), origin: RuleOrigin(file: "p.yaml", line: 9, column: 5)),
            MaskRule(.unmask, .restorationIdentifier(GlobPattern("card")), screen: "Home", origin: RuleOrigin(file: "other.yaml", line: 1, column: 1)),
            MaskRule(.mask, .id(GlobPattern("0.1*"))),
        ]
    )

    static func error(_ bytes: [UInt8]) -> TableFormatError? {
        do { _ = try TableFormat.decode(bytes); return nil } catch { return error }
    }

    @Test("a policy comes back as it went in, and the same policy gives the same bytes")
    func roundTrip() throws {
        let bytes = TableFormat.encode(Self.policy)
        #expect(try TableFormat.decode(bytes) == Self.policy)
        #expect(TableFormat.encode(Self.policy) == bytes)
        #expect(Array(bytes.prefix(6)) == Array("MTAB".utf8) + [1, 0])
        let table = try DecisionTable(serialized: bytes)
        #expect(table.rules == Self.policy.rules)
        #expect(table.catalog.declaration(named: "MapboxMapView")?.kind == .map)
    }

    @Test("an empty policy is 53 bytes: header, no strings, the default, no classes, no rules")
    func empty() throws {
        let bytes = TableFormat.encode(MaskingPolicy(default: .unmask))
        #expect(bytes.count == TableFormat.headerSize + 4 + 1 + 4 + 4)
        #expect(try TableFormat.decode(bytes) == MaskingPolicy(default: .unmask))
    }

    @Test("the header: magic, version, flags, length, digest")
    func header() {
        let good = TableFormat.encode(Self.policy)
        var bytes = good
        bytes[0] = UInt8(ascii: "X")
        #expect(Self.error(bytes) == .notATable)
        bytes = good
        bytes[4] = 4
        #expect(Self.error(bytes) == .unsupportedVersion(4))
        bytes[4] = 0
        #expect(Self.error(bytes) == .unsupportedVersion(0))
        bytes = good
        bytes[7] = 1
        #expect(Self.error(bytes) == .unknownFlags(256))
        #expect(Self.error(good + [0]) == .lengthMismatch(declared: UInt32(good.count - 44), actual: good.count - 43))
        #expect(Self.error(Array(good.prefix(43))) == .truncatedHeader(length: 43))
        bytes = good
        bytes[bytes.count - 1] ^= 1
        #expect(Self.error(bytes) == .digestMismatch)
    }

    @Test("the body, once resealed: codes, references, strings, counts and trailing bytes are checked")
    func body() throws {
        let empty = TableFormat.encode(MaskingPolicy())
        // Body of the empty policy: string count (4), default (1), class count (4), rule count (4).
        var bytes = empty
        bytes[48] = 2
        #expect(Self.error(TableBytes.resealed(bytes)) == .invalidValue(offset: 48, field: .defaultAction))
        bytes = empty
        bytes[49] = 0xFF
        #expect(Self.error(TableBytes.resealed(bytes)) == .countTooLarge(offset: 49, field: .classCount, count: 0xFF))
        #expect(Self.error(TableBytes.resealed(empty + [0])) == .trailingBytes(offset: empty.count))
        bytes = empty
        bytes[46] = 1
        #expect(Self.error(TableBytes.resealed(bytes)) == .countTooLarge(offset: 44, field: .stringCount, count: 0x1_0000))

        // One rule on one string: strings at 44 (count) and 48 (length) 52 (bytes).
        let one = TableFormat.encode(MaskingPolicy(rules: [MaskRule(.mask, .type("A"))]))
        let rule = 44 + 4 + 4 + 1 + 1 + 4 + 4
        #expect(one[rule] == 0 && one[rule + 1] == 0)
        bytes = one
        bytes[rule + 1] = 6
        #expect(Self.error(TableBytes.resealed(bytes)) == .invalidValue(offset: rule + 1, field: .selectorKey))
        bytes = one
        bytes[rule + 2] = 1
        #expect(Self.error(TableBytes.resealed(bytes)) == .stringIndexOutOfRange(offset: rule + 2, index: 1, count: 1))
        bytes = one
        bytes[52] = 0xC3
        #expect(Self.error(TableBytes.resealed(bytes)) == .invalidUTF8(offset: 52))
        bytes = one
        bytes[rule + 6] = 2
        #expect(Self.error(TableBytes.resealed(bytes)) == .invalidValue(offset: rule + 6, field: .recursive))
        bytes = one
        bytes[rule + 19] = 1
        #expect(Self.error(TableBytes.resealed(bytes)) == .invalidValue(offset: rule + 19, field: .originLine))
    }

    @Test("locks: a table with one is version 3, with a lock byte per rule (and the format 1.1 section); without, version 1 as before")
    func locks() throws {
        var locked = Self.policy
        locked.rules.append(MaskRule(.mask, .type("BalanceLabel"), recursive: false, origin: RuleOrigin(file: "p.yaml", line: 12, column: 5), locked: true))
        let bytes = TableFormat.encode(locked)
        #expect(Array(bytes.prefix(6)) == Array("MTAB".utf8) + [3, 0])
        #expect(try TableFormat.decode(bytes) == locked)
        #expect(try DecisionTable(serialized: bytes).rules.filter(\.isLock).count == 1)
        // Version 1 is the same body without lock bytes and without the format 1.1
        // section (three default bytes and a detector count of four): the policy without the lock.
        var unlocked = locked
        unlocked.rules[unlocked.rules.count - 1].locked = false
        #expect(TableFormat.encode(unlocked).count == bytes.count - locked.rules.count - 7)
        #expect(TableFormat.encode(unlocked)[4] == 1)

        // One locked rule on one string: action, key, value, recursive, then the lock byte.
        let one = TableFormat.encode(MaskingPolicy(rules: [MaskRule(.mask, .type("A"), locked: true)]))
        let lock = 44 + 4 + 4 + 1 + 1 + 4 + 4 + 1 + 1 + 4 + 1
        #expect(one[lock] == 1)
        var damaged = one
        damaged[lock] = 2
        #expect(Self.error(TableBytes.resealed(damaged)) == .invalidValue(offset: lock, field: .locked))
        // An unmask is never locked: a table that says so is refused.
        damaged = one
        damaged[lock - 7] = 1
        #expect(Self.error(TableBytes.resealed(damaged)) == .invalidValue(offset: lock, field: .locked))
    }

    /// A policy whose classes form one chain of `length` classes, `C<length-1>` at the
    /// bottom, listed bottom first.
    static func chain(_ length: Int) -> MaskingPolicy {
        MaskingPolicy(classes: (0..<length).reversed().map { ClassDeclaration("C\($0)", extends: $0 == 0 ? nil : "C\($0 - 1)") })
    }

    @Test("class chains: the limit a compiler keeps is accepted, one class over it and a loop are refused at the superclass")
    func classChains() throws {
        #expect(try TableFormat.decode(TableFormat.encode(Self.chain(TypeCatalog.maximumChainLength))).classes.count == TypeCatalog.maximumChainLength)
        let over = TableFormat.encode(Self.chain(TypeCatalog.maximumChainLength + 1))
        guard case .classChain(let offset, loops: false)? = Self.error(over) else {
            Issue.record("a chain over the limit was not refused: \(String(describing: Self.error(over)))")
            return
        }
        // The first class listed is the bottom one, whose chain is over: its superclass
        // field follows the string table (a count, then each name's length and bytes),
        // the default, the class count and its name's reference.
        let strings = (0...TypeCatalog.maximumChainLength).reduce(0) { $0 + 4 + "C\($1)".utf8.count }
        let superclass = TableFormat.headerSize + 4 + strings + 1 + 4 + 4
        #expect(offset == superclass)
        #expect(Self.error(over)?.description == "the superclass at byte \(superclass) makes a class chain longer than \(TypeCatalog.maximumChainLength) classes")

        // A loop, also through a built-in class redeclared (UIView extends a class that extends UIView).
        let loops = [
            MaskingPolicy(classes: [ClassDeclaration("A", extends: "B"), ClassDeclaration("B", extends: "A")]),
            MaskingPolicy(classes: [ClassDeclaration("A", extends: "A")]),
            MaskingPolicy(classes: [ClassDeclaration("Card", extends: "UIView"), ClassDeclaration("UIView", extends: "Card")]),
        ]
        for policy in loops {
            let error = Self.error(TableFormat.encode(policy))
            guard case .classChain(_, loops: true)? = error else {
                Issue.record("a loop was not refused: \(String(describing: error))")
                continue
            }
        }
        // What a compiler writes: a class extending its own module-qualified name (the
        // engine's simple-name fallback ends the chain there), a built-in redeclared so.
        for policy in [MaskingPolicy(classes: [ClassDeclaration("Foo", extends: "MyApp.Foo")]),
                       MaskingPolicy(classes: [ClassDeclaration("UILabel", extends: "App.UILabel")]),
                       MaskingPolicy(classes: [ClassDeclaration("MyApp.Foo", extends: "Foo"), ClassDeclaration("Foo", extends: "UIView")])] {
            #expect(Self.error(TableFormat.encode(policy)) == nil, "\(policy.classes)")
        }
        // Names that Swift's String finds equal are two classes: no loop.
        let kelvin = MaskingPolicy(classes: [ClassDeclaration("AK", extends: "A\u{212A}"), ClassDeclaration("A\u{212A}", extends: "UIView")])
        #expect(Self.error(TableFormat.encode(kelvin)) == nil)
        // Classes that share a chain, and simple-name fallbacks, are fine.
        let shared = MaskingPolicy(classes: [ClassDeclaration("Base", extends: "UILabel"), ClassDeclaration("A", extends: "Base"),
                                             ClassDeclaration("B", extends: "Base"), ClassDeclaration("MyApp.C", extends: "A")])
        #expect(try TableFormat.decode(TableFormat.encode(shared)) == shared)
        #expect(Self.error(TableFormat.encode(Self.policy)) == nil)
    }

    @Test("errors are one line and quote nothing from the table")
    func messages() {
        for error: TableFormatError in [.digestMismatch, .invalidUTF8(offset: 9), .truncated(offset: 3, field: .reason), .lengthMismatch(declared: 1, actual: 2)] {
            #expect(!error.description.contains("\n"))
        }
    }
}

@Suite("Fail closed")
struct FailClosedTests {
    @Test("the fallback table masks every view, whatever it is")
    func masksEverything() {
        var tree = ViewTree(screen: "Home")
        tree.append(ViewFacts(className: "UIButton", accessibilityIdentifier: "home.buy"), parent: nil)
        tree.append(ViewFacts(className: "UILabel", tag: 3), parent: 0)
        tree.append(ViewFacts(className: "Unknown"), parent: 1)
        let decisions = DecisionTable.maskingEverything.resolve(tree)
        #expect(decisions.count == 3 && decisions.allSatisfy { $0.isMasked })
    }
}
