/// Accumulates the rules that apply on one level and picks the winner: the first mask
/// rule in source order if any, else the first unmask rule (mask wins a tie).
struct RuleTally {
    private var firstMask: Int32 = -1
    private var firstUnmask: Int32 = -1

    @inline(__always)
    mutating func add(_ rule: Int32, _ action: MaskAction) {
        switch action {
        case .mask: if firstMask < 0 || rule < firstMask { firstMask = rule }
        case .unmask: if firstUnmask < 0 || rule < firstUnmask { firstUnmask = rule }
        }
    }

    /// The winning rule, or -1 when none applied.
    var winner: Int32 { firstMask >= 0 ? firstMask : firstUnmask }
}
