/// The words and grammars ``FieldShape`` checks structural values against: the
/// platforms' own constants, never anything a user could choose. A value outside them
/// is masked in a masked view, so the lists err on the short side.
public enum ShapeVocabulary {
    /// The longest value read as a flag, a token list, a colour or a font name, in bytes.
    static let maximumLength = 256

    /// Enumeration constants, lower-cased, without `_`, `-` and `.`: UIKit's keyboard
    /// types, text content types, content modes, text alignments, line-break modes and
    /// font weights; Android's input types, autofill hints, gravities, ellipsizes and
    /// visibilities; the web's and Flutter's equivalents.
    public static let tokens: Set<String> = Set([
        // UIKeyboardType
        "default", "asciicapable", "numbersandpunctuation", "url", "numberpad", "phonepad", "namephonepad",
        "emailaddress", "decimalpad", "twitter", "websearch", "asciicapablenumberpad", "alphabet",
        // UITextContentType and Android / androidx autofill hints
        "name", "nameprefix", "namesuffix", "givenname", "middlename", "familyname", "nickname",
        "organizationname", "jobtitle", "location", "fullstreetaddress", "streetaddressline1",
        "streetaddressline2", "addresscity", "addresscityandstate", "addressstate", "postalcode",
        "sublocality", "countryname", "username", "password", "newpassword", "onetimecode",
        "telephonenumber", "creditcardnumber", "creditcardname", "creditcardgivenname",
        "creditcardmiddlename", "creditcardfamilyname", "creditcardsecuritycode", "creditcardexpiration",
        "creditcardexpirationmonth", "creditcardexpirationyear", "creditcardexpirationday",
        "creditcardexpirationdate", "creditcardtype", "birthdate", "birthdateday", "birthdatemonth",
        "birthdateyear", "birthdatefull", "datetime", "flightnumber", "shipmenttrackingnumber",
        "cellulareid", "cellularimei", "phone", "phonenumber", "phonenumberdevice", "phonecountrycode",
        "phonenational", "postaladdress", "newusername", "smsotpcode", "emailotpcode", "2faappotpcode",
        "personname", "persongivenname", "personfamilyname", "personmiddlename", "personmiddleinitial",
        "personnameprefix", "personnamesuffix", "addresscountry", "addressregion", "addresslocality",
        "streetaddress", "extendedaddress", "extendedpostalcode", "gender", "wifipassword",
        "giftcardnumber", "giftcardpin", "promocode", "upivpa", "email", "tel", "off", "on",
        "currentpassword", "onetimecode", "cc", "ccnumber", "ccname", "ccexp", "ccexpmonth", "ccexpyear",
        "cccsc", "cctype", "country", "organization", "bday",
        // UIView.ContentMode
        "scaletofill", "scaleaspectfit", "scaleaspectfill", "redraw", "center", "top", "bottom", "left",
        "right", "topleft", "topright", "bottomleft", "bottomright",
        // NSTextAlignment, Android gravity and text alignment
        "justified", "natural", "textstart", "textend", "viewstart", "viewend", "gravity", "inherit",
        "start", "end", "centerhorizontal", "centervertical", "fillhorizontal", "fillvertical", "fill",
        "clip", "cliphorizontal", "clipvertical", "nogravity", "leading", "trailing", "justify",
        // NSLineBreakMode, Android ellipsize
        "bywordwrapping", "bycharwrapping", "byclipping", "bytruncatinghead", "bytruncatingtail",
        "bytruncatingmiddle", "wordwrapping", "charwrapping", "clipping", "truncatinghead",
        "truncatingtail", "truncatingmiddle", "middle", "marquee", "none", "ellipsis", "fade", "visible",
        // visibility
        "invisible", "gone", "hidden", "collapsed",
        // font weights
        "ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
        "normal", "bolder", "lighter", "extralight", "extrabold", "demibold",
        "w100", "w200", "w300", "w400", "w500", "w600", "w700", "w800", "w900",
        // Android input types (the XML names and the InputType constants without TYPE_)
        "text", "textcapcharacters", "textcapwords", "textcapsentences", "textautocorrect",
        "textautocomplete", "textmultiline", "textimemultiline", "textnosuggestions", "texturi",
        "textemailaddress", "textemailsubject", "textshortmessage", "textlongmessage", "textpersonname",
        "textpostaladdress", "textpassword", "textvisiblepassword", "textwebedittext", "textfilter",
        "textphonetic", "textwebemailaddress", "textwebpassword", "textenabletextconversionsuggestions",
        "number", "numbersigned", "numberdecimal", "numberpassword", "date", "time",
        "class", "classtext", "classnumber", "classphone", "classdatetime", "mask", "maskclass",
        "maskvariation", "maskflags", "null", "variation", "variationnormal", "flag",
        "signed", "decimal", "multiline", "capwords", "capcharacters", "capsentences", "nosuggestions",
        "autocorrect", "autocomplete", "imemultiline", "uri", "emailsubject", "shortmessage",
        "longmessage", "visiblepassword", "webedittext", "filter", "phonetic", "webemailaddress",
        "webpassword",
        // Flutter's TextInputType and the web's input types
        "multiline", "emailaddress", "datetime", "streetaddress", "search", "numeric",
        "unspecified", "automatic",
    ])

