import MaskEngine

/// What an XCUITest (or Appium iOS) element's `name` attribute is: the app's
/// accessibility identifier, or text.
///
/// XCUITest reports the identifier as `name` when the app sets one, and otherwise the
/// label; captures also copy a child's label into a container's `name`, or give only a
/// `name` holding the displayed text. Identifiers are emitted in clear even in masked
/// views, so a `name` is taken for an identifier only when the capture shows it is one,
/// and is otherwise text:
///
/// 1. the element has a label or a value, and `name` equals neither;
/// 2. `name` is no text shown or typed elsewhere on the screen: it equals no label or
///    value of another element, no name another element shows as text (a name without a
///    label, or one beside a label that is not shaped like an identifier), and no word
///    of such a text (`jane.doe_1984` in the label `Welcome back, jane.doe_1984`); it
///    holds no value typed in a text input between its separators (`profile.jdoe_1984`
///    beside a field holding `jdoe_1984`); and it equals no name of an element below it
///    (a container that copies a child's text);
/// 3. `name` looks like a developer identifier (``looksLikeIdentifier(_:)``).
///
/// Comparisons ignore case, surrounding and repeated whitespace and invisible characters
/// (``comparable(_:)``), so `NEWS` repeats the label `News`.
enum XCUITestName {
    /// What to do with one element's `name`.
    enum Role: Equatable {
        /// No name, or one that repeats the element's label or value: nothing to emit.
        case absent
        /// The app's accessibility identifier.
        case identifier
        /// Text: emitted where masking treats it as text.
        case text
    }

