/// What changed between a full frame and a later one: the views removed from it,
/// those changed in place, and those added.
///
/// The two lists' common beginning and end are set aside; their middles are compared by
/// the shortest edit script (Myers' O(ND) algorithm), so a view inserted or dropped near
/// the top (a row scrolled off, a banner shown) shifts nothing after it. Where a run of
/// removed views meets a run of added ones, they are paired as views changed in place
/// (an index and a PDU each, rather than two indices and a PDU). A middle needing more
/// than ``editLimit`` edits is compared position by position instead.
///
/// - Complexity: O((n + m) · D) for D edits, at most ``editLimit``; else O(n + m).
struct FrameDelta {
    /// Indices in the base of views removed (ascending).
    var removed: [Int] = []
    /// Indices in the base of views changed (ascending), their indices in the new frame,
    /// and what they become.
    var changed: [(index: Int, newIndex: Int, view: ReplayView)] = []
    /// Indices in the new frame of views added (ascending) and the views.
    var added: [(index: Int, view: ReplayView)] = []

    /// The most edits the script is searched for: beyond it, a delta would rarely be
    /// smaller than a full frame.
    static let editLimit = 256

    init(base: [ReplayView], new: [ReplayView]) {
        var prefix = 0
        while prefix < base.count && prefix < new.count && base[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < base.count - prefix && suffix < new.count - prefix && base[base.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let a = base[prefix..<(base.count - suffix)], b = new[prefix..<(new.count - suffix)]
        guard let script = Self.editScript(a, b, limit: Self.editLimit) else {
            // Position by position.
            let paired = min(a.count, b.count)
            for offset in 0..<paired where a[prefix + offset] != b[prefix + offset] {
                changed.append((prefix + offset, prefix + offset, b[prefix + offset]))
            }
            for offset in paired..<max(paired, a.count) { removed.append(prefix + offset) }
            for offset in paired..<max(paired, b.count) { added.append((prefix + offset, b[prefix + offset])) }
            return
        }
        // Walk both middles; between kept views, pair the removed and added ones.
        var i = a.startIndex, j = b.startIndex
        func settleHunk(until endA: Int, _ endB: Int) {
            while i < endA && j < endB {
                changed.append((i, j, b[j]))
                i += 1
                j += 1
            }
            while i < endA { removed.append(i); i += 1 }
            while j < endB { added.append((j, b[j])); j += 1 }
        }
        for (keptA, keptB) in script {
            settleHunk(until: keptA, keptB)
            i = keptA + 1
            j = keptB + 1
        }
        settleHunk(until: a.endIndex, b.endIndex)
    }

    /// The pairs of indices (in `a`, in `b`) a shortest edit script keeps, ascending;
    /// nil when it needs more than `limit` insertions and deletions.
    static func editScript(_ a: ArraySlice<ReplayView>, _ b: ArraySlice<ReplayView>, limit: Int) -> [(Int, Int)]? {
        let n = a.count, m = b.count
        let most = min(limit, n + m)
        let offset = most + 1
        // v[offset + k]: the furthest x reached on diagonal k (y = x - k).
        var v = [Int](repeating: 0, count: 2 * most + 3)
        var trace: [[Int]] = []
        var found = -1
        search: for d in 0...most {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[a.startIndex + x] == b[b.startIndex + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = d
                    break search
                }
            }
        }
        guard found >= 0 else { return nil }
        // Back from the end: each step's diagonal run is kept.
        var kept: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: found, to: 0, by: -1) {
            let before = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && before[offset + k - 1] < before[offset + k + 1]) ? k + 1 : k - 1
            let previousX = before[offset + previousK], previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                kept.append((a.startIndex + x, b.startIndex + y))
            }
            x = previousX
            y = previousY
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            kept.append((a.startIndex + x, b.startIndex + y))
        }
        return kept.reversed()
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
        Self.append(changed.map { ($0.index, $0.view) }, to: &out)
        Self.append(added, to: &out)
        // Texts of the views sent again, at their index in the new frame (both lists
        // ascend in it).
        var texts: [(index: Int, text: String)] = []
        var a = 0
        for (_, index, view) in changed {
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
