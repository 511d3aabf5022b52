import MaskEngine
import MaskJSON

/// Every piece of text a masked tree's JSON carries, found by walking the output
/// `apply` writes: strings (object keys included) and number literals, each with the
/// view and top-level field it is in. The audit reads what leaves the device through
/// here, so it sees exactly what the masker emitted and cannot disagree with it.
///
/// The walk is iterative and linear in the size of the output; index paths are not
/// built, only the stack of child positions the caller may turn into one.
struct EmittedValues {
    /// Where a value is.
    struct Place {
        /// The view's ordinal among the emitted views (pre-order), or nil for a field of
        /// the wrapper (`{"screen": ..., "root": ...}`).
        var view: Int?
        /// The top-level key of the view (or wrapper) the value is under, as reports show
        /// it: a name that may be content (``MaskEngine/MemberName``) by its position,
        /// `<key N>`.
        var field: String
        /// True when the text is an object key (the field's own key included).
        var isKey: Bool
    }

    private enum Frame {
        /// A wrapper object; `next` is the token of its next key (or its end), the
        /// member `position` in the object.
        case wrapper(next: Int, position: Int)
        /// A view object.
        case view(ordinal: Int, next: Int, isChild: Bool, position: Int)
        /// A `children` array; `next` is the token of its next element (or its end).
        case children(next: Int, index: Int)
    }

    /// Calls `body` for every string and number in the document, in document order.
    /// - Parameters:
    ///   - tape: the masked tree, parsed.
    ///   - wrapped: whether the document is a wrapper rather than a bare view.
    ///   - body: called with the place, the child positions from the root to the view
    ///     (empty for the root and the wrapper), and the text.
    static func forEach(in tape: JSONTape, wrapped: Bool, _ body: (Place, [Int], String) -> Void) {
        let tokens = tape.tokens
        guard !tokens.isEmpty, tokens[0].kind == .objectStart else { return }
        var stack: [Frame] = []
        var positions: [Int] = []
        var ordinal = 0
        if wrapped {
            stack.append(.wrapper(next: 1, position: 0))
        } else {
            stack.append(.view(ordinal: 0, next: 1, isChild: false, position: 0))
            ordinal = 1
        }

        /// Reports the key at `key` and everything in its value.
        func scanMember(_ key: Int, view: Int?, position: Int) {
            let name = tape.string(key)
            let field = MemberName.shown(name, position: position)
            body(Place(view: view, field: field, isKey: true), positions, name)
            tape.forEachToken(inValueAt: key + 1) { t, isKey in
                if isKey {
                    body(Place(view: view, field: field, isKey: true), positions, tape.string(t))
                    return
                }
                switch tokens[t].kind {
                case .string: body(Place(view: view, field: field, isKey: false), positions, tape.string(t))
                case .number: body(Place(view: view, field: field, isKey: false), positions, String(decoding: tape.raw(t), as: UTF8.self))
                default: break
                }
            }
        }

        while let frame = stack.popLast() {
            switch frame {
            case .wrapper(let k, let position):
                guard tokens[k].kind != .objectEnd else { continue }
                stack.append(.wrapper(next: tape.end(ofValueAt: k + 1), position: position + 1))
                if tape.string(k) == "root", tokens[k + 1].kind == .objectStart {
                    stack.append(.view(ordinal: ordinal, next: k + 2, isChild: false, position: 0))
                    ordinal += 1
                } else {
                    scanMember(k, view: nil, position: position)
                }
            case .view(let view, let k, let isChild, let position):
                guard tokens[k].kind != .objectEnd else {
                    if isChild { positions.removeLast() }
                    continue
                }
                let end = tape.end(ofValueAt: k + 1)
                stack.append(.view(ordinal: view, next: end, isChild: isChild, position: position + 1))
                if tape.string(k) == "children", tokens[k + 1].kind == .arrayStart {
                    stack.append(.children(next: k + 2, index: 0))
                } else {
                    scanMember(k, view: view, position: position)
                }
            case .children(let k, let index):
                guard tokens[k].kind == .objectStart else { continue }  // the array's end
                stack.append(.children(next: tape.end(ofValueAt: k), index: index + 1))
                positions.append(index)
                stack.append(.view(ordinal: ordinal, next: k + 1, isChild: true, position: 0))
                ordinal += 1
            }
        }
    }
}
