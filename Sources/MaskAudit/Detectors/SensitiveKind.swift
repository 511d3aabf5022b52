import MaskEngine

/// What kind of personal data a finding is about.
public enum SensitiveKind: String, Sendable, Hashable, CaseIterable, Codable {
    case email
    case phone
    case paymentCard = "payment-card"
    case iban
    case governmentID = "government-id"
    case secret
    /// An identifier or label says the view holds sensitive data.
    case sensitiveIdentifier = "sensitive-identifier"
    /// A text view whose identifier says it is secure entry, not flagged as such.
    case secureEntryNotFlagged = "secure-entry-not-flagged"
}

/// How serious an audit finding is; `--fail-on` takes one of these.
public enum AuditLevel: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case info, low, medium, high, critical

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (a: AuditLevel, b: AuditLevel) -> Bool { a.rank < b.rank }
}

/// The separators a shape-only excerpt keeps: they give e-mail addresses, phone,
/// card and account numbers and tokens their shape, and are no content.
public let excerptSeparators: Set<Character> = ["@", ".", "-", "_", "+", "(", ")", "/", ":"]

/// A shape-only excerpt of a sensitive value, at most 24 characters: letters become
/// `x`, digits `#`, whitespace a space, the ``excerptSeparators`` stay, and every
/// other character (punctuation, symbols, controls, marks) becomes `?`. The excerpt
/// is made of those characters only: it shows what was found, never the value, and
/// carries nothing a terminal would obey.
public func maskedExcerpt(_ value: String) -> String {
    var out = ""
    for character in value.prefix(24) {
        if character.isLetter { out.append("x") }
        else if character.isNumber { out.append("#") }
        else if character.isWhitespace { out.append(" ") }
        else if excerptSeparators.contains(character) { out.append(character) }
        else { out.append("?") }
    }
    return value.count > 24 ? out + "…" : out
}

extension SensitiveKind {
    /// The finding kind of a value detector's match.
    public init(_ detector: ContentDetector) {
        switch detector {
        case .email: self = .email
        case .phone: self = .phone
        case .paymentCard: self = .paymentCard
        case .iban: self = .iban
        case .governmentID: self = .governmentID
        case .secret: self = .secret
        }
    }

    /// The kinds the value detectors report, in ``ValueDetectors/kinds`` order.
    public static let valueKinds: [SensitiveKind] = ValueDetectors.kinds.map(SensitiveKind.init)
}
