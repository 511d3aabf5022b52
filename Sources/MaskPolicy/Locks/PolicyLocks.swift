import MaskEngine

/// What the policy format says about locked masks (`mask: { ..., lock: true }`): only a
/// mask can be locked. The engine enforces locks (``MaskRule/isLock``); the linter's
/// `dead-by-lock` rule reports the unmask rules they make dead.
enum PolicyLocks {
    /// Why `lock: true` is refused on a rule with `action`, if it is.
    static func problem(lockingAction action: MaskAction) -> (message: String, hint: String)? {
        guard action == .unmask else { return nil }
        return ("'lock' goes on mask rules only: an unmask cannot be locked",
                "a locked mask decides its views whatever other rules say; to let a view through, unmask it without 'lock'")
    }
}
