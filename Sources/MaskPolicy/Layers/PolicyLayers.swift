import MaskDiagnostics
import MaskEngine

/// Why a base policy file could not be read, as the reader says it (no file content).
public struct PolicyReadFailure: Error, Sendable {
    /// One line, e.g. "no such file".
    public var message: String

    /// Creates a failure.
    public init(message: String) { self.message = message }
}

/// A policy and the bases it extends, loaded and merged into one policy: the stage
/// between parsed files and the validated policy for `extends:`.
public struct LayeredPolicy: Sendable {
    /// Every file of the chain, bases before the layers over them, the policy compiled
    /// last; a base reached twice is loaded once, where first reached.
    public var files: [String]
    /// The merged policy: the rules and classes of every file in ``files`` order, the
    /// default of the policy compiled (or of its bases when it gives none), and its
    /// own `extends:` and `allowUnmask:`.
    public var merged: ParsedPolicy
    /// The unmasks layers over the policy compiled may make.
    public var allowances: [AllowUnmaskEntry]
}

/// Loads `extends:` chains. Paths are relative to the file naming them; files are read
/// through a reader the caller gives (the command line reads the file system; tests
/// read memory), so the policy front end does no I/O of its own.
public enum PolicyLayers {
    /// The deepest chain of bases accepted (`extends-depth`).
    public static let maximumDepth = 8

    /// Reads a policy file by the path ``resolve(_:from:)`` made.
    public typealias Reader = (String) -> Result<[UInt8], PolicyReadFailure>

    /// What one loaded file contributes, with everything below it.
    struct Cumulative {
        var rules: [ParsedRule]
        var classes: [ParsedClass]
        var defaultAction: MaskAction
        var defaultRange: SourceRange
        var allowances: [AllowUnmaskEntry]
        /// Format 1.1: the per-dimension defaults and detectors in force (``LayeredDefaults``).
        var defaults = DimensionDefaults()
        var defaultsRanges: [DefaultDimension: SourceRange] = [:]
        var detectors: [ContentDetector] = []
        var detectorRanges: [SourceRange] = []
        /// Every file below this one, each once, as first reached.
        var ancestors: [String] = []
    }

