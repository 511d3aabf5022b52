import MaskEngine

extension TreeDocument {
    /// A string field of a view as captured (not masked): its key and decoded value.
    public struct Field: Sendable, Hashable {
        public var key: String
        public var value: String
    }

    /// The view's string-valued fields as captured, in document order: text-bearing
    /// fields and unknown fields (nested strings inside unknown objects and arrays
    /// included, under their top-level key). Identifiers and other structural fields
    /// are left out. For audits and previews; never written anywhere unmasked.
    public func contentFields(of view: Int) -> [Field] {
        let tokens = tape.tokens
        var fields: [Field] = []
        var k = Int(viewTokens[view]) + 1
        while tokens[k].kind != .objectEnd {
            let key = tape.string(k)
            let role = ViewField.role(of: key)
            let end = tape.end(ofValueAt: k + 1)
            if role == .text || role == .unknown {
                // Walk the value forward; inside nested objects, keys are not content.
                enum Place { case key, value, element }
                var places: [Place] = []
                var t = k + 1
                while t < end {
                    let kind = tokens[t].kind
                    if kind == .objectEnd || kind == .arrayEnd {
                        places.removeLast()
                    } else if places.last == .key {
                        places[places.count - 1] = .value  // a key: not content
                    } else {
                        switch kind {
                        case .string: fields.append(Field(key: key, value: tape.string(t)))
                        case .number where role == .text: fields.append(Field(key: key, value: String(decoding: tape.raw(t), as: UTF8.self)))
                        default: break
                        }
                        if places.last == .value { places[places.count - 1] = .key }
                        if kind == .objectStart { places.append(.key) }
                        if kind == .arrayStart { places.append(.element) }
                    }
                    t += 1
                }
            }
            k = end
        }
        return fields
    }

    /// The member names in the view that may be content: the names of its unknown
    /// fields and every key inside its text-bearing and unknown fields, decoded, in
    /// document order (a capture may key a dictionary by what a user typed). For
    /// checks that scan what a view exposes; never written anywhere unmasked.
    public func contentKeys(of view: Int) -> [Field] {
        let tokens = tape.tokens
        var keys: [Field] = []
        var k = Int(viewTokens[view]) + 1
        while tokens[k].kind != .objectEnd {
            let key = tape.string(k)
            let role = ViewField.role(of: key)
            let end = tape.end(ofValueAt: k + 1)
            if role == .unknown { keys.append(Field(key: key, value: key)) }
            if role == .text || role == .unknown {
                tape.forEachToken(inValueAt: k + 1) { t, isKey in
                    if isKey { keys.append(Field(key: key, value: tape.string(t))) }
                }
            }
            k = end
        }
        return keys
    }

    /// The view's `frame`, when it has four finite numbers `x`, `y`, `width`, `height`
    /// (keys compared decoded; geometry kept as one compact token read on its own).
    /// The one frame reader: previews and audits position views through it.
    public func frame(of view: Int) -> ViewFrame? {
        rectangle("frame", of: view)
    }

    /// A rectangle field of a view (`frame`, `contentFrame`, `bounds`), read as
    /// ``frame(of:)`` reads `frame`.
    public func rectangle(_ key: StaticString, of view: Int) -> ViewFrame? {
        var k = Int(viewTokens[view]) + 1
        var found: Int?
        while tape.tokens[k].kind != .objectEnd {
            if tape.keyEquals(k, key) { found = k + 1 }
            k = tape.end(ofValueAt: k + 1)
        }
        guard var object = found else { return nil }
        var tape = self.tape
        if tape.tokens[object].kind == .raw {
            guard let small = try? JSONReader.parse(Array(tape.raw(object))) else { return nil }
            tape = small
            object = 0
        }
        guard tape.tokens[object].kind == .objectStart else { return nil }
        var x: Double?, y: Double?, width: Double?, height: Double?
        var f = object + 1
        while tape.tokens[f].kind != .objectEnd {
            if tape.tokens[f + 1].kind == .number, let number = Double(String(decoding: tape.raw(f + 1), as: UTF8.self)), number.isFinite {
                if tape.keyEquals(f, "x") { x = number }
                else if tape.keyEquals(f, "y") { y = number }
                else if tape.keyEquals(f, "width") { width = number }
                else if tape.keyEquals(f, "height") { height = number }
            }
            f = tape.end(ofValueAt: f + 1)
        }
        guard let x, let y, let width, let height else { return nil }
        return ViewFrame(x: x, y: y, width: width, height: height)
    }
}
