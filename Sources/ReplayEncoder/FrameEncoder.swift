import MaskEngine

/// Turns one screen into a ``ReplayFrame``: an encoder walks its view hierarchy,
/// `enter`ing each view (parents before children) and `leave`ing it after its children,
/// then calls ``finish()``.
///
/// Each view is decided by the engine (``MaskEngine/MaskingTraversal``) as it is
/// entered, and what the frame carries comes from that decision alone: its wire type
/// (``ReplayViewType/infer``), its text only when
/// `decision.emission(for: appearance.textField)` is `keep`, and nothing below a view
/// whose children are not emitted. Views that draw nothing are left out
/// (``LeftOutReason``), frames are clipped by clipping ancestors, and at ``finish()``
/// views entirely under a fully opaque view drawn later are removed.
///
/// Not thread-safe: one per thread; reuse it across frames (``begin(screen:timestamp:coordinates:)``)
/// to keep the engine's caches warm.
///
/// ```swift
/// var encoder = FrameEncoder(table: table)
/// encoder.begin(screen: "Checkout", timestamp: 1_000)
/// if encoder.enter(ViewFacts(className: "UIView"), ViewAppearance(frame: bounds)) {
///     // children...
/// }
/// encoder.leave()
/// let frame = encoder.finish()
/// ```
public struct FrameEncoder: Sendable {
    /// How the views' frames are given.
    public enum Coordinates: String, Sendable, Hashable, CaseIterable {
        /// Relative to the window (the default, and the wire's).
        case window
        /// Relative to the parent view's frame origin (scroll offsets applied); the
        /// encoder adds the ancestors' origins.
        case superview
    }

    /// Whether ``finish()`` removes views covered by fully opaque views drawn later
    /// (default `true`).
    public var removesCoveredViews = true

    private var traversal: MaskingTraversal
    /// The policy, read here rather than through the traversal (which hands out a copy).
    private let table: DecisionTable
    /// Whether the policy has a `detect:` safety net.
    private let detects: Bool
    /// Whether the policy's defaults mask by the content a view carries
    /// (``DecisionTable/contentDefaultsApply``).
    private let masksByContent: Bool
    private var classes: ClassTraitsCache
    private var coordinates = Coordinates.window
    private var screen: String?
    private var timestamp: UInt64 = 0
    /// What happened to the views of the frame being built.
    public private(set) var stats = EncodingStats()

    /// What each entered view hands its children.
    private struct Entry {
        var originX: Double, originY: Double
        /// What the children are clipped to.
        var clip: Box
        /// Where the children may cover others, besides `clip`: clear of the rounded
        /// corners of the clipping views up the chain, this one's included (each one's
        /// frame inset by its radius); ``Box/everything`` when none is rounded.
        var coverClip: Box
        /// The alpha along the chain, this view's included.
        var alpha: Double
        /// Whether this view or an ancestor is transformed.
        var transformed: Bool
        /// Non-nil: every view below is left out for this reason.
        var skip: LeftOutReason?
        /// The view's node, -1 for none.
        var node: Int32
        /// The view's item in `views` when it is drawn with its text sent, else -1: a
        /// masked view below whose text it holds takes its text away (``MaskedEcho``).
        var textView: Int32 = -1
    }
    /// The entries of the views entered and not yet left: the first `depth`. Leaving
    /// only lowers `depth`; entering overwrites the slot (an array shrunk and grown
    /// again on every view cost a uniqueness check and a copy of the entry leaving).
    private var stack: [Entry] = []
    private var depth = 0
    /// How many views are entered below the top of `stack`, whose subtree is left out
    /// (for `skippedReason`): those views are only counted.
    private var skippedDepth = 0
    private var skippedReason = LeftOutReason.notEmitted
    /// The echo guard's state (``MaskEngine/MaskedEcho``): the stack levels of the
    /// entered views drawn with their text sent (`textView`), the masked texts entered
    /// below them this frame (normalized), and per level the masked texts registered
    /// with its view, read when it is left.
    private var holderLevels: [Int] = []
    private var maskedTexts: [[UInt8]] = []
    /// Per masked text: a secure view's, found anywhere (``MaskEngine/MaskedEcho/Finder``).
    private var maskedAnywhere: [Bool] = []
    private var pendingByLevel: [[Int32]] = []