    /// A path named in `file`'s `extends:`, as a path from where `file` is named:
    /// `shared/base.yaml` in `apps/app.yaml` is `apps/shared/base.yaml`; `.` and `..`
    /// steps are folded; an absolute path is kept.
    public static func resolve(_ path: String, from file: String) -> String {
        var parts: [Substring] = []
        if !path.hasPrefix("/") {
            parts = file.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast()
        }
        for (index, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            switch part {
            case ".": continue
            // `a//b` is `a/b`: only an absolute path's first, empty, part is kept (else
            // `.//base.yaml` next to `app.yaml` would become `/base.yaml`).
            case "": if index == 0 && path.hasPrefix("/") { parts.append(part) }
            case "..":
                if let last = parts.last, last != "..", !(last.isEmpty && parts.count == 1) { parts.removeLast() } else { parts.append(part) }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Loads the bases of `root` (a parsed policy with `extends:`), checks that each
    /// layer only tightens its bases, and merges the chain.
    /// - Returns: the layered policy when nothing failed, and every diagnostic (a base's
    ///   own errors at their positions in the base).
    /// - Complexity: O(total size of the files) to load, plus the tightening checks.
    public static func load(_ root: ParsedPolicy, limits: PolicyLimits = .standard, read: @escaping Reader) -> (LayeredPolicy?, [Diagnostic]) {
        var loader = Loader(limits: limits, read: read)
        let top = loader.visit(root, stack: [resolve(root.file, from: "")], rootEntry: nil)
        guard !loader.diagnostics.contains(where: { $0.severity == .error }), let top else { return (nil, loader.diagnostics) }
        var merged = root
        merged.rules = top.rules
        merged.classes = top.classes
        merged.defaultAction = top.defaultAction
        merged.defaultRange = top.defaultRange
        merged.defaults = top.defaults
        merged.defaultsRanges = top.defaultsRanges
        merged.detectors = top.detectors
        merged.detectorRanges = top.detectorRanges
        if merged.detectors.count > 0 || !merged.defaults.isEmpty { merged.format = .v1_1 }
        return (LayeredPolicy(files: loader.order, merged: merged, allowances: top.allowances), loader.diagnostics)
    }

    struct Loader {
        let limits: PolicyLimits
        let read: Reader
        var diagnostics: [Diagnostic] = []
        /// By path, byte for byte: two files whose names differ only in how an accent is
        /// encoded are two files.
        var loaded: [ExactString: Cumulative] = [:]
        var order: [String] = []

        /// Loads `policy`'s bases (depth first), checks `policy` against them, and
        /// returns what it contributes with everything below it; nil after an error.
        mutating func visit(_ policy: ParsedPolicy, stack: [String], rootEntry: ParsedBaseReference?) -> Cumulative? {
            var bases: [(file: String, cumulative: Cumulative)] = []
            var failed = false
            for entry in policy.layering.bases {
                let path = PolicyLayers.resolve(entry.path, from: policy.file)
                let at = rootEntry ?? entry
                if let index = stack.firstIndex(where: { $0.isExactly(path) }) {
                    let loop = (stack[index...] + [path]).joined(separator: " -> ")
                    diagnostics.append(Diagnostic(.extendsCycle, "'extends' loops: \(loop)", at: at.range,
                                                  hint: "a policy cannot be its own base; remove the entry that closes the loop"))
                    failed = true
                    continue
                }
                if let known = loaded[ExactString(path)] {
                    bases.append((path, known))
                    continue
                }
                if stack.count > PolicyLayers.maximumDepth {
                    diagnostics.append(Diagnostic(.extendsDepth, "the chain of bases \((stack + [path]).joined(separator: " -> ")) is over \(PolicyLayers.maximumDepth) files deep",
                                                  at: at.range, hint: "merge intermediate layers; bases are a company policy, a product line, an app"))
                    failed = true
                    continue
                }
                guard let base = parseBase(path, entry: entry, version: policy.version) else { failed = true; continue }
                guard let cumulative = visit(base, stack: stack + [path], rootEntry: at) else { failed = true; continue }
                bases.append((path, cumulative))
            }
            guard !failed else { return nil }
            let result = combine(policy, over: bases)
            loaded[ExactString(policy.file)] = result
            order.append(policy.file)
            return result
        }

        /// Reads and parses one base; nil (with diagnostics) when it cannot be read,
        /// is of another version, or does not parse.
        mutating func parseBase(_ path: String, entry: ParsedBaseReference, version: Int) -> ParsedPolicy? {
            let bytes: [UInt8]
            switch read(path) {
            case .success(let content): bytes = content
            case .failure(let failure):
                diagnostics.append(Diagnostic(.missingBase, "cannot read base '\(entry.path)' (\(path)): \(failure.message)", at: entry.range,
                                              hint: "paths in 'extends' are relative to the file that names them"))
                return nil
            }
            // A compiled table is no YAML: say so, rather than what its bytes break.
            if TableFormat.isTable(bytes) {
                diagnostics.append(Diagnostic(.missingBase, "base '\(entry.path)' is a compiled policy table, not a YAML policy", at: entry.range,
                                              hint: "extend the YAML policy the table was compiled from"))
                return nil
            }
            let (root, yamlDiagnostics) = YAMLReader(file: path, limits: limits).read(bytes)
            diagnostics += yamlDiagnostics
            guard let root else { return nil }
            if let pair = root.pairs?.first(where: { $0.name == "version" }), case .int(let baseVersion)? = pair.value.scalarValue, baseVersion != version {
                diagnostics.append(Diagnostic(.baseVersion, "base '\(entry.path)' is policy version \(baseVersion), this policy is version \(version)", at: entry.range,
                                              hint: "a layer and its bases are written in one version of the format"))
                return nil
            }
            let (parsed, parseDiagnostics) = PolicyParser.parse(root, file: path)
            diagnostics += parseDiagnostics
            return parsed
        }

        /// `policy` over its loaded bases: their rules and classes first, the tightening
        /// checks, the default and the allowances layers over it get.
        mutating func combine(_ policy: ParsedPolicy, over bases: [(file: String, cumulative: Cumulative)]) -> Cumulative {
            guard !bases.isEmpty else {
                return Cumulative(rules: policy.rules, classes: policy.classes, defaultAction: policy.defaultAction,
                                  defaultRange: policy.defaultRange, allowances: policy.layering.allowUnmask ?? [],
                                  defaults: policy.defaults, defaultsRanges: policy.defaultsRanges,
                                  detectors: policy.detectors, detectorRanges: policy.detectorRanges)
            }
            // Each base once, in the order first reached (a diamond's shared base once).
            // Keyed by bytes: two files whose names differ only in how an accent is
            // encoded are two files.
            var seen = Set<ExactString>()
            var rules: [ParsedRule] = [], classes: [ParsedClass] = []
            for base in bases {
                for rule in base.cumulative.rules where seen.insert(ExactString("r \(rule.actionRange.location)")).inserted { rules.append(rule) }
                for parsedClass in base.cumulative.classes where seen.insert(ExactString("c \(parsedClass.nameRange.location)")).inserted { classes.append(parsedClass) }
            }
            let below = bases.first { $0.cumulative.defaultAction == .mask } ?? bases[0]
            var result = Cumulative(rules: rules, classes: classes, defaultAction: below.cumulative.defaultAction,
                                    defaultRange: below.cumulative.defaultRange, allowances: [])
            diagnostics += Tightening.crossLoosenings(of: policy.file, bases: bases.map { ($0.file, $0.cumulative) })
            diagnostics += Tightening.loosenings(of: policy, over: bases.map { ($0.file, $0.cumulative) }, belowRules: rules, belowClasses: classes)
            diagnostics += LayeredDefaults.loosenings(of: policy, over: bases.map { ($0.file, $0.cumulative) })
            LayeredDefaults.combine(policy, over: bases.map(\.cumulative), into: &result)
            result.rules += policy.rules
            result.classes += policy.classes
            if policy.layering.givesDefault {
                result.defaultAction = policy.defaultAction
                result.defaultRange = policy.defaultRange
            }
            result.allowances = policy.layering.allowUnmask ?? Tightening.inherited(bases.map(\.cumulative))
            var ancestors = Set<ExactString>()
            for base in bases {
                for file in base.cumulative.ancestors + [base.file] where ancestors.insert(ExactString(file)).inserted { result.ancestors.append(file) }
            }
            // Each step only tightening its bases is not enough: a class one layer moves
            // under an allowed class, and an allowed unmask the next layer makes, or two
            // bases' declarations and rules, loosen together. So what the whole chain
            // adds over each file below is checked as one layer over that file.
            let reported = Set(diagnostics.map(\.range.location))
            var seenHere = Set<String>()
            for file in result.ancestors {
                guard let below = loaded[ExactString(file)] else { continue }
                for var diagnostic in Tightening.loosenings(of: policy.file, adding: result, over: (file, below))
                where !reported.contains(diagnostic.range.location) && seenHere.insert(diagnostic.range.location).inserted {
                    diagnostic.message += " (with what the layers up to '\(policy.file)' add over it)"
                    diagnostics.append(diagnostic)
                }
            }
            return result
        }
    }
}
