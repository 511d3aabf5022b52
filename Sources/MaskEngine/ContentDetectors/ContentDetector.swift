/// A detector of personal data in text (``ValueDetectors``): what an audit reports and
/// what a policy's `detect:` list names.
///
/// Raw values are the names a policy writes (`detect: [email, payment-card]`) and, as
/// `detect:NAME`, the rule a decision made by the safety net names.
public enum ContentDetector: String, Sendable, Hashable, CaseIterable, Codable {
    /// E-mail addresses.
    case email
    /// Phone numbers.
    case phone
    /// Payment card numbers (issuer prefix, length and Luhn checked).
    case paymentCard = "payment-card"
    /// IBANs (mod-97 checked).
    case iban
    /// US social security and UK national insurance numbers.
    case governmentID = "government-id"
    /// API keys, tokens, private keys and long machine-generated secrets.
    case secret

    /// A small number for the detector, fixed by the table format and decisions
    /// (never derived from case order).
    public var code: UInt8 {
        switch self {
        case .email: return 0
        case .phone: return 1
        case .paymentCard: return 2
        case .iban: return 3
        case .governmentID: return 4
        case .secret: return 5
        }
    }

    /// The detector with the code, if any.
    public init?(code: UInt8) {
        guard let found = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = found
    }

    /// Whether the detector finds something in `text`.
    /// - Complexity: O(n) in the length of `text`.
    public func matches(_ text: String) -> Bool {
        ValueDetectors.scan(text).contains(self)
    }
}