    /// A view decided: its parent node and its `zIndex`. Which item it draws is kept
    /// with the item (``Drawn/node``), read only when `zIndex` reorders: setting it
    /// here cost a write into this array, with its uniqueness check, a drawn view.
    private struct Node {
        var parent: Int32
        var z: Double
    }
    /// What a drawn view shows clipped, its opaque rectangle (or -1) and its node.
    private struct Drawn {
        var extent: Box
        var opaque: Int32
        var node: Int32
    }
    /// Views decided, in pre-order, once one has a `zIndex` (`hasZIndex`): the drawing
    /// order comes from them. Until then none is kept (an append, with its uniqueness
    /// check, a view decided, about 30 instructions, for frames most of which have no
    /// `zIndex`), only counted in `nodeCount`; the first `zIndex` fills in the views
    /// before it (``keepNodes(before:)``).
    private var nodes: [Node] = []
    private var nodeCount: Int32 = 0
    private var hasZIndex = false

    /// Drawn views, in pre-order, in two parallel arrays: what each sends; and what it
    /// shows clipped (what another must cover to hide it) with its opaque rectangle in
    /// `opaqueBoxes`, or -1. The views are handed to the frame as they are when nothing
    /// reorders or removes them. `covering` is kept from frame to frame: its first
    /// `views.count` items are this frame's, each written over the last frame's (an
    /// append, with its out-of-line uniqueness and capacity checks, cost about 35
    /// instructions a drawn view).
    private var views: [ReplayView] = []
    private var covering: [Drawn] = []
    private var opaqueBoxes: [Box] = []

    /// Creates an encoder deciding views with `table` (and `classifier`, the seed's
    /// `ReplayIdentifiable` hook, which may change a view's kind and content frame).
    public init(table: DecisionTable, classifier: (any ViewClassifier)? = nil) {
        traversal = MaskingTraversal(table: table, classifier: classifier)
        self.table = table
        detects = !table.detectors.isEmpty
        masksByContent = table.contentDefaultsApply
        classes = ClassTraitsCache(catalog: table.catalog)
    }

    /// Starts a new frame.
    /// - Parameters:
    ///   - screen: the screen's name (policies may scope rules to it).
    ///   - timestamp: milliseconds since the session started.
    ///   - coordinates: how the views' frames are given.
    public mutating func begin(screen: String?, timestamp: UInt64 = 0, coordinates: Coordinates = .window) {
        traversal.reset(screen: screen)
        // The rules read the screen as captured; the frame carries it as `apply` writes
        // it: masked where a value detector finds personal data in it.
        self.screen = screen.flatMap { FieldEmission.keepShaped.emit($0, shape: .identifier) }
        self.timestamp = timestamp
        self.coordinates = coordinates
        stats = EncodingStats()
        stack.removeAll(keepingCapacity: true)
        depth = 0
        skippedDepth = 0
        holderLevels.removeAll(keepingCapacity: true)
        maskedTexts.removeAll(keepingCapacity: true)
        maskedAnywhere.removeAll(keepingCapacity: true)
        // A frame left unfinished may have left texts registered.
        for level in pendingByLevel.indices where !pendingByLevel[level].isEmpty { pendingByLevel[level].removeAll() }
        nodes.removeAll(keepingCapacity: true)
        nodeCount = 0
        hasZIndex = false
        views.removeAll(keepingCapacity: true)
        opaqueBoxes.removeAll(keepingCapacity: true)
    }

    /// Enters a view: a child of the view entered last and not yet left (or a root).
    ///
    /// - Returns: whether its children can draw anything. `false` below a hidden,
    ///   transparent or clipped-away view and below a view whose children the masking
    ///   decision does not emit: an encoder should not walk them (views entered there
    ///   anyway are left out and counted).
    /// - Complexity: O(1) expected (the engine's decision, class traits kept by the engine's class number).
    @discardableResult
    public mutating func enter(_ facts: ViewFacts, _ appearance: ViewAppearance) -> Bool {
        enterView(facts, appearance, detected: nil)
    }

