import MaskAudit
import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy

/// The outcome of one expectation: passed when it has no failure.
struct ExpectationOutcome {
    var file: String
    var expectation: PolicyExpectation
    /// One line each, without the position (the expectation's); never a text value.
    var failures: [String]

    var passed: Bool { failures.isEmpty }
}

/// Which rules of a policy decided a view in any test (`--coverage`).
struct RuleCoverageTally {
    var policy: String
    var rules: [MaskRule]
    var decided: Set<Int> = []
}

/// Runs policy test files: compiles each policy once, reads each tree once, and checks
/// every expectation against the engine's decisions (the decisions `apply` makes).
struct PolicyTestRunner {
    /// By path, byte for byte: two policy files whose names differ only in how an
    /// accent is encoded are two policies.
    private var tables: [ExactString: DecisionTable] = [:]
    private var tallies: [ExactString: RuleCoverageTally] = [:]
    /// Which rules of a policy decided a view, by the policy's path.
    func coverage(of policy: String) -> RuleCoverageTally? { tallies[ExactString(policy)] }
    /// Policies in the order first tested, for a stable coverage report.
    private(set) var policyOrder: [String] = []

    /// A tree read and decided, with what the replay leaves out.
    struct DecidedTree {
        var name: String
        var file: String
        var document: TreeDocument
        var decisions: [MaskDecision]
        var leftOut: [Bool]
    }

    /// Runs one test file.
    /// - Throws: ``Reported``: exit 2 for a test file that cannot be read or is not
    ///   valid, 3 for a policy that does not compile, 4 for a tree that cannot be read.
    mutating func run(_ path: String) throws(Reported) -> [ExpectationOutcome] {
        let bytes = try PolicyLoader.readInput(path, what: "test file")
        let (parsed, diagnostics) = PolicyTestParser.parse(bytes, file: path)
        for diagnostic in diagnostics { FileIO.printError(diagnostic.rendered) }
        guard let test = parsed else { throw Reported(status: .usage) }
        let policyPath = PolicyLayers.resolve(test.policy.path, from: path)
        let table = try table(policyPath)
        let trees = try read(test.trees.map { PolicyLayers.resolve($0.path, from: path) }, table: table)
        for tree in trees {
            for decision in tree.decisions { if let rule = decision.ruleIndex { tallies[ExactString(policyPath)]?.decided.insert(rule) } }
        }
        return test.expectations.map { expectation in
            var selected = trees
            if let only = expectation.tree {
                let file = PolicyLayers.resolve(only.path, from: path)
                selected = trees.filter { $0.file == file || $0.name == file }
            }
            var failures: [String]
            if selected.isEmpty, let only = expectation.tree {
                failures = ["no tree '\(only.path)' among the test's trees"]
            } else {
                failures = check(expectation.check, on: selected, table: table, policy: policyPath, testFile: path)
            }
            if failures.count > Self.failuresShown {
                failures = Array(failures.prefix(Self.failuresShown)) + ["... and \(failures.count - Self.failuresShown) more"]
            }
            return ExpectationOutcome(file: path, expectation: expectation, failures: failures)
        }
    }

    /// Failures listed per expectation before the rest are counted.
    static let failuresShown = 10

    private mutating func table(_ policy: String) throws(Reported) -> DecisionTable {
        if let known = tables[ExactString(policy)] { return known }
        let table = try PolicyLoader.load(policy)
        tables[ExactString(policy)] = table
        tallies[ExactString(policy)] = RuleCoverageTally(policy: policy, rules: table.rules)
        policyOrder.append(policy)
        return table
    }

    private func read(_ paths: [String], table: DecisionTable) throws(Reported) -> [DecidedTree] {
        let masker = TreeMasker(table: table)
        var trees: [DecidedTree] = []
        let unreadable = try TreeInputs.forEachTree(in: try TreeInputs.files(paths), masker: masker) { item in
            let decisions = masker.decide(item.document)
            trees.append(DecidedTree(name: item.name, file: item.file, document: item.document, decisions: decisions,
                                     leftOut: Self.leftOut(item.document.tree, decisions)))
        }
        if unreadable > 0 {
            FileIO.printError("maskc: error: \(unreadable) tree\(unreadable == 1 ? "" : "s") could not be read")
            throw Reported(status: .invalidTree)
        }
        return trees
    }

    /// Per view: whether the replay leaves it out (an ancestor's children are not emitted).
    static func leftOut(_ tree: ViewTree, _ decisions: [MaskDecision]) -> [Bool] {
        var result = [Bool](repeating: false, count: tree.count)
        for view in 0..<tree.count {
            let parent = Int(tree.parents[view])
            if parent >= 0 && (result[parent] || !decisions[parent].emitsChildren) { result[view] = true }
        }
        return result
    }

    /// What the replay does with a view, as expectations name it.
    static func state(_ decision: MaskDecision, leftOut: Bool) -> ExpectedViewState {
        leftOut ? .leftOut : decision.isSecure ? .secure : decision.isMasked ? .masked : .unmasked
    }

