import MaskEngine
import MaskJSON
import ReplayEncoder

extension TreeDocument {
    /// What the replay encoder reads of a view's fields (see README, "View tree JSON"):
    /// `frame`, `contentFrame`, `hidden`/`isHidden`, `visibility`, `alpha`/`opacity`,
    /// `backgroundColor`, `borderWidth`, `cornerRadius`, `clipsToBounds`, `zIndex`,
    /// `transform`, `image`, and the text drawn: `text`, else `placeholder`, else
    /// `accessibilityValue`, else `accessibilityLabel` (as `maskc render` shows it;
    /// Flutter and Compose captures hold their text there). Which field it came from
    /// goes with it: the masking contract decides per field whether it is sent.
    ///
    /// A value of the wrong type never hides anything: an unreadable `alpha` or
    /// `backgroundColor` counts as partly transparent (drawn, covering nothing), an
    /// unreadable `cornerRadius` as infinite (covering nothing), an unreadable
    /// `transform` as a transform, a `visibility` other than `visible` as hidden. A
    /// view without a readable `frame` has no area.
    /// - Complexity: O(fields of the view).
    public func appearance(of view: Int) -> ViewAppearance {
        let tape = self.tape
        let tokens = tape.tokens
        var look = ViewAppearance(frame: frame(of: view) ?? ViewFrame(x: 0, y: 0, width: 0, height: 0))
        var placeholder: String?, value: String?, label: String?
        let object = Int(viewTokens[view])
        let end = Int(tokens[object].length)
        var k = object + 1
        func number(_ index: Int) -> Double? {
            guard tokens[index].kind == .number, let value = Double(String(decoding: tape.raw(index), as: UTF8.self)), value.isFinite else { return nil }
            return value
        }
        func text(_ index: Int) -> String? {
            switch tokens[index].kind {
            case .string: return tokens[index].length == 0 ? nil : tape.string(index)
            case .number: return String(decoding: tape.raw(index), as: UTF8.self)
            default: return nil
            }
        }
        while k < end {
            let v = k + 1
            let kind = tokens[v].kind
            if tape.keyEquals(k, "hidden") || tape.keyEquals(k, "isHidden") {
                if kind == .true { look.isHidden = true }
            } else if tape.keyEquals(k, "visibility") {
                if kind == .string && tape.string(v) != "visible" { look.isHidden = true }
            } else if tape.keyEquals(k, "alpha") || tape.keyEquals(k, "opacity") {
                if kind != .null { look.alpha = min(look.alpha, number(v) ?? 0.5) }
            } else if tape.keyEquals(k, "backgroundColor") {
                if kind != .null {
                    look.backgroundColor = kind == .string ? RGBAColor(hex: tape.string(v)) : nil
                    if look.backgroundColor == nil { look.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 128) }
                }
            } else if tape.keyEquals(k, "borderWidth") {
                look.borderWidth = number(v) ?? 0
            } else if tape.keyEquals(k, "cornerRadius") {
                look.cornerRadius = number(v) ?? (kind == .null ? 0 : .infinity)
            } else if tape.keyEquals(k, "clipsToBounds") {
                if kind == .true { look.clipsToBounds = true } else if kind == .false { look.clipsToBounds = false }
            } else if tape.keyEquals(k, "zIndex") {
                look.zIndex = number(v) ?? 0
            } else if tape.keyEquals(k, "transform") {
                look.isTransformed = !isIdentity(v)
            } else if tape.keyEquals(k, "text") {
                look.text = text(v)
            } else if tape.keyEquals(k, "placeholder") {
                placeholder = text(v)
            } else if tape.keyEquals(k, "accessibilityValue") {
                value = text(v)
            } else if tape.keyEquals(k, "accessibilityLabel") {
                label = text(v)
            } else if tape.keyEquals(k, "image") {
                look.hasImage = kind != .null && kind != .false
            }
            k = tape.end(ofValueAt: v)
        }
        if look.text == nil {
            if let placeholder {
                look.text = placeholder
                look.textField = .placeholder
            } else if let shown = value ?? label {
                look.text = shown
                look.textField = .label
            }
        }
        if let content = rectangle("contentFrame", of: view) { look.contentFrame = content }
        return look
    }

    /// Whether a `transform` value is none: `null`, `"identity"`, or the identity as
    /// an affine `[a, b, c, d, tx, ty]` or a 4x4 matrix of 16 numbers.
    private func isIdentity(_ index: Int) -> Bool {
        let tokens = tape.tokens
        switch tokens[index].kind {
        case .null, .false: return true
        case .string: return tape.string(index) == "identity"
        case .arrayStart:
            var numbers: [Double] = []
            var e = index + 1
            while tokens[e].kind != .arrayEnd {
                guard tokens[e].kind == .number, let value = Double(String(decoding: tape.raw(e), as: UTF8.self)) else { return false }
                numbers.append(value)
                e = tape.end(ofValueAt: e)
            }
            if numbers == [1, 0, 0, 1, 0, 0] { return true }
            return numbers.count == 16 && numbers.enumerated().allSatisfy { $0.element == ($0.offset % 5 == 0 ? 1 : 0) }
        default: return false
        }
    }

    /// How the tree gives its frames: the top-level `"coordinates"` of a wrapped tree,
    /// `"window"` (the default) or `"superview"`.
    /// - Throws: ``MaskJSON/TreeError`` at `$.coordinates` for any other value.
    public func coordinates(file: String, firstLine: Int = 1) throws(TreeError) -> FrameEncoder.Coordinates {
        guard isWrapped else { return .window }
        let tokens = tape.tokens
        let end = Int(tokens[0].length)
        var k = 1
        var coordinates = FrameEncoder.Coordinates.window
        while k < end {
            if tape.keyEquals(k, "coordinates") {
                guard tokens[k + 1].kind == .string, let value = FrameEncoder.Coordinates(rawValue: tape.string(k + 1)) else {
                    var error = TreeError(file: file, bytes: tape.bytes, offset: Int(tokens[k + 1].start), path: "$.coordinates",
                                          message: "expected \"window\" or \"superview\"")
                    error.line += firstLine - 1
                    throw error
                }
                coordinates = value
            }
            k = tape.end(ofValueAt: k + 1)
        }
        return coordinates
    }
}
