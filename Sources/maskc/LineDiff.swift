/// A unified diff of two texts, line by line, for `fmt --check --diff`.
enum LineDiff {
    /// The largest product of line counts diffed; beyond it the diff says only that the
    /// files differ.
    static let maximumWork = 4_000_000

    /// `--- NAME` / `+++ NAME (formatted)` and hunks with two lines of context.
    /// - Complexity: O(n * m) for texts of n and m lines.
    static func unified(old: [UInt8], new: [UInt8], name: String, context: Int = 2) -> String {
        let a = lines(old), b = lines(new)
        var out = "--- \(name)\n+++ \(name) (formatted)\n"
        guard a.count * b.count <= maximumWork else { return out + "@@ the files differ (too long to diff) @@\n" }
        // Longest common subsequence, from the end.
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        // Edit script: (kind, line in a, line in b).
        var script: [(Character, Int, Int)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                script.append((" ", i, j)); i += 1; j += 1
            } else if i < a.count && (j == b.count || table[i + 1][j] >= table[i][j + 1]) {
                script.append(("-", i, j)); i += 1
            } else {
                script.append(("+", i, j)); j += 1
            }
        }
        var index = 0
        while index < script.count {
            guard script[index].0 != " " else { index += 1; continue }
            var start = max(0, index - context), end = index
            // Extend the hunk while changes are within 2 * context lines of each other.
            var last = index
            while end < script.count {
                if script[end].0 != " " { last = end }
                if end - last > 2 * context { break }
                end += 1
            }
            end = min(script.count, last + context + 1)
            start = max(0, start)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.0 != "+" }.count, newCount = hunk.filter { $0.0 != "-" }.count
            let oldStart = hunk.first.map { $0.1 + (oldCount == 0 ? 0 : 1) } ?? 0
            let newStart = hunk.first.map { $0.2 + (newCount == 0 ? 0 : 1) } ?? 0
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for (kind, i, j) in hunk { out += "\(kind)\(kind == "+" ? b[j] : a[i])\n" }
            index = end
        }
        return out
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        var text = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.last == "" { text.removeLast() }
        return text
    }
}