    /// A view as failures name it: its id or index path, its class, its tree.
    static func label(_ tree: DecidedTree, _ view: Int) -> String {
        let facts = tree.document.tree.views[view]
        // Never a value, and as the audit names views: an id holding personal data gives
        // way to the index path, a class holding some is named by its shape.
        return "view \(ReportName.view(view, in: tree.document.tree)) (\(ReportName.printable(facts.className))) in \(tree.name)"
    }

    /// How a decision was reached, for a failure: level, rule, lock.
    static func decided(_ decision: MaskDecision, _ table: DecisionTable) -> String {
        var rule = decision.ruleIndex.flatMap { table.rules[$0].origin?.description } ?? "the default"
        if let detector = decision.detector { rule = "detect:\(detector.rawValue)" }
        if decision.echoSource != nil { rule = "the echo guard (it repeats a masked view's text)" }
        if let dimension = decision.contentDimension { rule = "defaults.\(dimension.rawValue) (the view carries it)" }
        return "level \(decision.level.rawValue), \(rule)\(decision.isLocked ? ", locked" : "")"
    }

    private func check(_ check: PolicyExpectation.Check, on trees: [DecidedTree], table: DecisionTable, policy: String, testFile: String) -> [String] {
        var failures: [String] = []
        switch check {
        case .view(let selector, let screen, let state, let rule):
            // The engine picks the views: a one-rule table with the selector, over the policy's classes.
            let matcher = DecisionTable(policy: MaskingPolicy(default: .mask, rules: [MaskRule(.unmask, selector, recursive: false, screen: screen)]),
                                        catalog: table.catalog)
            var matched = 0
            for tree in trees {
                let picks = matcher.resolve(tree.document.tree)
                for view in picks.indices where picks[view].ruleIndex == 0 {
                    matched += 1
                    let decision = tree.decisions[view]
                    let actual = Self.state(decision, leftOut: tree.leftOut[view])
                    if !state.isMet(by: actual) {
                        failures.append("expected \(Self.label(tree, view)) to be \(state.rawValue), found \(actual.rawValue) (\(Self.decided(decision, table)))")
                    }
                    if let rule, !Self.isDecided(decision, by: rule, table: table, policy: policy, testFile: testFile) {
                        failures.append("expected \(Self.label(tree, view)) to be decided by \(rule), found \(Self.decided(decision, table))")
                    }
                }
            }
            if matched == 0 { failures.append("no view matches \(selector)\(screen.map { " on \($0)" } ?? "") in \(trees.count) tree\(trees.count == 1 ? "" : "s")") }
        case .noExposedClass(let name):
            var ofClass = 0
            for tree in trees {
                let resolver = ViewResolver(table: table, screen: tree.document.tree.screen)
                for view in tree.decisions.indices {
                    // As a type rule selects: the class or a superclass, by its name or its
                    // simple name (`AcmeBalanceLabel` selects `MyApp.AcmeBalanceLabel`).
                    let chain = resolver.classChain(of: tree.document.tree.views[view])
                    guard chain.contains(where: { $0 == name || ClassName.simpleName(of: $0) == name }) else { continue }
                    ofClass += 1
                    guard !tree.decisions[view].isMasked && !tree.leftOut[view] else { continue }
                    failures.append("\(Self.label(tree, view)) is exposed (\(Self.decided(tree.decisions[view], table)))")
                }
            }
            // As a `view` that matches nothing: a misspelt class would check nothing.
            if ofClass == 0 { failures.append("no view of class \(name) in \(trees.count) tree\(trees.count == 1 ? "" : "s"): the expectation checks nothing") }
        case .noExposedDetections(let detectors):
            // What the audit reports sent in clear, of these kinds: every string of the
            // masked output (texts, identifiers kept on masked views, unknown fields and
            // member names), as `maskc audit` reads it. One implementation: the audit's.
            let kinds = Set(detectors.map { SensitiveKind($0.detector).rawValue })
            for tree in trees {
                var auditor = Auditor(table: table)
                auditor.add(tree.document, name: tree.name)
                for finding in auditor.drainFindings() where kinds.contains(finding.category) {
                    let view = finding.view.map { "view \($0) (\(finding.className ?? "?"))" } ?? "the tree's wrapper"
                    failures.append("\(view) in \(tree.name): \(finding.message)")
                }
            }
        }
        return failures
    }

    /// Whether `decision` names the rule a test says.
    static func isDecided(_ decision: MaskDecision, by rule: DecidingRule, table: DecisionTable, policy: String, testFile: String) -> Bool {
        switch rule {
        case .default:
            return decision.ruleIndex == nil
        case .line(let file, let line):
            guard let index = decision.ruleIndex, let origin = table.rules[index].origin else { return false }
            let expected = file.map { PolicyLayers.resolve($0, from: testFile) } ?? policy
            return origin.line == line && PolicyLayers.resolve(origin.file, from: "") == PolicyLayers.resolve(expected, from: "")
        }
    }
}
