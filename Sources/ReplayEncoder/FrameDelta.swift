/// What changed between a full frame and a later one: the views removed from it,
/// those changed in place, and those added, found by comparing the two lists' common
/// beginning and end and then the middles position by position.
///
/// - Complexity: O(n).
struct FrameDelta {
    /// Indices in the base of views removed (ascending).
    var removed: [Int] = []
    /// Indices in the base of views changed (ascending) and what they become.
    var changed: [(index: Int, view: ReplayView)] = []
    /// Indices in the new frame of views added (ascending) and the views.
    var added: [(index: Int, view: ReplayView)] = []

    init(base: [ReplayView], new: [ReplayView]) {
        var prefix = 0
        while prefix < base.count && prefix < new.count && base[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < base.count - prefix && suffix < new.count - prefix && base[base.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let baseMiddle = base.count - prefix - suffix, newMiddle = new.count - prefix - suffix
        let paired = min(baseMiddle, newMiddle)
        for offset in 0..<paired where base[prefix + offset] != new[prefix + offset] {
            changed.append((prefix + offset, new[prefix + offset]))
        }
        for offset in paired..<max(paired, baseMiddle) { removed.append(prefix + offset) }
        for offset in paired..<max(paired, newMiddle) { added.append((prefix + offset, new[prefix + offset])) }
    }

    /// Appends a count, then each view's gap-coded index and PDU.
    private static func append(_ views: [(index: Int, view: ReplayView)], to out: inout [UInt8]) {
        VarInt.append(views.count, to: &out)
        var next = 0
        for (index, view) in views {
            VarInt.append(index - next, to: &out)
            view.appendPDU(to: &out)
            next = index + 1
        }
    }

    /// Appends the delta's body after the header: base, removed, changed, added, texts.
    func append(base number: Int, to out: inout [UInt8]) {
        VarInt.append(number, to: &out)
        VarInt.append(removed.count, to: &out)
        var next = 0
        for index in removed {
            VarInt.append(index - next, to: &out)
            next = index + 1
        }
        Self.append(changed, to: &out)
        Self.append(added, to: &out)
        // Texts of the views sent again, at their index in the new frame. Changed views
        // keep their base index: removals all come after them (see `init`).
        var texts: [(index: Int, text: String)] = []
        var a = 0
        for (index, view) in changed {
            while a < added.count && added[a].index < index {
                if let text = added[a].view.sendableText { texts.append((added[a].index, text)) }
                a += 1
            }
            if let text = view.sendableText { texts.append((index, text)) }
        }
        while a < added.count {
            if let text = added[a].view.sendableText { texts.append((added[a].index, text)) }
            a += 1
        }
        appendTexts(texts, to: &out)
    }
}
