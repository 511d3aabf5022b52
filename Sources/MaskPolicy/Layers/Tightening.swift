import MaskDiagnostics
import MaskEngine

/// Tighten-only layering: what a layer may do over its bases without an `allowUnmask:`
/// entry covering it (``RuleCoverage`` says when one does). Each loosening not covered
/// is a `loosens-base` error at the layer's offending line, naming the base.
///
/// Loosenings: an `unmask` rule; `default: unmask` over a masking base (covered by the
/// entry `default`); an `allowUnmask:` entry of the layer itself (allowances only
/// narrow down a chain); a class declaration under which some view is decided less
/// strictly than under the base's classes. The last is judged by the engine itself:
/// for each class whose chain the layer changes, a view of it and a child below it
/// (without an image source and with a bundled one) are decided by the type and kind
/// rules, with the base's classes and with the layer's, on every screen the rules name
/// and on none, with either default and each base's per-dimension defaults; a view
/// masked, locked, secure or a map under the base's classes and not under the layer's,
/// or a child emitted where it was not, is a loosening. It is covered by an entry on the
/// class's type (the class, or a superclass it keeps), read along the base's classes
/// (``covers(_:_:base:additions:)``). Several bases are each laid over the others
/// (``crossLoosenings(of:bases:)``).
///
/// A later selector key or policy dimension follows the same pattern: a per-dimension
/// `defaults:` entry set to unmask is a loosening like `default: unmask`; an unmask by
/// `kind:` is covered only by an entry of the same kind.
enum Tightening {
    typealias Base = (file: String, cumulative: PolicyLayers.Cumulative)

    /// Every loosening of `layer` over `bases` no base's allowances cover.
    /// - Parameters:
    ///   - belowRules: the rules of every file below the layer.
    ///   - belowClasses: the classes of every file below the layer.
    static func loosenings(of layer: ParsedPolicy, over bases: [Base], belowRules: [ParsedRule], belowClasses: [ParsedClass]) -> [Diagnostic] {
        let baseCatalog = TypeCatalog.builtin.overlaid(with: belowClasses.map(\.declaration))
        let catalog = baseCatalog.overlaid(with: layer.classes.map(\.declaration))
        // What allowances are read along: the base's classes, and the classes the layer
        // adds (not its redeclarations of the base's).
        let additions = baseCatalog.overlaid(with: layer.classes.map(\.declaration).filter { !knows(baseCatalog, $0.name) })
        var found: [Diagnostic] = []
        func forbidding(_ covered: (Base) -> Bool) -> Base? { bases.first { !covered($0) } }

        for parsed in layer.rules where parsed.rule.action == .unmask {
            let reach = SelectorReach(parsed.rule)
            guard let base = forbidding({ covers($0.cumulative.allowances, reach, base: baseCatalog, additions: additions) }) else { continue }
            found.append(Diagnostic(.loosensBase, "'unmask' of \(parsed.rule.selector) loosens base '\(base.file)': none of its allowUnmask entries covers it",
                                    at: parsed.actionRange, hint: "mask instead, or have the base allow it in 'allowUnmask:'"))
        }
        if layer.layering.givesDefault, layer.defaultAction == .unmask,
           let base = forbidding({ $0.cumulative.defaultAction == .unmask || allowsDefault($0.cumulative.allowances) }) {
            found.append(Diagnostic(.loosensBase, "'default: unmask' loosens base '\(base.file)', whose default is mask and which does not allow it",
                                    at: layer.defaultRange, hint: "leave 'default' to the base, or have the base list 'default' in 'allowUnmask:'"))
        }
        for entry in layer.layering.allowUnmask ?? [] {
            let base: Base?
            switch entry.allowance {
            case .unmaskedDefault: base = forbidding { $0.cumulative.defaultAction == .unmask || allowsDefault($0.cumulative.allowances) }
            case .reach(let reach): base = forbidding { covers($0.cumulative.allowances, reach, base: baseCatalog, additions: additions) }
            }
            guard let base else { continue }
            found.append(Diagnostic(.loosensBase, "allowUnmask entry \(entry.description) loosens base '\(base.file)': none of its allowUnmask entries covers it",
                                    at: entry.range, hint: "a layer can only narrow what its base allows"))
        }
        if !layer.classes.isEmpty {
            // Type and kind rules (locks among them) decide by class; the bases'
            // per-dimension defaults decide by kind at level 5.
            let rules = (belowRules + layer.rules).map(\.rule).filter { $0.selector.key == .type || $0.selector.key == .kind }
            found += classLoosenings(layer, bases, rules: rules, from: baseCatalog, to: catalog, additions: additions)
        }
        return found
    }

