/// A path pattern for `--exclude` and the config file's `exclude:` lists, with the
/// meaning `.gitignore` gives one:
///
/// - a pattern without `/` matches any one component of the path (a file or folder
///   name): `legacy` excludes every folder called `legacy`, `*.xml` every XML file;
/// - a pattern with `/` matches the whole path, from its start (a leading `./` on either
///   side is ignored), or a folder that holds the path: `Examples/captures` excludes
///   everything under it;
/// - `*` matches within one component, `?` one character of one, `**` any number of
///   whole components (`**/legacy/*.json`).
struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    private(set) var description: String
    private let components: [Substring]
    private let anchored: Bool

    init(_ pattern: String) {
        description = pattern
        var text = Substring(pattern)
        while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
        // A `/` anywhere but at the end anchors it, `./legacy` included (as in `.gitignore`).
        anchored = text.contains("/")
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        components = text.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// A pattern written in a file in folder `base` (`""`, `"../"`, `"config/"`): a
    /// pattern with `/` is relative to that folder, unless it starts with `**`.
    init(anchoredIn base: String, _ pattern: String) {
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        if base.isEmpty || !text.contains("/") || text.hasPrefix("**") || text.hasPrefix("/") {
            self.init(pattern)
        } else {
            self.init(base + text)
        }
        description = pattern
    }

    /// Whether the pattern excludes `path` (a file, or a folder not to walk into).
    func matches(_ path: String) -> Bool {
        var text = Substring(path)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.isEmpty else { return false }
        if !anchored {
            // `.` and `..` are how the path was reached, not names of its folders.
            return parts.contains { $0 != "." && $0 != ".." && Self.matchComponent(Array(components[0].utf8), Array($0.utf8)) }
        }
        // A match of a leading run of components: the path, or a folder holding it.
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(components[...], parts[..<end]) {
            return true
        }
        return false
    }

    /// Whether the pattern's components match the path's components exactly.
    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let first = path.first, matchComponent(Array(head.utf8), Array(first.utf8)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component, by bytes (`?` takes one UTF-8 sequence).
    /// Iterative with one backtrack point: linear in practice, never exponential.
    static func matchComponent(_ pattern: [UInt8], _ name: [UInt8]) -> Bool {
        var p = 0, n = 0
        var star = -1, resume = 0
        while n < name.count {
            if p < pattern.count && pattern[p] == UInt8(ascii: "?") {
                p += 1
                n += sequenceLength(name[n])
                continue
            }
            if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
                star = p
                p += 1
                resume = n
                continue
            }
            if p < pattern.count && pattern[p] == name[n] {
                p += 1
                n += 1
                continue
            }
            guard star >= 0 else { return false }
            p = star + 1
            resume += 1
            n = resume
        }
        while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count && n == name.count
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}

extension Array where Element == PathGlob {
    /// Whether any pattern excludes `path`.
    func excludes(_ path: String) -> Bool { contains { $0.matches(path) } }
}