    /// Colour names, lower-cased, without `_`, `-` and `.`, and without a `system`,
    /// `ui` or `color` prefix or a `color` suffix.
    public static let colourNames: Set<String> = Set([
        "clear", "transparent", "black", "white", "gray", "grey", "red", "green", "blue", "yellow",
        "orange", "purple", "brown", "cyan", "magenta", "pink", "indigo", "teal", "mint",
        "lightgray", "darkgray", "lightgrey", "darkgrey", "label", "secondarylabel", "tertiarylabel",
        "quaternarylabel", "background", "secondarybackground", "tertiarybackground",
        "groupedbackground", "secondarygroupedbackground", "tertiarygroupedbackground", "separator",
        "opaqueseparator", "link", "placeholdertext", "fill", "secondaryfill", "tertiaryfill",
        "quaternaryfill", "tint", "accent", "primary", "secondary", "surface", "onsurface",
        "onprimary", "onsecondary", "error", "onerror", "holoblue", "holobluelight", "holobluedark",
        "hologreenlight", "hologreendark", "holoredlight", "holoreddark", "holoorangelight",
        "holoorangedark", "holopurple", "primarytext", "secondarytext", "tertiarytext",
        "windowbackground", "darker", "lighter", "currentcolor", "none",
    ])

    /// Colour functions and colour spaces that may precede a colour's numbers.
    static let colourSpaces: Set<String> = Set([
        "rgb", "rgba", "argb", "hsl", "hsla", "hsb", "hsba", "hwb", "color", "srgb", "extendedsrgb",
        "displayp3", "uiextendedsrgbcolorspace", "uiextendedgraycolorspace", "uidevicergbcolorspace",
        "uidevicewhitecolorspace", "uidisplayp3colorspace", "uicustomcolorspace",
        "nscalibratedrgbcolorspace", "nsdevicergbcolorspace", "kcgcolorspacemodelrgb",
        "kcgcolorspacesrgb", "genericrgb", "genericgray", "lab", "lch", "oklab", "oklch",
        "uicolor", "nscolor", "cgcolor", "colorfromargb", "colorfromrgbo", "argbcolor", "rgbcolor",
    ])

    /// The members a font object may have (a font's attributes), as captures name them.
    public static let fontAttributes: Set<String> = [
        "name", "family", "familyName", "fontName", "fontFamily", "postScriptName", "postscriptName", "displayName",
        "size", "pointSize", "fontSize", "textSize", "weight", "fontWeight", "style", "fontStyle", "traits",
        "symbolicTraits", "italic", "bold", "isBold", "isItalic", "typeface", "letterSpacing", "lineHeight",
    ]

    /// Words a colour function may name its components with (`UIColor(red: 1, ...)`).
    static let colourComponents: Set<String> = [
        "red", "green", "blue", "alpha", "white", "hue", "saturation", "brightness", "r", "g", "b", "a", "h", "s",
        "l", "w", "opacity", "displayp3red", "from", "none",
    ]

