/// What a rule, or the policy default, does to a view: hide its content or let it through.
public enum MaskAction: String, Sendable, Hashable, CaseIterable, Codable {
    /// The view's content is replaced by placeholders before it leaves the device.
    case mask
    /// The view's content is sent as it is (secure text and maps excepted).
    case unmask
}
