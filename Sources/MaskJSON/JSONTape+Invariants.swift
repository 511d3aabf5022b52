extension JSONTape {
    /// Checks the tape's invariants (debug builds and tests; nothing in release): every
    /// container start names its matching end token, of the matching kind, and the
    /// containers nest; objects hold keys (strings) and values in turn; strings and
    /// numbers lie inside the input. The reader calls it on every tape it makes in
    /// debug builds.
    /// - Complexity: O(tokens).
    public func checkInvariants() {
        var open: [(start: Int, isObject: Bool, members: Int)] = []
        var topLevel = 0
        for (index, token) in tokens.enumerated() {
            // A key position inside an object must hold a string.
            if let last = open.last, last.isObject, last.members % 2 == 0, token.kind != .objectEnd {
                assert(token.kind == .string, "JSONTape: token \(index) stands where a key is due and is not a string")
            }
            switch token.kind {
            case .objectStart, .arrayStart:
                assert(Int(token.length) > index && Int(token.length) < tokens.count, "JSONTape: container \(index) ends outside the tape")
                open.append((index, token.kind == .objectStart, 0))
                continue
            case .objectEnd, .arrayEnd:
                guard let top = open.popLast() else {
                    assertionFailure("JSONTape: end token \(index) closes nothing")
                    return
                }
                assert(Int(tokens[top.start].length) == index, "JSONTape: container \(top.start) names end \(tokens[top.start].length), closed at \(index)")
                assert((token.kind == .objectEnd) == top.isObject, "JSONTape: container \(top.start) closed by the other kind")
                assert(!top.isObject || top.members % 2 == 0, "JSONTape: object \(top.start) ends after a key")
            case .string, .number, .raw:
                assert(Int(token.start) + Int(token.length) <= source.count, "JSONTape: token \(index) reaches past the input")
            case .true, .false, .null:
                break
            }
            if open.isEmpty { topLevel += 1 } else { open[open.count - 1].members += 1 }
        }
        assert(open.isEmpty, "JSONTape: \(open.count) containers left open")
        assert(tokens.isEmpty || topLevel == 1, "JSONTape: \(topLevel) top-level values")
    }
}
