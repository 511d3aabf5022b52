extension ValueDetectors {
    /// Prefixes of API keys and tokens that name their issuer.
    static let secretPrefixes: [StaticString] = [
        "sk_live_", "sk_test_", "pk_live_", "rk_live_", "sk-proj-", "ghp_", "gho_", "ghs_", "github_pat_", "glpat-",
        "xoxb-", "xoxp-", "xapp-", "AKIA", "AIza", "ya29.", "shpat_",
    ]

    /// PEM private keys (`-----BEGIN ... PRIVATE KEY-----`; certificates are public),
    /// known token prefixes followed by 8 characters or more (at a word's start or after
    /// a mark inside it: `key=sk_live_…`, `row-ghp_…`), JSON Web Tokens, and long
    /// machine-generated words: 24 characters or more of letters, digits and `_-+/=`,
    /// mixing upper case, lower case and digits, and switching between them at least
    /// once every three characters (`MachineTokens.looksGenerated`). Not secrets: paths
    /// (`/storage/emulated/0/Android/`), file names (a dot is not in the alphabet), and
    /// names that switch too seldom (`Screenshot_20160305_WhatsApp`).
    static func containsSecret(_ text: DetectorText) -> Bool {
        let all = 0..<text.count
        if text.contains(all, "-----BEGIN"), text.contains(all, "PRIVATE KEY-----") { return true }
        for word in text.split(all, where: { text[$0].isWhitespace || text.character($0, isOneOf: "\"',") }) {
            // A prefix starts the word or follows a mark inside it: `key=sk_live_…`,
            // `secret:sk_live_…`, `tok-ghp_…`, `Bearer(ya29.…)`.
            for start in word where start == word.lowerBound || !(text[start - 1].isLetter || text[start - 1].isNumber) {
                let rest = start..<word.upperBound
                if secretPrefixes.contains(where: { text.hasPrefix(rest, $0) && rest.count >= $0.utf8CodeUnitCount + 8 }) { return true }
            }
            if text.hasPrefix(word, "eyJ"), text.split(word, where: { text.character($0, is: UInt8(ascii: ".")) }).count == 3,
               word.count >= 30 {
                return true
            }
            guard word.count >= 24, word.allSatisfy({ text[$0].isASCII && (text[$0].isLetter || text[$0].isNumber || text.character($0, isOneOf: "_-+/=")) })
            else { continue }
            guard !MachineTokens.isPath(text, MachineTokens.trimmingPunctuation(text, word)) else { continue }
            let upper = word.contains { text[$0].isUppercase }, lower = word.contains { text[$0].isLowercase }
            let digit = word.contains { text[$0].isNumber }
            if upper && lower && digit && MachineTokens.looksGenerated(text, word, minimumLength: 20) { return true }
        }
        return false
    }
}