    /// A file extending several bases lays every base's rules and classes over the
    /// others': each base must only tighten every other, as a layer must (its unmasks
    /// and class declarations covered by the other's `allowUnmask:`). The default is
    /// already the strictest base's, and so is each per-dimension default
    /// (``LayeredDefaults``). Findings are at the loosening line in its base, naming
    /// the file that combines them.
    static func crossLoosenings(of file: String, bases: [Base]) -> [Diagnostic] {
        guard bases.count > 1 else { return [] }
        var found: [Diagnostic] = []
        for upper in bases {
            for lower in bases where lower.file != upper.file {
                // What the upper base brings that the lower one does not hold already (a
                // shared base below both is no loosening of either).
                let lowerRules = Set(lower.cumulative.rules.map { "\($0.actionRange.location)" })
                let lowerClasses = Set(lower.cumulative.classes.map { "\($0.nameRange.location)" })
                var brought = ParsedPolicy(file: upper.file, version: 1, defaultAction: upper.cumulative.defaultAction,
                                           defaultRange: upper.cumulative.defaultRange,
                                           classes: upper.cumulative.classes.filter { !lowerClasses.contains("\($0.nameRange.location)") },
                                           rules: upper.cumulative.rules.filter { !lowerRules.contains("\($0.actionRange.location)") })
                brought.layering.givesDefault = false
                for var diagnostic in loosenings(of: brought, over: [lower], belowRules: lower.cumulative.rules, belowClasses: lower.cumulative.classes) {
                    diagnostic.message += " ('\(file)' extends both)"
                    found.append(diagnostic)
                }
            }
        }
        return found
    }

    /// The loosenings of everything `combined` (a chain up to `file`) adds over `base`,
    /// a file below it, read as one layer over that file.
    static func loosenings(of file: String, adding combined: PolicyLayers.Cumulative, over base: Base) -> [Diagnostic] {
        let baseRules = Set(base.cumulative.rules.map { "\($0.actionRange.location)" })
        let baseClasses = Set(base.cumulative.classes.map { "\($0.nameRange.location)" })
        var added = ParsedPolicy(file: file, version: 1, defaultAction: combined.defaultAction, defaultRange: combined.defaultRange,
                                 classes: combined.classes.filter { !baseClasses.contains("\($0.nameRange.location)") },
                                 rules: combined.rules.filter { !baseRules.contains("\($0.actionRange.location)") })
        // The default and the allowances narrow step by step, checked at each step.
        added.layering.givesDefault = false
        return loosenings(of: added, over: [base], belowRules: base.cumulative.rules, belowClasses: base.cumulative.classes)
    }

