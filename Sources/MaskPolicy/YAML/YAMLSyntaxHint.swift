/// A plain-words hint for a libyaml syntax error.
///
/// libyaml names its problems with fixed English phrases (its C source's constants);
/// they are read once here, at the edge, into a case, and each case says in the
/// policy author's terms what is usually wrong. A problem not listed gets no hint.
enum YAMLSyntaxHint: CaseIterable {
    case tabIndentation
    case listItemIndentation
    case keyIndentation
    case colonInValue
    case unclosedFlowMapping
    case unclosedFlowSequence
    case unclosedQuote
    case keyWithoutColon
    case listItemPlacement
    case unknownEscape
    case notUTF8
    case controlCharacter

    /// The case for libyaml's problem and context phrases; `isTabAtMark` says whether
    /// the byte at the problem's mark is a tab.
    init?(problem: String, context: String?, isTabAtMark: Bool) {
        switch problem {
        case "found character that cannot start any token" where isTabAtMark,
             "found a tab character that violates indentation",
             "found a tab character where an indentation space is expected":
            self = .tabIndentation
        case "did not find expected '-' indicator":
            self = .listItemIndentation
        case "did not find expected key":
            self = .keyIndentation
        case "mapping values are not allowed in this context":
            self = .colonInValue
        case "did not find expected ',' or '}'":
            self = .unclosedFlowMapping
        case "did not find expected ',' or ']'":
            self = .unclosedFlowSequence
        case "found unexpected end of stream" where context == "while scanning a quoted scalar":
            self = .unclosedQuote
        case "could not find expected ':'":
            self = .keyWithoutColon
        case "block sequence entries are not allowed in this context":
            self = .listItemPlacement
        case "found unknown escape character":
            self = .unknownEscape
        case "invalid leading UTF-8 octet", "incomplete UTF-8 octet sequence", "invalid trailing UTF-8 octet",
             "invalid length of a UTF-8 sequence", "invalid Unicode character":
            self = .notUTF8
        case "control characters are not allowed":
            self = .controlCharacter
        default:
            return nil
        }
    }

    /// The hint, in plain words.
    var text: String {
        switch self {
        case .tabIndentation: return "a tab indents this line; YAML indents with spaces only"
        case .listItemIndentation: return "a list item is indented differently from the one before it"
        case .keyIndentation: return "a line is indented differently from the key before it, or a list item is missing its '- '"
        case .colonInValue: return "a ': ' inside a plain value starts a key: quote the value, or indent the key under its parent"
        case .unclosedFlowMapping: return "a '{ }' mapping is not closed, or two of its entries lack a ',' between them"
        case .unclosedFlowSequence: return "a '[ ]' list is not closed, or two of its items lack a ',' between them"
        case .unclosedQuote: return "a quoted value is not closed: add its closing quote"
        case .keyWithoutColon: return "a key has no ':' after it, or a quoted key runs over the end of its line"
        case .listItemPlacement: return "a list item ('- ') is indented under a value, or follows a key on its own line at the wrong indentation"
        case .unknownEscape: return "inside double quotes a backslash starts an escape: write '\\\\', or use single quotes"
        case .notUTF8: return "the file is not valid UTF-8: save it as UTF-8"
        case .controlCharacter: return "the file holds a control character: remove it"
        }
    }
}
