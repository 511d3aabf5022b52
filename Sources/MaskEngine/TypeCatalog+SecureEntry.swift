/// Which input classes are secure entry by their names: an app's `PasswordEditText`,
/// `MySecureTextField`, Flutter's `FlutterSecureTextInputView`, Stripe's `CvcEditText`.
extension TypeCatalog {
    /// The kind a class chain gives its views: the first kind declared along it, except
    /// that a chain that takes text input (``isTextInputClass(_:)`` along it) is
    /// `secure-text` when a class before that declaration, with no kind of its own, is
    /// named for secure entry (``namesSecureEntry(_:)``). A developer who named a field
    /// `PasswordTextField` meant a password, marker or not: when in doubt, mask. A
    /// policy that declares such a class with a kind (`kind: text`) decides for it.
    ///
    /// The one rule, asked by every path that derives a chain's kind (the catalog's
    /// ``kind(along:)`` and ``summary(of:)``, the resolver's class steps).
    /// - Parameters:
    ///   - declared: the first kind declared along the chain, if any.
    ///   - takesInput: whether a class of the chain takes text input.
    ///   - undeclaredNamesSecureEntry: whether a class before the first declared kind
    ///     is named for secure entry (asked only when the chain takes input and is not
    ///     secure already).
    @inline(__always)
    static func chainKind(declared: ViewKind?, takesInput: Bool, undeclaredNamesSecureEntry: () -> Bool) -> ViewKind {
        if takesInput, declared != .secureText, declared != .map, undeclaredNamesSecureEntry() { return .secureText }
        return declared ?? .other
    }