    /// Class declarations of `layer` under which a view is decided less strictly.
    static func classLoosenings(_ layer: ParsedPolicy, _ bases: [Base], rules: [MaskRule], from old: TypeCatalog, to new: TypeCatalog,
                                additions: TypeCatalog) -> [Diagnostic] {
        let declared = Set(layer.classes.map(\.declaration.name))
        var screens: [String?] = [nil]
        // Each screen spelling once, byte for byte (a look-alike spelling is another screen).
        screens += rules.distinctScreens.map { Optional($0) }
        // Either default, with no per-dimension defaults and with each base's.
        var defaultsSeen: [DimensionDefaults] = [DimensionDefaults()]
        for base in bases where !defaultsSeen.contains(base.cumulative.defaults) { defaultsSeen.append(base.cumulative.defaults) }
        let tables = [MaskAction.mask, .unmask].flatMap { action in
            defaultsSeen.map { defaults in
                (old: DecisionTable(policy: MaskingPolicy(default: action, rules: rules, defaults: defaults), catalog: old),
                 new: DecisionTable(policy: MaskingPolicy(default: action, rules: rules, defaults: defaults), catalog: new))
            }
        }
        var reported = Set<String>()
        var found: [Diagnostic] = []
        for name in Set((old.declaredNames + new.declaredNames).map(ExactString.init)).map(\.string).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let newChain = new.chain(of: name), oldChain = old.chain(of: name)
            guard let declaration = (newChain + oldChain).first(where: declared.contains), !reported.contains(declaration) else { continue }
            guard newChain != oldChain || old.declaration(named: name) != new.declaration(named: name) else { continue }
            let what = ClassProbe.first(name, screens: screens, pairs: tables, loosening).map { probe in
                (probe.isChild ? "views inside views of '\(name)' " : "views of '\(name)' ") + probe.change
                    + (probe.source == nil ? "" : " (with a bundled image)") + (probe.screen.map { " on \($0)" } ?? "")
            }
            guard let what else { continue }
            let reach = SelectorReach(.type(name))
            guard let base = bases.first(where: { !covers($0.cumulative.allowances, reach, base: old, additions: additions) }) else { continue }
            guard let parsed = layer.classes.last(where: { $0.declaration.name == declaration }) else { continue }
            reported.insert(declaration)
            found.append(Diagnostic(.loosensBase, "declaring '\(declaration)' loosens base '\(base.file)': \(what)",
                                    at: parsed.nameRange, hint: "keep the class's superclass and kind as the base has them, or have the base allow '{ type: \(name) }'"))
        }
        return found
    }

    /// How `after` is less strict than `before`, if it is.
    static func loosening(_ before: MaskDecision, _ after: MaskDecision) -> String? {
        if before.isMasked && !after.isMasked { return "would be unmasked where the base masks them" }
        if before.isLocked && !after.isLocked { return "would no longer be locked" }
        if before.isSecure && !after.isSecure { return "would no longer be secure text" }
        if before.kind == .map && after.kind != .map { return "would no longer be maps" }
        if !before.emitsChildren && after.emitsChildren { return "would be sent with their children, which the base leaves out" }
        return nil
    }

    /// Whether an allowance reaches every view `reach` decides.
    static func covers(_ allowances: [AllowUnmaskEntry], _ reach: SelectorReach, _ catalog: TypeCatalog) -> Bool {
        allowances.contains { entry in
            guard case .reach(let allowed) = entry.allowance else { return false }
            return RuleCoverage.covers(allowed, reach, catalog: catalog)
        }
    }

    /// Whether an allowance reaches every view `reach` decides, type selectors read
    /// along the base's classes: a layer that moves a class the base knows under an
    /// allowed class (`UILabel: { extends: UIButton }` over `allowUnmask: [{ type:
    /// UIButton }]`) does not bring it into the allowance. A class the base does not
    /// know is read as the layer adds it, over the base's classes (`additions`): a new
    /// subclass of an allowed class is allowed, a new subclass of a moved one is not.
    static func covers(_ allowances: [AllowUnmaskEntry], _ reach: SelectorReach, base: TypeCatalog, additions: TypeCatalog) -> Bool {
        if covers(allowances, reach, base) { return true }
        guard case .type(let name) = reach.selector, !knows(base, name) else { return false }
        return covers(allowances, reach, additions)
    }

    /// Whether the base knows a class: its catalog declares it, or the engine knows it by
    /// its name, as a text input (``TypeCatalog/isTextInputClass(_:)``: Stripe's
    /// `STPPaymentCardTextField`, any `...EditText`, a `MyPasswordField`), which the base's
    /// `kind: input` rules and inputs' default mask without a declaration. A layer that
    /// moves one under an allowed class moves a class the base knows.
    static func knows(_ base: TypeCatalog, _ name: String) -> Bool {
        base.knows(name) || TypeCatalog.isTextInputClass(name)
    }

    static func allowsDefault(_ allowances: [AllowUnmaskEntry]) -> Bool {
        allowances.contains { $0.allowance == .unmaskedDefault }
    }

    /// The allowances a layer without `allowUnmask:` hands on: those of its first base
    /// that every other base's allowances cover.
    static func inherited(_ bases: [PolicyLayers.Cumulative]) -> [AllowUnmaskEntry] {
        guard let first = bases.first else { return [] }
        let catalog = TypeCatalog.builtin.overlaid(with: bases.flatMap(\.classes).map(\.declaration))
        return first.allowances.filter { entry in
            bases.dropFirst().allSatisfy { other in
                switch entry.allowance {
                case .unmaskedDefault: return other.defaultAction == .unmask || allowsDefault(other.allowances)
                case .reach(let reach): return covers(other.allowances, reach, catalog)
                }
            }
        }
    }
}