    /// ``enter(_:_:)`` for a view whose content beyond its text (labels, hints, other
    /// fields the caller holds) a detector of the policy's `detect:` safety net matched,
    /// as `maskc apply` finds it: the view is masked at level 0, as `apply` masks it.
    /// - Parameter detected: the detector that matched, or nil.
    @discardableResult
    public mutating func enter(_ facts: ViewFacts, _ appearance: ViewAppearance, detected: ContentDetector?) -> Bool {
        enterView(facts, appearance, detected: detected)
    }

    /// ``enter(_:_:detected:)`` for a view the caller knows repeats the text of a masked
    /// view below it in fields the frame does not carry (the echo guard over all its
    /// fields, as `maskc apply` runs it: ``MaskEngine/MaskedEcho``): the view is masked
    /// at level 0, as `apply` masks it.
    /// - Parameter echoes: the masked view whose text it holds (the caller's number for
    ///   it), or nil.
    @discardableResult
    public mutating func enter(_ facts: ViewFacts, _ appearance: ViewAppearance, detected: ContentDetector?, echoes: Int?) -> Bool {
        enterView(facts, appearance, detected: detected, echoes: echoes)
    }

    @inline(__always)
    private mutating func enterView(_ facts: ViewFacts, _ appearance: ViewAppearance, detected: ContentDetector?, echoes: Int? = nil) -> Bool {
        stats.viewsIn += 1
        // Below a view left out with its subtree: counted, not stacked, not decided.
        if skippedDepth > 0 {
            skippedDepth += 1
            stats[skippedReason] += 1
            return false
        }
        let parent = depth > 0 ? stack[depth - 1] : nil
        if let reason = parent?.skip {
            skippedDepth = 1
            skippedReason = reason
            stats[reason] += 1
            return false
        }
        var frame = appearance.frame
        var content = appearance.contentFrame ?? frame
        if coordinates == .superview, let parent {
            frame.x += parent.originX
            frame.y += parent.originY
            content.x += parent.originX
            content.y += parent.originY
        }
        // Every view whose parent is walked is decided, drawn or not: index paths and
        // reliable targets count siblings, so skipping one would shift the others'.
        var decision = traversal.enter(facts, frame: &content)
        // Level 5 by what a view of no dimension carries (`defaults: {text: mask}` masks a
        // button's own title), as every tree path decides it.
        if masksByContent, table.contentDefaultsRead(decision) {
            let text = appearance.text.map { !$0.isEmpty } ?? false
            decision = table.contentDefault(decision, kind: table.selectorKind(of: facts), carriesText: text,
                                            image: appearance.hasImage ? .some(facts.imageSource) : nil)
        }
        // The policy's `detect:` safety net, over the one text the frame could carry.
        // A text the decision masks already (an image's label under `defaults.text`) is not read.
        if detects, let text = appearance.text, decision.emission(for: appearance.textField) == .keep {
            decision = table.safetyNet(decision, content: CollectionOfOne(text))
        }
        if let detected, !decision.isMasked { decision = decision.detected(by: detected) }
        if let echoes, !decision.isMasked { decision = decision.echoing(echoes) }
        // A masked text: views above that send it in theirs send it no more.
        if !holderLevels.isEmpty, decision.hidesText, let text = appearance.text, !text.isEmpty { registerMasked(text, secure: decision.isSecure) }
        let alpha = (parent?.alpha ?? 1) * Self.alpha(appearance.alpha)
        if appearance.isHidden { return leaveOut(.hidden) }
        if !(alpha > 0) { return leaveOut(.transparent) }
        let traits = classes.traits(of: facts, number: traversal.classNumber, generation: traversal.classGeneration)
        let clip = parent?.clip ?? .everything
        let coverClip = parent?.coverClip ?? .everything
        let radius = Self.radius(appearance.cornerRadius)
        let frameBox = Box(frame)
        let visible = frameBox.intersection(clip)
        let clips = appearance.clipsToBounds ?? traits.clipsByDefault
        let transformed = (parent?.transformed ?? false) || appearance.isTransformed
        let node = nodeCount
        nodeCount += 1
        let z = appearance.zIndex.isFinite ? appearance.zIndex : 0
        if !hasZIndex && z != 0 {
            keepNodes(before: node)
            hasZIndex = true
        }
        if hasZIndex { nodes.append(Node(parent: parent?.node ?? -1, z: z)) }
        var entry = Entry(originX: frame.x, originY: frame.y, clip: clips ? visible : clip,
                          coverClip: clips && radius > 0 ? coverClip.intersection(frameBox.inset(by: radius)) : coverClip,
                          alpha: alpha, transformed: transformed, skip: decision.emitsChildren ? nil : .notEmitted, node: node)
        if !frameBox.hasArea {
            stats[.zeroArea] += 1
        } else if !visible.hasArea {
            stats[.clipped] += 1
            entry.skip = .clipped
        } else {
            let drawn = views.count
            draw(decision, appearance, traits: traits, frame: frame, visible: visible, content: content,
                 contentClip: clips ? visible : clip, coverClip: !transformed && alpha == 1 ? coverClip : nil,
                 radius: radius, node: node)
            if views.count > drawn && views[drawn].text != nil {
                entry.textView = Int32(drawn)
                holderLevels.append(depth)
                // Empty already: emptied when the level's last holder was left, or at `begin`.
                while pendingByLevel.count <= depth { pendingByLevel.append([]) }
            }
        }
        push(entry)
        return entry.skip == nil
    }

