/// Recognises identifiers and labels that say a view holds sensitive data
/// (`login.password`, `cardNumberField`, `ssn_input`), word by word so `spinner` is
/// not taken for a PIN.
public enum IdentifierHints {
    /// Words that mark sensitive content, and whether the content is secure entry.
    static let words: [String: Bool] = [
        "password": true, "passwd": true, "passcode": true, "pin": true, "otp": true, "cvv": true, "cvc": true,
        "secret": true, "totp": true, "2fa": true, "mfa": true,
        "card": false, "iban": false, "ssn": false, "email": false, "mail": false, "phone": false, "mobile": false,
        "address": false, "birth": false, "birthday": false, "dob": false, "salary": false, "passport": false,
        "license": false, "licence": false, "tax": false, "account": false, "routing": false, "balance": false,
    ]

    /// Splits an identifier into lower-case words at punctuation, digits boundaries and
    /// camelCase humps.
    public static func words(of identifier: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previousLower = false
        for character in identifier {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { result.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase && previousLower {
                result.append(current)
                current = ""
            }
            current.append(contentsOf: character.lowercased())
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The sensitive words an identifier contains, and whether any means secure entry.
    public static func match(_ identifier: String) -> (words: [String], secure: Bool)? {
        // Android resource ids are `package:id/name`: only the name says what the view is.
        var name = identifier
        if let colon = identifier.firstIndex(of: ":"), identifier[colon...].hasPrefix(":id/") {
            name = String(identifier[identifier.index(colon, offsetBy: 4)...])
        }
        var found: [String] = []
        for word in words(of: name) where words[word] != nil && !found.contains(word) { found.append(word) }
        guard !found.isEmpty else { return nil }
        return (found, found.contains { words[$0] == true })
    }
}
