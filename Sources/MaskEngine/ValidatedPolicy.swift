/// A policy the front end has validated: it parsed without errors, its `extends` chains
/// have no cycle and stay within ``TypeCatalog/maximumChainLength``, its targets are
/// well formed. The stage between the parsed policy and the compiled
/// ``DecisionTable``; only the policy validator (in this package) makes one.
///
/// ``DecisionTable/init(policy:catalog:)`` still takes any ``MaskingPolicy`` (generated
/// Swift and loaded tables build through it), and handles what validation would have
/// refused fail-closed: a cut class chain masks its views.
public struct ValidatedPolicy: Sendable {
    /// The policy.
    public let policy: MaskingPolicy

    /// Wraps a policy the validator found free of errors.
    package init(checked policy: MaskingPolicy) {
        self.policy = policy
    }
}

extension DecisionTable {
    /// Compiles a validated policy.
    /// - Complexity: O(r log r) for r rules.
    public init(validated: ValidatedPolicy, catalog: TypeCatalog = .builtin) {
        self.init(policy: validated.policy, catalog: catalog)
    }
}
