/// A card scheme: the issuer identification numbers (IIN) its cards start with and the
/// lengths they come in. A payment card number is one that a scheme issues.
struct PaymentCardBrand: Sendable {
    /// The scheme's name, for tests and docs.
    let name: String
    /// Leading-digit ranges, each as the range and how many leading digits it reads.
    let prefixes: [(range: ClosedRange<Int>, digits: Int)]
    /// Valid card lengths, in digits.
    let lengths: [Int]

    /// Whether `digits` starts with one of the scheme's prefixes.
    func issues(_ digits: ArraySlice<Int>) -> Bool {
        prefixes.contains { prefix in
            guard digits.count >= prefix.digits else { return false }
            return prefix.range ~= digits.prefix(prefix.digits).reduce(0) { $0 * 10 + $1 }
        }
    }

    /// The schemes, most specific first: a number is read as the first scheme whose
    /// prefix it starts with, so Discover's 6011 and UnionPay's 62 win over Maestro's 60-69.
    static let all: [PaymentCardBrand] = [
        PaymentCardBrand(name: "Visa", prefixes: [(4...4, 1)], lengths: [13, 16, 19]),
        PaymentCardBrand(name: "Mastercard", prefixes: [(51...55, 2), (2221...2720, 4)], lengths: [16]),
        PaymentCardBrand(name: "American Express", prefixes: [(34...34, 2), (37...37, 2)], lengths: [15]),
        PaymentCardBrand(name: "Discover", prefixes: [(6011...6011, 4), (644...649, 3), (65...65, 2)], lengths: Array(16...19)),
        PaymentCardBrand(name: "JCB", prefixes: [(3528...3589, 4)], lengths: Array(16...19)),
        PaymentCardBrand(name: "Diners Club", prefixes: [(300...305, 3), (3095...3095, 4), (36...36, 2), (38...39, 2)], lengths: Array(14...19)),
        PaymentCardBrand(name: "UnionPay", prefixes: [(62...62, 2)], lengths: Array(16...19)),
        PaymentCardBrand(name: "Mir", prefixes: [(2200...2204, 4)], lengths: Array(16...19)),
        PaymentCardBrand(name: "Maestro", prefixes: [(50...50, 2), (56...69, 2)], lengths: Array(13...19)),
    ]

    /// The scheme that issues a number of this length starting with these digits, if any.
    static func brand(of digits: ArraySlice<Int>) -> PaymentCardBrand? {
        guard let brand = all.first(where: { $0.issues(digits) }), brand.lengths.contains(digits.count) else { return nil }
        return brand
    }
}
