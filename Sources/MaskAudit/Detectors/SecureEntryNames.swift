/// Recognises names and labels that say a text input is for a secret: a password, PIN,
/// passcode, one-time code, CVV or card number. Used on an input's own identifiers,
/// hint and content description, on the containers that label it (Android float-label
/// widgets such as `TextInputLayout` carry the id and hint; the `EditText` inside is
/// generic), and on the label just before it.
public enum SecureEntryNames {
    /// Words (after ``IdentifierHints/words(of:)``) that name secure entry.
    static let words: Set<String> = [
        "password", "passwd", "pwd", "passcode", "passphrase", "pin", "otp", "totp", "cvv", "cvc", "cvv2", "csc",
        "passwort", "kennwort", "contraseña", "contrasena", "senha", "wachtwoord", "lösenord", "losenord",
        "adgangskode", "salasana", "hasło", "haslo", "heslo", "jelszó", "parola", "sandi", "пароль", "şifre", "sifre",
    ]

    /// The words found inside longer words (`newpassword`), longest first.
    static let gluable: [String] = words.filter { $0.count >= 5 }.sorted { ($0.count, $0) > ($1.count, $1) }

    /// Phrases of several words that name secure entry.
    static let phrases: [[String]] = [
        ["card", "number"], ["card", "no"], ["card", "num"], ["credit", "card"], ["debit", "card"], ["cc", "number"],
        ["security", "code"], ["verification", "code"], ["mot", "de", "passe"], ["kata", "sandi"], ["mật", "khẩu"],
    ]

    /// Runs of letters in scripts written without spaces, matched anywhere.
    static let fragments = ["密码", "密碼", "パスワード", "暗証番号", "비밀번호", "รหัสผ่าน", "كلمة المرور", "סיסמה", "पासवर्ड"]

    /// The words of `name` that say it is for secure entry, or nil when none does.
    public static func match(_ name: String) -> [String]? {
        // Android resource ids are `package:id/name`: only the name says what the view is.
        var name = name
        if let colon = name.firstIndex(of: ":"), name[colon...].hasPrefix(":id/") {
            name = String(name[name.index(colon, offsetBy: 4)...])
        }
        let split = IdentifierHints.words(of: name)
        var found: [String] = []
        for word in split where words.contains(word) && !found.contains(word) { found.append(word) }
        // Glued forms: `cardnumber`, `ccnum`, `newpassword`.
        for word in split where found.isEmpty {
            if let glued = gluable.first(where: { word.count > $0.count && word.contains($0) }) { found.append(glued) }
        }
        for phrase in phrases where split.count >= phrase.count {
            for start in 0...(split.count - phrase.count) where Array(split[start..<start + phrase.count]) == phrase {
                let text = phrase.joined(separator: " ")
                if !found.contains(text) { found.append(text) }
                break
            }
        }
        for fragment in fragments where contains(name, fragment) && !found.contains(fragment) { found.append(fragment) }
        return found.isEmpty ? nil : found
    }

    /// Whether `text` holds `fragment`, compared by Unicode scalars.
    static func contains(_ text: String, _ fragment: String) -> Bool {
        let haystack = Array(text.unicodeScalars), needle = Array(fragment.unicodeScalars)
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