    /// Leaves the view entered last. Leaving with nothing entered does nothing.
    public mutating func leave() {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard depth > 0 else { return }
        depth -= 1
        if stack[depth].textView >= 0 { closeHolder(at: depth) }
        traversal.leave()
    }

    /// The echo guard (``MaskEngine/MaskedEcho``), as a masked view is entered: its
    /// text is registered with the nearest ``MaskEngine/MaskedEcho/maximumContainers``
    /// entered views drawn with text.
    @inline(never)
    private mutating func registerMasked(_ text: String, secure: Bool) {
        let masked = MaskedEcho.normalized(text.utf8)
        guard MaskedEcho.guards(masked) else { return }
        let index = Int32(maskedTexts.count)
        maskedTexts.append(masked)
        maskedAnywhere.append(secure)
        for level in holderLevels.suffix(MaskedEcho.maximumContainers) { pendingByLevel[level].append(index) }
    }

    /// The echo guard as a view drawn with text is left: when its text holds a masked
    /// text registered with it, it is sent without it, a text type as
    /// ``ReplayViewType/maskedText``, its rectangle as drawn.
    private mutating func closeHolder(at level: Int) {
        holderLevels.removeLast()
        guard !pendingByLevel[level].isEmpty else { return }
        let pending = pendingByLevel[level]
        pendingByLevel[level] = []
        let index = Int(stack[level].textView)
        guard let held = views[index].text else { return }
        let text = MaskedEcho.normalized(held.utf8)
        // Only the masked texts that can be in `text` are searched for (see
        // ``MaskEngine/MaskedEcho/ByteSet``): a container high up has hundreds below
        // it, and building the automaton of them all was most of the guard's cost
        // (callgrind: about 460 instructions a view of the encoder's generated screens).
        let present = MaskedEcho.ByteSet(text)
        var patterns: [[UInt8]] = [], anywhere: [Bool] = []
        for masked in pending {
            let pattern = maskedTexts[Int(masked)]
            guard pattern.count <= text.count, present.containsAll(pattern) else { continue }
            patterns.append(pattern)
            anywhere.append(maskedAnywhere[Int(masked)])
        }
        guard !patterns.isEmpty, MaskedEcho.Finder(patterns, anywhere: anywhere).first(in: text) != nil else { return }
        views[index].text = nil
        if views[index].type.usesContentFrame { views[index].type = .maskedText }
        stats.echoes += 1
    }