    /// The role of every element's `name`, in document order.
    /// - Complexity: O(n log n) for n elements.
    static func roles(_ elements: [XMLElement]) -> [Role] {
        var roles = [Role](repeating: .absent, count: elements.count)
        var candidates: [Int] = []
        for (index, element) in elements.enumerated() {
            guard let name = XCUITestImporter.nonEmpty(element.attribute("name")) else { continue }
            let key = comparable(name)
            let label = XCUITestImporter.nonEmpty(element.attribute("label")).map(comparable)
            let value = XCUITestImporter.nonEmpty(element.attribute("value")).map(comparable)
            if key == label || key == value { continue }
            roles[index] = .text
            if (label != nil || value != nil) && looksLikeIdentifier(name) { candidates.append(index) }
        }
        guard !candidates.isEmpty else { return roles }

        // Elements are in document order, so an element's descendants are the range
        // after it up to its subtree's end.
        var subtreeEnd = elements.indices.map { $0 + 1 }
        for index in elements.indices.reversed() {
            let parent = Int(elements[index].parent)
            if parent >= 0 { subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[index]) }
        }
        // Where each candidate name occurs as some element's name; and the text the
        // screen shows (labels, values, names that are text), whole and word by word.
        var occurrences: [String: [Int]] = [:]
        for index in candidates { occurrences[comparable(elements[index].attribute("name") ?? "")] = [] }
        var shown: Set<String> = []
        let isCandidate = Set(candidates)
        for (index, element) in elements.enumerated() {
            for attribute in ["label", "value", "name"] {
                guard let text = XCUITestImporter.nonEmpty(element.attribute(attribute)) else { continue }
                let key = comparable(text)
                if attribute != "name" || (roles[index] == .text && !isCandidate.contains(index)) {
                    shown.insert(key)
                    for word in words(of: key) { shown.insert(word) }
                }
                if occurrences[key] != nil, occurrences[key]?.last != index { occurrences[key]?.append(index) }
            }
        }
        // What users typed: the values of text inputs. A name holding one between its
        // separators (`profile.jdoe_1984` beside a field holding `jdoe_1984`) is text.
        var typed: Set<String> = []
        for element in elements where XCUITestImporter.takesInput(element) {
            if let value = XCUITestImporter.nonEmpty(element.attribute("value")) { typed.insert(comparable(value)) }
        }
        let typedRuns = runs(ofTyped: typed)
        for index in candidates {
            let key = comparable(elements[index].attribute("name") ?? "")
            // Rule 1 made sure the element's own label and value differ from its name.
            if shown.contains(key) || (!typedRuns.isEmpty && holdsTyped(key, runs: typedRuns)) {
                roles[index] = .text
                continue
            }
            let places = occurrences[key] ?? []
            // The first occurrence after the element itself: a descendant if inside its subtree.
            var low = 0, high = places.count
            while low < high {
                let middle = (low + high) / 2
                if places[middle] <= index { low = middle + 1 } else { high = middle }
            }
            let copiesDescendant = low < places.count && places[low] < subtreeEnd[index]
            roles[index] = copiesDescendant ? .text : .identifier
        }
        return roles
    }

    /// Whether a run of `name`'s pieces between `_ . - : /` is one of `typed`, or two or
    /// more words in a row of one, whatever separates the words on either side:
    /// `jdoe_1984` in `logout_jdoe_1984`, and a typed `Jane Doe` in `greeting_Jane_Doe`
    /// or `avatar.Jane-Doe` (a name writes a value's spaces as separators). A name of k
    /// pieces has k(k+1)/2 runs; past 32 pieces only runs of up to 32 are looked at.
    static func holdsTyped(_ name: String, _ typed: Set<String>) -> Bool {
        holdsTyped(name, runs: runs(ofTyped: typed))
    }

    /// ``holdsTyped(_:_:)`` against the runs of the typed values (``runs(ofTyped:)``).
    static func holdsTyped(_ name: String, runs typedRuns: Set<String>) -> Bool {
        let pieces = self.pieces(of: name, isSeparator: isNameSeparator)
        for first in pieces.indices {
            for last in first..<min(pieces.count, first + 32) {
                if typedRuns.contains(pieces[first...last].joined(separator: "_")) { return true }
            }
        }
        return false
    }

    /// What a name may hold of the typed values: each value whole, and each run of two to
    /// eight of its words in a row, the words split at whitespace, `_ . - : /` and
    /// `+ @ ,` and joined by `_` (the names' pieces are joined so too).
    static func runs(ofTyped typed: Set<String>) -> Set<String> {
        var runs: Set<String> = []
        for value in typed {
            let words = pieces(of: value) { isNameSeparator($0) || $0 <= 0x20 || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ",") }
            guard !words.isEmpty else { continue }
            runs.insert(words.joined(separator: "_"))
            for first in words.indices where first + 1 < words.count {
                for last in (first + 1)..<min(words.count, first + 8) { runs.insert(words[first...last].joined(separator: "_")) }
            }
        }
        return runs
    }

    /// The separators between a name's pieces: `_ . - : /`.
    static func isNameSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/")
    }

    /// The non-empty pieces of `text` between separator bytes.
    static func pieces(of text: String, isSeparator: (UInt8) -> Bool) -> [String] {
        let bytes = Array(text.utf8)
        var pieces: [String] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || isSeparator(bytes[index]) {
            if index > start { pieces.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
            start = index + 1
        }
        return pieces
    }

    /// Whether `name` has the shape of a developer identifier rather than of text: ASCII
    /// letters, digits and `_ . - : /` only (no whitespace), starting with a letter or
    /// `_` and ending with a letter or digit (no sentence punctuation), no `://` (a URL),
    /// and a developer's mark: one of `_ . : /` (`login_button`, `Home.title`,
    /// `APPLE_ACCOUNT`), `-` between lowercase words (`settings-row`), or lower camel
    /// case (`loginButton`). A single word (`Skip`, `password1`, `NEWS`), capitalized
    /// words joined by `-` (`Wi-Fi`) and PascalCase (`McDonald`) are text.
    static func looksLikeIdentifier(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, let last = bytes.last, bytes.count >= 2 else { return false }
        func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let separators: [UInt8] = [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/")]
        let hyphen = UInt8(ascii: "-")
        guard bytes.allSatisfy({ isLower($0) || isUpper($0) || isDigit($0) || separators.contains($0) || $0 == hyphen }),
              isLower(first) || isUpper(first) || first == UInt8(ascii: "_"),
              isLower(last) || isUpper(last) || isDigit(last),
              !bytes.indices.dropLast(2).contains(where: { bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == UInt8(ascii: "/") && bytes[$0 + 2] == UInt8(ascii: "/") })
        else { return false }
        if bytes.contains(where: { separators.contains($0) }) { return true }
        let hasUpper = bytes.contains(where: isUpper)
        if bytes.contains(hyphen) && !hasUpper { return true }
        return isLower(first) && hasUpper
    }

    /// The words of a text (already ``comparable(_:)``) that could be an identifier:
    /// split at whitespace and at punctuation identifiers do not use (`_ . - : /` stay
    /// inside a word), with `_ . - : /` dropped at either end (`...jane.doe`,
    /// `__bob_smith__`, a sentence's full stop); and each such word's parts between
    /// `:`, `/`, `.` and `-` (`Username:jane.doe`, `https://example.com/u/jane.doe`).
    static func words(of text: String) -> [String] {
        let kept: Set<Character> = ["_", ".", "-", ":", "/"]
        var words: [String] = []
        func add(_ part: Substring) {
            var word = part
            while let first = word.first, kept.contains(first) { word = word.dropFirst() }
            while let last = word.last, kept.contains(last) { word = word.dropLast() }
            if !word.isEmpty { words.append(String(word)) }
        }
        for part in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || kept.contains($0)) }) {
            add(part)
            if part.contains(where: { $0 == ":" || $0 == "/" || $0 == "." || $0 == "-" }) {
                for piece in part.split(whereSeparator: { $0 == ":" || $0 == "/" || $0 == "." || $0 == "-" }) { add(piece) }
            }
        }
        return words
    }

    /// A name, label or value as compared: as the echo guard compares texts
    /// (``MaskEngine/MaskedEcho/normalized(_:)``): case folded, fullwidth forms as
    /// ASCII, invisible characters (zero-width spaces and joiners, variation selectors,
    /// bidi marks) dropped, runs of white space one space, trimmed. A word typed with an
    /// invisible character in it (`vj_137\u{FE0F}`) is the same word as a name.
    static func comparable(_ text: String) -> String {
        String(decoding: MaskedEcho.normalized(text.utf8), as: UTF8.self)
    }
}