    /// Prefixes a constant may carry (lower-cased, without separators): its type's name.
    static let tokenPrefixes: [String] = [
        "uikeyboardtype", "uitextcontenttype", "uiviewcontentmode", "uicontentmode", "nstextalignment",
        "nslinebreakby", "nslinebreakmode", "uifontweight", "fontweight", "keyboardtype",
        "textinputtype", "inputtype", "typeclass", "typetextvariation", "typetextflag",
        "typenumbervariation", "typenumberflag", "typedatetimevariation", "type", "autofillhint",
        "androidxautofill", "viewautofillhint", "hintconstants", "autofill", "view", "textview",
        "gravity", "textutilstruncateat", "truncateat", "ellipsize", "textalignment", "contentmode",
        "linebreakmode", "visibility",
    ]

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    @inline(__always)
    static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66) }

    /// A word as the vocabularies hold it: ASCII letters lower-cased and digits, `_`,
    /// `-` and `.` dropped; `nil` for any other byte or an empty result.
    static func normalized(_ word: some Collection<UInt8>) -> String? {
        var scalars: [UInt8] = []
        scalars.reserveCapacity(word.count)
        for byte in word {
            if isLetter(byte) { scalars.append(byte | 0x20) }
            else if isDigit(byte) { scalars.append(byte) }
            else if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") { continue }
            else { return nil }
        }
        return scalars.isEmpty ? nil : String(decoding: scalars, as: UTF8.self)
    }

    /// `true`, `false`, `yes`, `no`, `0` or `1`, in any case.
    static func isFlag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 5, let word = normalized(bytes) else { return false }
        return word == "true" || word == "false" || word == "yes" || word == "no" || word == "0" || word == "1"
    }

    /// Words of ``tokens`` (each with or without a prefix of ``tokenPrefixes``, or the
    /// `text` variant of a word) separated as ``isTokenSeparator(_:)`` says; at least one,
    /// and at most one raw value (three digits, or a hex literal) among them. Digits on
    /// their own are not a constant: an enumeration's raw value is a JSON number, and a
    /// string of digits there may be what a user typed.
    static func isToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= maximumLength else { return false }
        var words = 0, numbers = 0
        for word in bytes.split(whereSeparator: isTokenSeparator) {
            guard let word = normalized(word), isConstant(word) else { return false }
            words += 1
            // One raw value at most (`NSTextAlignment(rawValue: 1)`): "481 926" or
            // "07,12,85" are a code and a date in groups, not constants.
            if word.utf8.allSatisfy(isDigit) || (word.hasPrefix("0x") && !tokens.contains(word)) {
                numbers += 1
                guard numbers <= 1 else { return false }
            }
        }
        return words > 0
    }

    /// What separates the words of a token list: spaces, `, ; | : = / ' "` and
    /// brackets (`[password]`, `UITextContentType(_rawValue: password)`).
    static func isTokenSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "="),
             UInt8(ascii: "/"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }

    /// Whether a normalized word is a constant of ``tokens``, perhaps behind a prefix,
    /// or a type's name (a prefix on its own, `rawValue`).
    static func isConstant(_ word: String) -> Bool {
        if tokens.contains(word) || word == "rawvalue" || tokenPrefixes.contains(word) { return true }
        // A raw value among the words (`NSTextAlignment(rawValue: 1)`), or a hex one (`0x81`).
        let bytes = word.utf8
        if bytes.count <= 3, bytes.allSatisfy(isDigit) { return true }
        if bytes.count > 2, bytes.count <= 10, bytes.starts(with: "0x".utf8), bytes.dropFirst(2).allSatisfy(isHex) { return true }
        for prefix in tokenPrefixes where word.hasPrefix(prefix) {
            let rest = String(word.dropFirst(prefix.count))
            if tokens.contains(rest) || tokens.contains("text" + rest) { return true }
        }
        return false
    }

    /// A colour: `#`/`0x` and 3, 4, 6 or 8 hex digits; a resource reference
    /// (`@color/name`, `@android:color/white`, `?attr/colorPrimary`); a name of
    /// ``colourNames`` (with its prefixes); or a function or space of ``colourSpaces``
    /// followed by its arguments (``isColourArguments(_:)``).
    static func isColour(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 128 else { return false }
        if let digits = hexDigits(bytes[...]) { return digits == 3 || digits == 4 || digits == 6 || digits == 8 }
        if bytes[0] == UInt8(ascii: "@") || bytes[0] == UInt8(ascii: "?") { return isResourceReference(bytes[1...]) }
        var end = 0
        while end < bytes.count, isLetter(bytes[end]) || isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "_")
            || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "-") {
            end += 1
        }
        if end == bytes.count { return isColourName(bytes[...]) }
        guard let space = normalized(bytes[..<end]), colourSpaces.contains(space) else { return false }
        return isColourArguments(bytes[end...])
    }

    /// The number of hex digits after `#` or `0x` when that is all the bytes hold; nil
    /// for anything else.
    static func hexDigits(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        var rest = bytes
        if rest.first == UInt8(ascii: "#") { rest = rest.dropFirst() }
        else if rest.count > 2, rest.first == UInt8(ascii: "0"), rest[rest.startIndex + 1] | 0x20 == UInt8(ascii: "x") { rest = rest.dropFirst(2) }
        else { return nil }
        return !rest.isEmpty && rest.allSatisfy(isHex) ? rest.count : nil
    }

    /// A colour function's or space's arguments: one to four numbers (at most three
    /// digits before the point, at most 17 after it, perhaps `%` or `deg` after), or one
    /// hex literal (`Color(0xff2196f3)`), each perhaps named by a component
    /// (`red: 1`), separated by spaces, commas, `/`, `:` and parentheses.
    static func isColourArguments(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        var numbers = 0
        for word in bytes.split(whereSeparator: { $0 == 0x20 || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":")
            || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) {
            if let digits = hexDigits(word) {
                guard digits == 6 || digits == 8 else { return false }
                numbers += 1
                continue
            }
            if word.allSatisfy(isLetter) {
                guard let name = normalized(word), colourComponents.contains(name) else { return false }
                continue
            }
            var number = word
            if number.last == UInt8(ascii: "%") { number = number.dropLast() }
            else if number.count > 3, normalized(number.suffix(3)) == "deg" { number = number.dropLast(3) }
            if number.first == UInt8(ascii: "-") || number.first == UInt8(ascii: "+") { number = number.dropFirst() }
            let point = number.firstIndex(of: UInt8(ascii: ".")) ?? number.endIndex
            let whole = number[..<point], fraction = point < number.endIndex ? number[(point + 1)...] : number[number.endIndex...]
            guard !number.isEmpty, whole.count <= 3, fraction.count <= 17, whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
                  !(whole.isEmpty && fraction.isEmpty) else { return false }
            numbers += 1
        }
        return numbers >= 1 && numbers <= 4
    }

    /// An Android resource reference after its `@` or `?`: perhaps a package (Java
    /// identifiers joined by dots) and `:`, then `color/` or `attr/`, then a resource
    /// name (a Java identifier of at most 64 bytes).
    static func isResourceReference(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        var rest = bytes
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
            let package = rest[..<colon]
            guard !package.isEmpty, package.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy(isJavaIdentifier) else { return false }
            rest = rest[(colon + 1)...]
        }
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let type = normalized(rest[..<slash])
        let name = rest[(slash + 1)...]
        return (type == "color" || type == "attr") && name.count <= 64 && isJavaIdentifier(name)
    }

    /// ASCII letters, digits and `_`, not starting with a digit; not empty.
    static func isJavaIdentifier(_ word: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        guard let first = word.first, !isDigit(first) else { return false }
        return word.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// A colour's name: `systemBlue`, `UIColor.red`, `clear`, `Colors.white`.
    static func isColourName(_ name: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        guard var word = normalized(name) else { return false }
        for prefix in ["uicolor", "colors", "color", "system", "ui"] where word.hasPrefix(prefix) && word.count > prefix.count {
            word.removeFirst(prefix.count)
        }
        if word.hasSuffix("color"), word.count > 5 { word.removeLast(5) }
        return colourNames.contains(word)
    }

    /// A number literal (JSON's grammar) of at most `integerDigits` digits before its
    /// point; with `fractionAllowed`, a fraction and an exponent that adds no more
    /// digits before the point; without, an integer.
    public static func isModestNumber(_ literal: UnsafeBufferPointer<UInt8>, integerDigits: Int, fractionAllowed: Bool) -> Bool {
        var i = 0
        let n = literal.count
        if i < n, literal[i] == UInt8(ascii: "-") { i += 1 }
        let wholeStart = i
        while i < n, isDigit(literal[i]) { i += 1 }
        var whole = i - wholeStart
        guard whole > 0 else { return false }
        if i < n, literal[i] == UInt8(ascii: ".") {
            guard fractionAllowed else { return false }
            i += 1
            while i < n, isDigit(literal[i]) { i += 1 }
        }
        if i < n, literal[i] | 0x20 == UInt8(ascii: "e") {
            guard fractionAllowed else { return false }
            i += 1
            var negative = false
            if i < n, literal[i] == UInt8(ascii: "-") || literal[i] == UInt8(ascii: "+") { negative = literal[i] == UInt8(ascii: "-"); i += 1 }
            var exponent = 0
            while i < n, isDigit(literal[i]) {
                exponent = min(exponent * 10 + Int(literal[i] - 0x30), 1_000)
                i += 1
            }
            if !negative { whole += exponent }
        }
        return i == n && whole <= integerDigits
    }

    /// Whether a value detector finds personal data in the bytes: an e-mail address, a
    /// phone, card or account number, a government id (a value of a field's shape is
    /// kept only when none does). Not the `secret` detector: identifiers, class names
    /// and fonts are long code-like words, which is what it looks for. Most values never
    /// reach the detectors: each of those needs an `@` (or `＠`), or eight digits, or six
    /// in 9 bytes (a UK NI number), or two in 15 bytes, which one pass over the bytes
    /// tells.
    static func holdsPersonalData(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0, first: UInt8 = 0, second: UInt8 = 0
        var gated = false
        for byte in bytes {
            if byte == UInt8(ascii: "@") || DetectorFold.isFullwidthAt(first, second, byte) { gated = true; break }
            if isDigit(byte) || (byte >= 0x80 && DetectorFold.endsForeignDigit(first, second, byte)) { digits += 1 }
            first = second
            second = byte
        }
        // A UK NI number (6 digits) takes 9 bytes or more; every other number 8 digits.
        guard gated || digits >= 8 || (digits >= 6 && bytes.count >= 9) || (digits >= 2 && bytes.count >= 15) else { return false }
        return ValueDetectors.scan(String(decoding: bytes, as: UTF8.self)).contains { $0 != .secret }
    }

    /// Whether the `secret` detector finds a secret in the bytes (an API key, a token, a
    /// private key, a long machine-generated word): what identifiers and a screen's name
    /// are read for beside ``holdsPersonalData(_:)``, as the audit reads them (a class
    /// name or a font is not: those are code-like words, which that detector looks for).
    /// One pass over the bytes first: an ASCII secret needs a word of 12 bytes or more
    /// that starts with a token's prefix, of 30 or more that starts with `eyJ` (a JSON
    /// Web Token), of 24 or more with a digit and both cases, or `-----`; text with
    /// other bytes (non-ASCII, which the detectors fold, or controls) is scanned whole.
    /// The fewest bytes a secret ``holdsSecret(_:)`` finds takes (a token prefix and 8 more).
    package static let shortestSecret = 12

    static func holdsSecret(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= shortestSecret else { return false }
        var candidate = false
        var start = 0, upper = false, lower = false, digit = false, dashes = 0
        func ends(_ end: Int) -> Bool {
            let length = end - start
            if length >= 24 && upper && lower && digit { return true }
            guard length >= 12 else { return false }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if length >= 30 && word[0] == UInt8(ascii: "e") && word[1] == UInt8(ascii: "y") && word[2] == UInt8(ascii: "J") { return true }
            // A prefix at the word's start or after a mark inside it (`key=sk_live_…`), as
            // the detector finds one.
            for at in word.indices where at == 0 || !isASCIIAlphanumeric(word[at - 1]) {
                let rest = UnsafeBufferPointer(rebasing: word[at...])
                if ValueDetectors.secretPrefixes.contains(where: { prefix in
                    prefix.utf8CodeUnitCount <= rest.count
                        && zip(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), rest).allSatisfy { $0 == $1 }
                }) { return true }
            }
            return false
        }
        func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        for (index, byte) in bytes.enumerated() {
            // Bytes the detectors may fold or drop (non-ASCII), or read inside a word
            // (controls other than white space): scanned whole.
            if byte >= 0x7F || (byte < 0x20 && !(0x09...0x0D).contains(byte)) { candidate = true; break }
            dashes = byte == UInt8(ascii: "-") ? dashes + 1 : 0
            if dashes >= 5 { candidate = true; break }
            switch byte {
            // Where the detector's words end: white space, quotes, commas.
            case 0x09...0x0D, 0x20, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ","):
                if ends(index) { candidate = true }
                start = index + 1
                upper = false; lower = false; digit = false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"): lower = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            default: break
            }
            if candidate { break }
        }
        if !candidate && !ends(bytes.count) { return false }
        return ValueDetectors.scan(String(decoding: bytes, as: UTF8.self)).contains(.secret)
    }

    /// A font's name: at most 64 bytes of ASCII letters, digits, spaces and `.,_-`, with
    /// a letter, and no run of more than three digits.
    static func isFontName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        var letters = 0, run = 0
        for byte in bytes {
            if isDigit(byte) {
                run += 1
                guard run <= 3 else { return false }
                continue
            }
            run = 0
            if isLetter(byte) { letters += 1; continue }
            guard byte == 0x20 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-") else { return false }
        }
        return letters > 0
    }
}
