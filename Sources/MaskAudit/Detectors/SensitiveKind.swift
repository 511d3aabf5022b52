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

/// The separators a shape-only excerpt keeps (``ReportName/separators``).
public let excerptSeparators: Set<Character> = ReportName.separators

/// A shape-only excerpt of a sensitive value (``ReportName/excerpt(_:)``).
public func maskedExcerpt(_ value: String) -> String {
    ReportName.excerpt(value)
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