    /// Whether a class name says its views are for secure entry: a word of its simple
    /// name (after its module or package, a nested class's `$`, before generic
    /// arguments; words split at case changes, digits kept with their letters, and at
    /// anything else) is one of ``secureEntryWords`` or holds one of
    /// ``secureEntryGlued``, or two or three words in a row are one of
    /// ``secureEntryPhrases``, in any case (`PasswordEditText`, `OTPTextField`,
    /// `Pincode_field`, `CardNumberEditText`, `STPPaymentCardTextField`); digits after a
    /// word are dropped (`Pin6Field`); an anonymous class (`Outer$passwordField$1`) is
    /// read by the name it is numbered in. ASCII only.
    /// `SpinnerTextField` and `ShippingTextField` hold no word `pin`.
    /// - Complexity: O(n) for a name of n bytes; no allocation.
    public static func namesSecureEntry(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            var start = 0, end = bytes.count
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    end = index
                    break
                }
                if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "$") { start = index + 1 }
            }
            // A class nested in a generic type (`MyApp.LoginView<Swift.Int>.PasswordField`,
            // as `String(reflecting:)` writes it): its own name follows the last `>`.
            if end < bytes.count, let close = bytes.lastIndex(of: UInt8(ascii: ">")), close + 1 < bytes.count,
               let separator = bytes[(close + 1)...].lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "$") }) {
                start = separator + 1
                end = bytes.count
            }
            // An anonymous class (`LoginFragment$passwordField$1`): the name it is numbered in.
            // Nested ones (`Outer$1$2`) by the first name numbered; a top-level class's
            // (`PinField$1`) by the name from the start.
            while start > 1, bytes[start - 1] == UInt8(ascii: "$"), start < end, bytes[start..<end].allSatisfy({ $0 &- 0x30 < 10 }) {
                let outer = bytes[..<(start - 1)].lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: ">") })
                end = start - 1
                start = (outer ?? -1) + 1
            }
            // The last words read, for phrases (as ranges; -1: none).
            var previous = (-1, -1), beforePrevious = (-1, -1)
            var index = start
            while index < end {
                guard isWordByte(bytes[index]) else {
                    index += 1
                    continue
                }
                var next = index + 1
                while next < end, isWordByte(bytes[next]) {
                    let byte = bytes[next], before = bytes[next - 1]
                    // `fooBar`: a capital after a small letter or digit starts a word;
                    // `OTPText`: the last capital of a run before a small letter does.
                    if isUpper(byte) && !isUpper(before) { break }
                    if isUpper(byte) && isUpper(before) && next + 1 < end && isLower(bytes[next + 1]) { break }
                    next += 1
                }
                let word = UnsafeBufferPointer(rebasing: bytes[index..<next])
                if isSecureEntryWord(word) { return true }
                // A secure input's name glued together (`Pinview`, `OTPFIELD`): see
                // ``namesSecureInput(_:)``.
                if next == end, namesGluedSecureInput(word) { return true }
                // `PINcode` splits as `PI` and `Ncode`: the run with its last capital is a
                // word too (`PIN`), as a reader takes it.
                if next < end, next - index > 1, isUpper(bytes[next]), isUpper(bytes[next - 1]),
                   isSecureEntryWord(UnsafeBufferPointer(rebasing: bytes[index...next])) { return true }
                if word.count > 4, secureEntryGlued.contains(where: { containsFolded(word, $0) }) { return true }
                for phrase in secureEntryPhrases where phraseEnds(phrase, word, previous, beforePrevious, bytes) { return true }
                beforePrevious = previous
                previous = (index, next)
                index = next
            }
            return false
        }
    }

    /// Whether a class name says its views are inputs for secure entry though it ends in
    /// none of ``inputNameEndings``: named for secure entry (``namesSecureEntry(_:)``),
    /// with a last word of ``secureInputLastWords`` (`MyPasswordField`, `PasswordInput`,
    /// `SecurePinEntryView`'s `Entry` before `View`), or `View` after one of those, after
    /// `Code` or `Text`, or after a code's name (``secureViewQualifiers``: `OtpView`,
    /// `PinCodeView`, `PasscodeView`, `OTPTextView`). Such a class takes text input
    /// (``isTextInputClass(_:)``), and so is secure text. `PasswordLabel`,
    /// `ShowPasswordButton` and `PasswordStrengthView` are not inputs.
    /// - Complexity: O(1) for most names (their last two words), O(n) for a name of n
    ///   bytes shaped like an input.
    public static func namesSecureInput(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { namesSecureInput($0) }
    }

    /// ``namesSecureInput(_:)`` over a name's UTF-8 bytes.
    static func namesSecureInput(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = withoutAnonymousSuffix(name)
        guard let last = previousWord(bytes, before: bytes.count) else { return false }
        var lastWord = UnsafeBufferPointer(rebasing: bytes[last])
        // Digits after the last word are a count or a version (`PinField2`).
        var letters = lastWord.count
        while letters > 1, lastWord[letters - 1] &- 0x30 < 10 { letters -= 1 }
        lastWord = UnsafeBufferPointer(rebasing: lastWord[..<letters])
        if !secureInputLastWords.contains(where: { equalFolded(lastWord, $0) }) {
            guard equalFolded(lastWord, viewWord), let before = previousWord(bytes, before: last.lowerBound) else {
                return namesGluedSecureInput(lastWord)
            }
            // Digits after it dropped (`Otp6View`).
            var wordEnd = before.upperBound
            while wordEnd - before.lowerBound > 1, bytes[wordEnd - 1] &- 0x30 < 10 { wordEnd -= 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[before.lowerBound..<wordEnd])
            // `PINcodeView`: the word before `View` read with the capitals before it too.
            var run = before.lowerBound
            while run > 0, isUpper(bytes[run - 1]) { run -= 1 }
            let whole = UnsafeBufferPointer(rebasing: bytes[run..<wordEnd])
            guard secureInputLastWords.contains(where: { equalFolded(word, $0) })
                || secureViewQualifiers.contains(where: { equalFolded(word, $0) }) || gluedHeadNamesSecret(whole, beforeView: true)
            else { return false }
        }
        return namesSecureEntry(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether a class name's last word, written without case changes, is a secure
    /// input's name glued together (`Pinview`, as a widely used Android library names
    /// its PIN field; `OTPFIELD`, `pinview`, `Passwordfield`, `Otptextview`): an input's
    /// last word (``secureInputLastWords``) after a word for secure entry (``secureEntryWords``,
    /// or one holding ``secureEntryGlued``), or `view` after a code's name
    /// (``secureViewQualifiers``, not `code` or `text` alone); either with `code` or
    /// `text` between (`Pincodeview`, `Otptextfield`). `Spinview`, `Textview`, `Codeview`
    /// and `Passwordview` are not.
    private static func namesGluedSecureInput(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var letters = name.count
        while letters > 1, name[letters - 1] &- 0x30 < 10 { letters -= 1 }
        let word = UnsafeBufferPointer(rebasing: name[..<letters])
        guard word.count > 4 else { return false }
        for ending in gluedEndings where word.count > ending.count {
            let split = word.count - ending.count
            guard equalFolded(UnsafeBufferPointer(rebasing: word[split...]), ending) else { continue }
            if gluedHeadNamesSecret(UnsafeBufferPointer(rebasing: word[..<split]), beforeView: ending == viewWord) { return true }
        }
        return false
    }

    /// Whether the head of a glued secure input's name (before its last word) names its
    /// secret, as it is or without a `code` or `text` at its end: a code's name before
    /// `view` (``gluedViewHeads``), else a word for secure entry.
    private static func gluedHeadNamesSecret(_ whole: UnsafeBufferPointer<UInt8>, beforeView: Bool) -> Bool {
        for choice in -1..<gluedMiddles.count {
            var head = whole
            if choice >= 0 {
                let middle = gluedMiddles[choice]
                guard head.count > middle.count,
                      equalFolded(UnsafeBufferPointer(rebasing: head[(head.count - middle.count)...]), middle) else { continue }
                head = UnsafeBufferPointer(rebasing: head[..<(head.count - middle.count)])
            }
            if beforeView {
                if gluedViewHeads.contains(where: { equalFolded(head, $0) }) { return true }
            } else if isSecureEntryWord(head) || (head.count > 4 && secureEntryGlued.contains(where: { containsFolded(head, $0) })) {
                return true
            }
        }
        return false
    }

    /// The endings of a glued secure input's name: an input's last word, or `view`.
    private static let gluedEndings: [[UInt8]] = secureInputLastWords + [viewWord]
    /// The codes whose name before a glued `view` makes it an input (`Pinview`, `Otpview`).
    private static let gluedViewHeads: [[UInt8]] = secureViewQualifiers.filter { !gluedMiddles.contains($0) }

    /// Words a glued secure input's name may hold between its secret's word and its
    /// last word (`Pincodeview`, `Otptextfield`).
    private static let gluedMiddles: [[UInt8]] = [Array("code".utf8), Array("text".utf8)]

    private static let viewWord = Array("view".utf8)

    /// A class name without the numbers of anonymous classes at its end
    /// (`LoginFragment$passwordField` for `LoginFragment$passwordField$1`, `PinField`
    /// for `PinField$1$2`): such a class is read by the name it is numbered in.
    static func withoutAnonymousSuffix(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        while end > 0, bytes[end - 1] &- 0x30 < 10 {
            var dollar = end - 1
            while dollar > 0, bytes[dollar - 1] &- 0x30 < 10 { dollar -= 1 }
            guard dollar > 1, bytes[dollar - 1] == UInt8(ascii: "$") else { break }
            end = dollar - 1
        }
        return UnsafeBufferPointer(rebasing: bytes[..<end])
    }

    /// The last words of an input's class name (`...Field`, `...Input`, `...Entry`).
    static let secureInputLastWords: [[UInt8]] = ["field", "input", "entry", "box", "pad", "keypad", "editor"].map { Array($0.utf8) }
    /// Words before a last `View` that make it an input's (`PinCodeView`, `OTPTextView`,
    /// `OtpView`): a code's, not `Password` (`ForgotPasswordView` is a screen).
    static let secureViewQualifiers: [[UInt8]] = ["code", "text", "otp", "totp", "pin", "pincode", "passcode", "cvv", "cvv2", "cvc", "csc"]
        .map { Array($0.utf8) }

    /// The word of a class name that ends at `end` (separators before `end` skipped): a
    /// run of small letters and digits with the capital before it (`View`), or a run of
    /// capitals (`OTP`); nil at the name's start or a module's `.`.
    private static func previousWord(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Range<Int>? {
        var index = end
        while index > 0, !isWordByte(bytes[index - 1]) {
            if bytes[index - 1] == UInt8(ascii: ".") || bytes[index - 1] == UInt8(ascii: "$") { return nil }
            index -= 1
        }
        let wordEnd = index
        while index > 0, !isUpper(bytes[index - 1]), isWordByte(bytes[index - 1]) { index -= 1 }
        if index < wordEnd {
            if index > 0, isUpper(bytes[index - 1]) { index -= 1 }
        } else {
            while index > 0, isUpper(bytes[index - 1]) { index -= 1 }
        }
        return index < wordEnd ? index..<wordEnd : nil
    }

    /// Words that name secure entry in a class name: passwords, PINs, one-time codes,
    /// card security codes and expiry, and `secure`/`secret` themselves (lowercase).
    static let secureEntryWords: [[UInt8]] = [
        "password", "passwd", "pwd", "passcode", "passphrase", "pin", "pincode", "otp", "totp", "cvv", "cvv2", "cvc", "csc",
        "secure", "secret", "expiry", "expiration",
    ].map { Array($0.utf8) }

    /// Words found inside longer words (`Newpassword`, `Confirmpasscode`).
    static let secureEntryGlued: [[UInt8]] = ["password", "passwd", "passcode", "passphrase"].map { Array($0.utf8) }

    /// Runs of words that name secret content (a card's number, a one-time code).
    static let secureEntryPhrases: [[[UInt8]]] = [
        ["card", "number"], ["card", "num"], ["card", "no"], ["credit", "card"], ["debit", "card"], ["payment", "card"],
        ["security", "code"], ["verification", "code"], ["one", "time", "code"], ["one", "time", "password"],
        ["pass", "code"], ["cc", "number"], ["sms", "code"], ["mfa", "code"], ["two", "factor"], ["seed", "phrase"],
        ["private", "key"],
    ].map { $0.map { Array($0.utf8) } }

    /// Whether a word is one of ``secureEntryWords``, digits after it dropped (a count or
    /// a version: `Pin6Field`, `OtpView2`).
    private static func isSecureEntryWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var letters = word.count
        while letters > 1, word[letters - 1] &- 0x30 < 10 { letters -= 1 }
        let stem = UnsafeBufferPointer(rebasing: word[..<letters])
        return secureEntryWords.contains(where: { equalFolded(word, $0) || equalFolded(stem, $0) })
    }

    /// Whether `word`, with the words before it, ends `phrase`.
    private static func phraseEnds(_ phrase: [[UInt8]], _ word: UnsafeBufferPointer<UInt8>, _ previous: (Int, Int),
                                   _ beforePrevious: (Int, Int), _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard equalFolded(word, phrase[phrase.count - 1]), previous.0 >= 0,
              equalFolded(UnsafeBufferPointer(rebasing: bytes[previous.0..<previous.1]), phrase[phrase.count - 2]) else { return false }
        guard phrase.count == 3 else { return true }
        return beforePrevious.0 >= 0 && equalFolded(UnsafeBufferPointer(rebasing: bytes[beforePrevious.0..<beforePrevious.1]), phrase[0])
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLower(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }

    /// Whether `word` is `lowercase` in any case.
    private static func equalFolded(_ word: UnsafeBufferPointer<UInt8>, _ lowercase: [UInt8]) -> Bool {
        guard word.count == lowercase.count else { return false }
        for index in 0..<word.count where (word[index] | (isUpper(word[index]) ? 0x20 : 0)) != lowercase[index] { return false }
        return true
    }

    /// Whether `word` holds `lowercase` in any case.
    private static func containsFolded(_ word: UnsafeBufferPointer<UInt8>, _ lowercase: [UInt8]) -> Bool {
        guard word.count >= lowercase.count else { return false }
        for start in 0...(word.count - lowercase.count)
        where equalFolded(UnsafeBufferPointer(rebasing: word[start..<(start + lowercase.count)]), lowercase) { return true }
        return false
    }
}