    /// Fills in `nodes` for the views decided before `node`, the first with a
    /// `zIndex`, whose parents were not kept. Each gets as parent the nearest view
    /// still entered (an ancestor of `node`) that precedes it: a view of an earlier,
    /// finished subtree becomes a child of that ancestor rather than of its own parent.
    /// The drawing order is the same: every one of them has `zIndex` 0, so an
    /// ancestor's earlier subtrees stay together in pre-order, before `node`'s branch,
    /// whichever way they are nested; later siblings sort around them as around the
    /// subtrees.
    @inline(never)
    private mutating func keepNodes(before node: Int32) {
        nodes.reserveCapacity(Int(node) + 1)
        var parent: Int32 = -1
        var level = 0
        for earlier in 0..<node {
            nodes.append(Node(parent: parent, z: 0))
            // The entered views are in `stack` in pre-order: the next one is met here.
            if level < depth && stack[level].node == earlier {
                parent = earlier
                level += 1
            }
        }
    }

    @inline(__always)
    private mutating func push(_ entry: Entry) {
        if depth < stack.count {
            stack[depth] = entry
        } else {
            stack.append(entry)
        }
        depth += 1
    }

    /// The frame: the drawn views back to front, covered views removed (when
    /// ``removesCoveredViews``). Views still entered are left first.
    /// - Complexity: O(n) for n drawn views without `zIndex` (O(n log n) with), plus
    ///   the occlusion sweep (see ``OcclusionGrid``).
    public mutating func finish() -> ReplayFrame {
        skippedDepth = 0
        while depth > 0 { leave() }
        var frame = ReplayFrame(screen: screen, timestamp: timestamp)
        let removing = removesCoveredViews && !opaqueBoxes.isEmpty
        let order = hasZIndex ? drawingOrder() : nil
        var kept: [Bool]?
        if removing {
            var bounds = opaqueBoxes[0]
            for box in opaqueBoxes { bounds = bounds.union(box) }
            var grid = OcclusionGrid(bounds: bounds, expected: opaqueBoxes.count)
            var flags = [Bool](repeating: true, count: views.count)
            var covered = 0
            func visit(_ index: Int) {
                let view = covering[index]
                if grid.covers(view.extent) {
                    flags[index] = false
                    covered += 1
                } else if view.opaque >= 0 {
                    grid.add(opaqueBoxes[Int(view.opaque)])
                }
            }
            if let order {
                for index in order.reversed() { visit(Int(index)) }
            } else {
                for index in views.indices.reversed() { visit(index) }
            }
            stats[.covered] += covered
            if covered > 0 { kept = flags }
        }
        switch (order, kept) {
        case (nil, nil):
            // Pre-order, nothing removed: the views as drawn, handed over (the next
            // frame's `removeAll(keepingCapacity:)` gives this encoder a buffer of its own).
            frame.views = views
        case (nil, let kept?):
            frame.views.reserveCapacity(views.count - stats[.covered])
            for index in views.indices where kept[index] { frame.views.append(views[index]) }
        case (let order?, let kept):
            frame.views.reserveCapacity(order.count)
            for index in order where kept?[Int(index)] ?? true { frame.views.append(views[Int(index)]) }
        }
        stats.viewsDrawn = frame.views.count
        return frame
    }

    // MARK: One view

    /// Leaves a view the engine has decided out, with its subtree.
    private mutating func leaveOut(_ reason: LeftOutReason) -> Bool {
        stats[reason] += 1
        push(Entry(originX: 0, originY: 0, clip: .everything, coverClip: .everything, alpha: 0,
                   transformed: false, skip: reason, node: -1))
        return false
    }

