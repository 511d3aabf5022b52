/// `# maskc:disable=RULE-ID[,RULE-ID...] reason` comments, which silence a finding on
/// the comment's line or the line below it.
public struct Suppression: Sendable, Hashable, Codable {
    /// The line the comment is on.
    public var line: Int
    /// The rule ids it silences.
    public var ruleIDs: [String]
    /// The text after the ids.
    public var reason: String

    static let marker = "maskc:disable="

    /// Every suppression comment in a policy's source.
    static func scan(_ source: [UInt8]) -> [Suppression] {
        var found: [Suppression] = []
        for (index, line) in source.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            guard let hash = text.firstIndex(of: "#") else { continue }
            let comment = text[text.index(after: hash)...].drop { $0 == " " }
            guard comment.hasPrefix(marker) else { continue }
            let rest = comment.dropFirst(marker.count)
            let ids = rest.prefix { !$0.isWhitespace }
            let reason = rest.dropFirst(ids.count).trimmingCharacters()
            found.append(Suppression(line: index + 1, ruleIDs: ids.split(separator: ",").map(String.init), reason: reason))
        }
        return found
    }

    /// Whether this comment silences a finding of `ruleID` reported on `line` (or at a
    /// rule that starts on `line`).
    func silences(_ ruleID: String, lines: [Int]) -> Bool {
        ruleIDs.contains(ruleID) && lines.contains { $0 == line || $0 == line + 1 }
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
