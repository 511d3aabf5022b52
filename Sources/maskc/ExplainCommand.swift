import ArgumentParser
import MaskEngine
import MaskJSON

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show why each view of a tree is masked or not.",
        discussion: """
            Draws the tree as an indented outline: each view with its id (or index path), \
            class, kind, decision, deciding level and rule (FILE:LINE:COL and its reason), \
            and its text as the replay would show it. With --view, the full chain for one \
            view: every level considered, the rules that matched, which one decided and \
            which were overridden, and why.
            """
    )

    @Argument(help: "The view tree (maskc JSON or a capture).", completion: .file(extensions: ["json", "xml"]))
    var tree: String

    @OptionGroup var options: TreeOptions

    @Option(name: .long, help: "Explain the views this names as the outline shows them: an id, an accessibility identifier (ai:X or X), a reliable target, or an index path (0.2.1); every match is explained.")
    var view: String?

    @Option(name: .long, help: "Explain the view at this index path (0.2.1) only: never taken for an id.")
    var indexPath: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if view != nil && indexPath != nil { throw ValidationError("give --view or --index-path, not both") }
    }


    func run() throws {
        let table = try PolicyLoader.load(options.policy)
        let input = try PolicyLoader.readInput(tree, what: "tree")
        let masker = TreeMasker(table: table)
        let document: TreeDocument
        do {
            document = try options.inputFormat.read(input, file: tree, masker: masker)
        } catch {
            FileIO.printError(renderedReadError(error))
            throw Reported(status: .invalidTree)
        }
        let decisions = masker.decide(document)
        let views = document.tree
        if view != nil || indexPath != nil {
            let matches = Self.views(named: view, indexPath: indexPath, in: views)
            guard !matches.isEmpty else {
                let what = view.map { "id, accessibility identifier, target or index path '\($0)'" } ?? "index path '\(indexPath ?? "")'"
                FileIO.printError("maskc: error: no view with \(what) in '\(tree)'")
                throw Reported(status: .usage)
            }
            var parts: [String] = []
            if matches.count > 1 {
                // Every match is explained: the one a reader did not expect may be the exposed one.
                let list = matches.map { "\(views.indexPath(of: $0.view)) (\($0.how))" }.joined(separator: ", ")
                parts.append(ReportText.lines(["# \(matches.count) views match '\(view ?? "")': \(list); name one with --index-path"]))
            }
            for match in matches {
                var trace = table.trace(match.view, in: views)
                // The decision `apply` writes: the `detect:` safety net included.
                trace.decision = decisions[match.view]
                parts.append(Self.traceText(trace, table: table, document: document, decisions: decisions))
            }
            try FileIO.printOutput(parts.joined(separator: "\n\n"))
            return
        }
        try FileIO.printOutput(Self.outline(document, decisions: decisions, table: table, file: tree, policy: options.policy))
    }

    /// The views `--view` or `--index-path` names, in tree order, each with how it matched.
    /// `--view` takes what the outline shows: an id, an accessibility identifier (`ai:X`,
    /// or `X` alone), a reliable target (`UIButton[ai:Home.buy]`, or a path form
    /// `[root]>UIView:eq(0)>...`, with or without the screen), or an index path (`0.2.1`);
    /// every view it names in any of these ways is explained. `--index-path` names only
    /// the view at that index path.
    static func views(named name: String?, indexPath: String?, in tree: ViewTree) -> [(view: Int, how: String)] {
        if let indexPath { return view(atIndexPath: indexPath, in: tree).map { [($0, "index path")] } ?? [] }
        guard let name else { return [] }
        var found: [Int: String] = [:]
        func add(_ view: Int, _ how: String) { if found[view] == nil { found[view] = how } }
        let identifier = name.hasPrefix("ai:") ? String(name.dropFirst(3)) : name
        for view in 0..<tree.count {
            if !name.hasPrefix("ai:"), tree.views[view].id == name { add(view, "id") }
            if tree.views[view].accessibilityIdentifier == identifier { add(view, "accessibility identifier") }
        }
        if name.contains("[") || name.contains(":eq(") {
            var unqualified = tree
            unqualified.screen = nil
            for view in 0..<tree.count where found[view] == nil {
                if ReliableTarget.target(of: view, in: tree) == name || ReliableTarget.target(of: view, in: unqualified) == name {
                    add(view, "target")
                }
            }
        }
        if let byPath = view(atIndexPath: name, in: tree) { add(byPath, "index path") }
        return found.keys.sorted().map { ($0, found[$0]!) }
    }

    /// The view at an index path (`0.2.1`), found by walking down from the root.
    /// - Complexity: O(n) per path component at most.
    static func view(atIndexPath path: String, in tree: ViewTree) -> Int? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard tree.count > 0, parts.first == 0, !parts.contains(nil) else { return nil }
        var current = 0
        for part in parts.dropFirst() {
            guard let part, let next = (current + 1..<tree.count).first(where: {
                Int(tree.parents[$0]) == current && Int(tree.childIndices[$0]) == part
            }) else { return nil }
            current = next
        }
        return current
    }

    /// The label of a view: its id, else its index path.
    static func label(_ tree: ViewTree, _ view: Int) -> String {
        ReportName.view(view, in: tree)
    }

    /// What decided a view: the safety net's detector, a rule, or level 5.
    /// `names`: how the outline names each view (``outlineNames(_:)``), else each is
    /// named by its id or full index path.
    static func decisionText(_ table: DecisionTable, _ decision: MaskDecision, _ facts: ViewFacts, inside input: @autoclosure () -> String? = nil,
                             tree: ViewTree? = nil, names: [String]? = nil) -> String {
        if let detector = decision.detector { return "detect:\(detector.rawValue) (personal data in the view's content)" }
        if let source = decision.echoSource { return echoText(source, in: tree, names: names) }
        if let dimension = decision.contentDimension {
            let carried = dimension == .text ? "text" : "an image"
            return "defaults.\(dimension.rawValue) \(table.defaults.value(of: dimension) ?? "mask") (the view carries \(carried) and its kind has no default of its own)"
        }
        if decision.ruleIndex == nil { return defaultText(table, facts, inside: input()) }
        return ruleText(table, decision.ruleIndex)
    }

    /// What the echo guard says of a view it masked (``MaskedEcho``).
    static func echoText(_ source: Int, in tree: ViewTree?, names: [String]? = nil) -> String {
        let named = tree.flatMap { tree in
            source < tree.count ? "\(names?[source] ?? label(tree, source)) (\(ReportName.printable(tree.views[source].className)))" : nil
        }
        return "echo of masked view \(named ?? "#\(source)") (the view repeats its text)"
    }

    /// Level 5 for a view: `default mask`, or with per-dimension defaults, the one that
    /// covers the view's kind (`defaults.images mask-non-bundled (bundled image)`).
    /// Inside a text input (`input`: the input's label) whose default is stricter than
    /// the view's own, that default, as the engine takes it.
    static func defaultText(_ table: DecisionTable, _ facts: ViewFacts, inside input: String?) -> String {
        let own = defaultText(table, facts)
        guard let input else { return own }
        let ownState = table.defaultState(for: table.selectorKind(of: facts))
        guard ownState.stricter(table.defaultState(for: .input)) != ownState else { return own }
        let inputs = table.defaults.inputs.map { "defaults.inputs \($0.rawValue)" } ?? "default \(table.defaultAction.rawValue)"
        return "\(inputs) (inside text input \(input): stricter than its own \(own))"
    }

    static func defaultText(_ table: DecisionTable, _ facts: ViewFacts) -> String {
        let kind = table.selectorKind(of: facts)
        guard !table.defaults.isEmpty, let dimension = kind.dimension else { return "default \(table.defaultAction.rawValue)" }
        guard let value = table.defaults.value(of: dimension) else { return "default \(table.defaultAction.rawValue) (no 'defaults.\(dimension.rawValue)')" }
        var text = "defaults.\(dimension.rawValue) \(value)"
        if table.defaults.images == .maskNonBundled && dimension == .images {
            text += (facts.imageSource?.isBundled ?? false) ? " (bundled image)" : " (image not bundled, or its source unknown)"
        }
        return text
    }

    /// Whether the policy itself (its rule, or level 5) masks the view, before maps and
    /// secure text force it.
    static func policyMasks(_ table: DecisionTable, _ decision: MaskDecision, _ facts: ViewFacts, insideInput: Bool) -> Bool {
        if let rule = table.rule(for: decision) { return rule.action == .mask }
        var state = table.defaultState(for: table.selectorKind(of: facts))
        if insideInput { state = state.stricter(table.defaultState(for: .input)) }
        return state.masks(imageSource: facts.imageSource)
    }

    static func ruleText(_ table: DecisionTable, _ index: Int?) -> String {
        guard let index else { return "default \(table.defaultAction.rawValue)" }
        let rule = table.rules[index]
        var text = "\(rule.action.rawValue) \(rule.selector)"
        if rule.isLock { text += " (locked)" }
        if !rule.recursive { text += " (not recursive)" }
        if let screen = rule.screen { text += " on \(screen)" }
        if let origin = rule.origin { text += " at \(origin)" }
        if let reason = rule.reason { text += " because \"\(reason)\"" }
        return text
    }

    /// What the replay shows for a view's text: the first text-bearing field, masked as emitted.
    static func shown(_ document: TreeDocument, _ view: Int, _ decision: MaskDecision) -> String? {
        if let marker = decision.placeholder { return marker }
        let fields = document.contentFields(of: view)
        guard let field = ViewField.textFields.lazy.compactMap({ key in fields.first { $0.key == key } }).first,
              let value = decision.emission(for: EmittedField(key: field.key)).emit(field.value) else { return nil }
        var quoted: [UInt8] = []
        JSONString.appendQuoted(value.count > 60 ? String(value.prefix(60)) + "…" : value, to: &quoted, escapingControls: true)
        return "\(field.key) \(String(decoding: quoted, as: UTF8.self))"
    }

    static func outline(_ document: TreeDocument, decisions: [MaskDecision], table: DecisionTable, file: String, policy: String) -> String {
        let tree = document.tree
        var lines = ["# \(file) with \(policy): \(tree.screen.map { "screen \(ReportName.printable($0)), " } ?? "")\(tree.count) view\(tree.count == 1 ? "" : "s")"]
        // Views under a subtree that is not emitted are shown as such.
        var hidden = [Bool](repeating: false, count: tree.count)
        let (depths, names) = outlineNames(tree)
        // The nearest ancestor that is a text input, per view (level 5 may take its default).
        var inputAncestor = [Int?](repeating: nil, count: tree.count)
        for view in 0..<tree.count {
            let parent = Int(tree.parents[view])
            if parent >= 0 && (hidden[parent] || !decisions[parent].emitsChildren) { hidden[view] = true }
            if parent >= 0 { inputAncestor[view] = table.selectorKind(of: tree.views[parent]) == .input ? parent : inputAncestor[parent] }
            let decision = decisions[view]
            let depth = depths[view]
            var state = decision.isMasked ? "masked" : decision.masksText ? "shown, text masked" : "shown"
            if decision.isSecure { state += ", secure" }
            if decision.isLocked { state += ", locked" }
            if hidden[view] { state = "not emitted" }
            let indent = depth > 64 ? String(repeating: "  ", count: 64) + "(depth \(depth)) " : String(repeating: "  ", count: depth)
            // Never a value: an id, identifier or class holding personal data is named by
            // index path, left out, or shown by its shape (``ReportName``).
            var line = indent + "\(names[view]) \(ReportName.printable(tree.views[view].className))"
            if let ai = ReportName.identifier(tree.views[view].accessibilityIdentifier) { line += " ai:\(ai)" }
            line += " [\(decision.kind.rawValue)] \(state)"
            if !hidden[view] {
                // Named only when level 5 says so: naming costs the depth of the tree.
                let input = inputAncestor[view]
                let text = decisionText(table, decision, tree.views[view], inside: input.map { "\(names[$0]) (\(ReportName.printable(tree.views[$0].className)))" },
                                        tree: tree, names: names)
                line += ", level \(decision.level.rawValue): \(text)"
                if decision.isForcedMask, decision.detector == nil, !policyMasks(table, decision, tree.views[view], insideInput: input != nil) {
                    line += decision.isForcedByKind ? " (maps are never unmasked)" : " (secure text entry is never unmasked)"
                }
                if let shown = shown(document, view, decision) { line += " | \(shown)" }
            }
            lines.append(line)
        }
        return ReportText.lines(lines)
    }

    /// Each view's depth, and its name in the outline: its id, else its index path, which
    /// past 64 levels is shortened to `…` and its index among its siblings (so that the
    /// outline of a deep tree stays linear in its size).
    static func outlineNames(_ tree: ViewTree) -> (depths: [Int], names: [String]) {
        var depths = [Int](repeating: 0, count: tree.count)
        var paths: [String] = []
        paths.reserveCapacity(tree.count)
        for view in 0..<tree.count {
            let parent = Int(tree.parents[view])
            let depth = parent < 0 ? 0 : depths[parent] + 1
            depths[view] = depth
            paths.append(parent < 0 ? "0" : depth > 64 ? "…" + String(tree.childIndices[view]) : paths[parent] + "." + String(tree.childIndices[view]))
        }
        let names = (0..<tree.count).map { ReportName.identifier(tree.views[$0].id) ?? paths[$0] }
        return (depths, names)
    }

    /// The nearest ancestor of `view` whose children are not emitted (a map, a
    /// `recurse: false` class), if any: the view is then not sent at all.
    static func notEmittingAncestor(of view: Int, in tree: ViewTree, _ decisions: [MaskDecision]) -> Int? {
        var ancestor = Int(tree.parents[view])
        while ancestor >= 0 {
            if !decisions[ancestor].emitsChildren { return ancestor }
            ancestor = Int(tree.parents[ancestor])
        }
        return nil
    }

    /// Whether the view's kind is secure text though no class of its chain declares it:
    /// by its name (``TypeCatalog/namesSecureEntry(_:)``).
    static func securedByName(_ trace: DecisionTrace, _ table: DecisionTable) -> Bool {
        trace.decision.kind == .secureText && !trace.chain.contains { table.catalog.declaration(of: $0)?.kind == .secureText }
    }

    static func traceText(_ trace: DecisionTrace, table: DecisionTable, document: TreeDocument, decisions: [MaskDecision]) -> String {
        let detector = trace.decision.detector
        let tree = document.tree
        let facts = tree.views[trace.view]
        var lines = [
            "view \(label(tree, trace.view)) (\(ReportName.printable(facts.className))), index path \(trace.indexPath)",
            "class chain: \(trace.chain.map(ReportName.printable).joined(separator: " > "))\(facts.superclasses != nil ? " (from the tree)" : "")",
            "kind: \(trace.decision.kind.rawValue)\(trace.decision.isSecure ? ", secure text entry (or inside one)" : "")"
                + (securedByName(trace, table) ? "; secure text by its class's name (a text input named for secure entry)" : ""),
            "reliable target: \(ReportName.printableTarget(trace.target))",
        ]
        let echo = trace.decision.echoSource
        let deciding: PrecedenceLevel? = trace.lock != nil ? nil : detector != nil || echo != nil ? .detector
            : trace.steps.first { $0.winner != nil }?.level ?? .default
        if let lock = trace.lock {
            var head = "locked: "
            if let ancestor = lock.ancestor { head += "ancestor \(label(tree, ancestor)) (\(ReportName.printable(tree.views[ancestor].className))): " }
            lines.append(head + ruleText(table, lock.rule) + " <- decides (a locked mask: no other rule can unmask the view)")
        } else if let detector {
            lines.append("level 0 (detector): detect:\(detector.rawValue) found personal data in the view's content <- decides")
        } else if let echo {
            lines.append("level 0 (echo guard): \(echoText(echo, in: tree)): a shown view holding a masked view's text is masked <- decides")
        }
        for step in trace.steps {
            var head = "level \(step.level.rawValue) (\(step.level.title)): "
            if let ancestor = step.ancestor { head += "ancestor \(label(tree, ancestor)) (\(ReportName.printable(tree.views[ancestor].className))): " }
            if let className = step.className, step.level == .type { head += "class \(ReportName.printable(className)): " }
            if let kind = step.kind { head += "kind \(kind.rawValue): " }
            if step.level == .default {
                head += defaultText(table, facts, inside: trace.inputAncestor.map { "\(label(tree, $0)) (\(ReportName.printable(tree.views[$0].className)))" })
                head += deciding == .default ? " <- decides" : " (not reached)"
                lines.append(head)
                continue
            }
            guard let winner = step.winner else {
                lines.append(head + "no rule applies")
                continue
            }
            head += ruleText(table, winner)
            if let deciding {
                head += step.level == deciding ? " <- decides" : " (not reached: level \(deciding.rawValue) decided first)"
            } else {
                head += " (overridden: the lock decides)"
            }
            lines.append(head)
            for other in step.matched where other != winner {
                let why = table.rules[other].action == table.rules[winner].action
                    ? "same action, later in the file" : "overridden: mask wins a tie on a level"
                lines.append("  also matched: \(ruleText(table, other)) (\(why))")
            }
        }
        for other in trace.otherScreens {
            lines.append("not applied: \(ruleText(table, other)) (scoped to another screen; this tree is \(tree.screen.map { "'\(ReportName.printable($0))'" } ?? "not on a screen"))")
        }
        for other in trace.needScreen {
            lines.append("not applied: \(ruleText(table, other)) (its target names a screen and this tree has none; select by accessibilityIdentifier or restorationIdentifier instead)")
        }
        // Inside a view whose children are not sent, the view's own decision is moot:
        // nothing of it leaves the device, so nothing of its content is shown here.
        if let ancestor = notEmittingAncestor(of: trace.view, in: tree, decisions) {
            lines.append("decision: not emitted (inside \(label(tree, ancestor)) (\(ReportName.printable(tree.views[ancestor].className))), whose children are not sent)")
            return ReportText.lines(lines)
        }
        var result = "decision: \(trace.decision.isMasked ? "masked" : "shown")"
        if trace.decision.isForcedByKind { result += " (maps are always masked)" }
        else if trace.decision.isSecure { result += " (secure text entry and everything inside it are always masked); text sent as bullets" }
        if trace.decision.masksText && !trace.decision.isMasked {
            result += "; its text masked (the images default shows the image, its text follows the text default: \(table.defaults.value(of: .text) ?? table.defaultAction.rawValue))"
        }
        if !trace.decision.emitsChildren { result += "; children not emitted" }
        lines.append(result)
        if let shown = shown(document, trace.view, trace.decision) { lines.append("replay shows: \(shown)") }
        return ReportText.lines(lines)
    }
}
