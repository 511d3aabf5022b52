extension ValueDetectors {
    /// Prefixes of API keys and tokens that name their issuer.
    static let secretPrefixes = [
        "sk_live_", "sk_test_", "pk_live_", "rk_live_", "sk-proj-", "ghp_", "gho_", "ghs_", "github_pat_", "glpat-",
        "xoxb-", "xoxp-", "xapp-", "AKIA", "AIza", "ya29.", "shpat_",
    ]

    /// PEM private keys (`-----BEGIN ... PRIVATE KEY-----`; certificates are public),
    /// known token prefixes followed by 8 characters or more, JSON Web Tokens, and long
    /// machine-generated words: 24 characters or more of letters, digits and `_-+/=`,
    /// mixing upper case, lower case and digits, and switching between them at least
    /// once every three characters (`MachineTokens.looksGenerated`). Not secrets: paths
    /// (`/storage/emulated/0/Android/`), file names (a dot is not in the alphabet), and
    /// names that switch too seldom (`Screenshot_20160305_WhatsApp`).
    static func containsSecret(_ text: String) -> Bool {
        if text.contains("-----BEGIN"), text.contains("PRIVATE KEY-----") { return true }
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "," }) {
            if secretPrefixes.contains(where: { word.hasPrefix($0) && word.count >= $0.count + 8 }) { return true }
            if word.hasPrefix("eyJ"), word.split(separator: ".").count == 3, word.count >= 30 { return true }
            guard word.count >= 24, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-+/=".contains($0)) }) else { continue }
            let trimmed = MachineTokens.trimmingPunctuation(word)
            guard !MachineTokens.isPath(trimmed) else { continue }
            let upper = word.contains { $0.isUppercase }, lower = word.contains { $0.isLowercase }, digit = word.contains { $0.isNumber }
            if upper && lower && digit && MachineTokens.looksGenerated(word, minimumLength: 20) { return true }
        }
        return false
    }
}
