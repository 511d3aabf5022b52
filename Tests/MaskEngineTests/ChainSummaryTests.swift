import Testing
@testable import MaskEngine

/// The resolver's one-walk chain summary says what the catalog's separate walks say
/// (explain uses those): chain, kind, recursion, cut, selector kind.
struct ChainSummaryTests {
    static func expectAgrees(_ catalog: TypeCatalog, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let summary = catalog.summary(of: name)
        let chain = catalog.chain(of: name)
        #expect(summary.chain == chain, "\(name)", sourceLocation: sourceLocation)
        #expect(summary.kind == catalog.kind(along: chain), "\(name)", sourceLocation: sourceLocation)
        #expect(summary.recurses == catalog.recurses(along: chain), "\(name)", sourceLocation: sourceLocation)
        #expect(summary.isCut == catalog.isCut(chain), "\(name)", sourceLocation: sourceLocation)
        #expect(summary.selectorKind == catalog.selectorKind(along: chain), "\(name)", sourceLocation: sourceLocation)
        let given = catalog.summary(along: chain)
        #expect(given.kind == summary.kind && given.recurses == summary.recurses && !given.isCut, "\(name)", sourceLocation: sourceLocation)
        #expect(given.selectorKind == summary.selectorKind, "\(name)", sourceLocation: sourceLocation)
    }

    @Test func everyBuiltinClassAndSomeUnknownOnes() {
        let catalog = TypeCatalog.builtin
        for name in catalog.declaredNames { Self.expectAgrees(catalog, name) }
        for name in ["MyApp.PrimaryButton", "Module.UITextField", "NotAClass", "", "UIView"] { Self.expectAgrees(catalog, name) }
    }

    @Test func overlaidCyclesAndChainsAtTheLimit() {
        var declarations = [
            ClassDeclaration("CardLabel", extends: "UILabel", recurse: false),
            ClassDeclaration("AmountField", extends: "UITextField", kind: .text),
            ClassDeclaration("LoopA", extends: "LoopB"),
            ClassDeclaration("LoopB", extends: "LoopA", kind: .image),
            ClassDeclaration("Self", extends: "Self"),
        ]
        // A chain longer than the limit (cut), one exactly at it, and one whose cut-off
        // part carries the only kind.
        let limit = TypeCatalog.maximumChainLength
        for index in 0..<(limit + 5) {
            declarations.append(ClassDeclaration("Long\(index)", extends: "Long\(index + 1)", kind: index == limit + 3 ? .map : nil))
        }
        for index in 0..<(limit - 1) { declarations.append(ClassDeclaration("Exact\(index)", extends: "Exact\(index + 1)")) }
        let catalog = TypeCatalog.builtin.overlaid(with: declarations)
        for name in ["CardLabel", "AmountField", "LoopA", "LoopB", "Self", "Long0", "Long5", "Exact0", "App.CardLabel"] {
            Self.expectAgrees(catalog, name)
        }
        #expect(catalog.summary(of: "Long0").isCut)
        #expect(!catalog.summary(of: "Exact0").isCut)
    }
}