    /// Draws a view whose frame shows: its type, rectangle and text, and its opaque area.
    /// - Parameters:
    ///   - coverClip: where the view may cover others (its ancestors' rounded corners
    ///     cut off); `nil` when its alpha chain or a transform lets nothing be opaque.
    ///   - radius: its own corner radius (``radius(_:)``).
    private mutating func draw(_ decision: MaskDecision, _ appearance: ViewAppearance, traits: ClassTraits, frame: ViewFrame,
                               visible: Box, content: ViewFrame, contentClip: Box, coverClip: Box?, radius: Double, node: Int32) {
        let hasText = !(appearance.text?.isEmpty ?? true)
        var type = ReplayViewType.infer(decision, traits: traits, hasText: hasText, hasImage: appearance.hasImage)
        let background = appearance.backgroundColor?.isVisible ?? false
        let border = appearance.borderWidth > 0
        let drawsContent = hasText || appearance.hasImage || traits.isTextInput || traits.isToggle || Self.drawsItself(type)
        guard drawsContent || background || border else {
            stats[.drawsNothing] += 1
            return
        }
        // The rectangle sent: the content's or the frame's, clipped. An unclipped one is
        // sent as given (edges and back would move a half-point value across a rounding).
        var box = visible
        var shown = Box(frame) == visible ? frame : visible.frame
        if drawsContent && type.usesContentFrame {
            let clipped = Box(content).intersection(contentClip)
            if clipped.hasArea {
                box = clipped
                shown = Box(content) == clipped ? content : clipped.frame
            } else if background || border {
                // The content shows nowhere: what is left is a background or a border.
                type = .view
            } else {
                stats[Box(content).hasArea ? .clipped : .zeroArea] += 1
                return
            }
        }
        var text: String?
        if type.carriesText, hasText, decision.emission(for: appearance.textField) == .keep { text = appearance.text }
        // Opaque where its background shows square: clipped, and clear of its own
        // rounded corners and its rounded clipping ancestors'.
        var opaque: Int32 = -1
        if let coverClip, appearance.backgroundColor?.isOpaque ?? false {
            var area = visible.intersection(coverClip)
            if radius > 0 { area = area.intersection(Box(frame).inset(by: radius)) }
            if area.hasArea {
                opaque = Int32(opaqueBoxes.count)
                opaqueBoxes.append(area)
            }
        }
        let drawn = Drawn(extent: background || border ? box.union(visible) : box, opaque: opaque, node: node)
        if views.count < covering.count {
            covering[views.count] = drawn
        } else {
            covering.append(drawn)
        }
        views.append(ReplayView(type: type, frame: shown, text: text))
    }

    /// Types that draw something of their own even without text or an image.
    private static func drawsItself(_ type: ReplayViewType) -> Bool {
        switch type {
        case .image, .toggle, .webView, .textInput, .secureText, .maskedImage, .maskedSwiftUIText, .map: return true
        case .label, .button, .view, .maskedText: return false
        }
    }

    /// A corner radius, for covering: not a number counts as infinite (the view covers
    /// nothing), a negative one as 0.
    private static func radius(_ value: Double) -> Double {
        value.isNaN ? .infinity : max(0, value)
    }

    /// A view's own alpha, in 0...1; not a number counts as 0 (not drawn).
    private static func alpha(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        return min(value, 1)
    }

    // MARK: Drawing order

    /// The drawn views back to front: pre-order, siblings ordered by `zIndex` (stable).
    private func drawingOrder() -> [Int32] {
        let count = nodes.count
        var firstChild = [Int32](repeating: -1, count: count)
        var nextSibling = [Int32](repeating: -1, count: count)
        var roots: [Int32] = []
        var items = [Int32](repeating: -1, count: count)
        for item in views.indices { items[Int(covering[item].node)] = Int32(item) }
        for node in stride(from: count - 1, through: 0, by: -1) {
            let parent = nodes[node].parent
            if parent >= 0 {
                nextSibling[node] = firstChild[Int(parent)]
                firstChild[Int(parent)] = Int32(node)
            } else {
                roots.append(Int32(node))
            }
        }
        var order: [Int32] = []
        order.reserveCapacity(views.count)
        var pending = sortedByZ(roots.reversed())
        pending.reverse()
        var siblings: [Int32] = []
        while let node = pending.popLast() {
            if items[Int(node)] >= 0 { order.append(items[Int(node)]) }
            siblings.removeAll(keepingCapacity: true)
            var child = firstChild[Int(node)]
            while child >= 0 {
                siblings.append(child)
                child = nextSibling[Int(child)]
            }
            for child in sortedByZ(siblings).reversed() { pending.append(child) }
        }
        return order
    }

    /// Siblings ordered by `zIndex`, ties in their own order.
    private func sortedByZ<S: Sequence<Int32>>(_ siblings: S) -> [Int32] {
        let list = Array(siblings)
        guard list.contains(where: { nodes[Int($0)].z != nodes[Int(list[0])].z }) else { return list }
        return list.sorted { (nodes[Int($0)].z, $0) < (nodes[Int($1)].z, $1) }
    }
}
