import MaskDiagnostics
import MaskEngine

/// A policy test file (`*.masktest.yaml`, schema in `Policies/maskc-test.schema.json`):
/// a policy, the trees or captures it is run on, and what must hold on them.
public struct PolicyTestFile: Sendable {
    /// The file as named.
    public var file: String
    /// The policy, relative to the file, and where it was written.
    public var policy: ParsedBaseReference
    /// The trees and captures (files or folders, any capture format), relative to the file.
    public var trees: [ParsedBaseReference]
    /// The expectations, in source order.
    public var expectations: [PolicyExpectation]
}

/// One expectation of a test file.
public struct PolicyExpectation: Sendable {
    /// What must hold.
    public enum Check: Sendable {
        /// Every view the selector picks (on every tree, or on `tree`) is in `state`,
        /// and, when `rule` is given, decided by that rule.
        case view(ViewSelector, screen: String?, state: ExpectedViewState, rule: DecidingRule?)
        /// No view whose class chain holds the class is exposed (sent unmasked).
        case noExposedClass(String)
        /// No exposed view carries text the named audit detectors match.
        case noExposedDetections([ExposureDetector])
    }

    /// What must hold.
    public var check: Check
    /// Only on this tree (relative to the test file), when given.
    public var tree: ParsedBaseReference?
    /// The whole expectation item: failures are reported at its start.
    public var range: SourceRange

    /// A short name: `view id=credit is masked`, `no UITextField exposed`.
    public var title: String {
        switch check {
        case .view(let selector, let screen, let state, let rule):
            var text = "view \(selector)\(screen.map { " on \($0)" } ?? "") is \(state.rawValue)"
            if let rule { text += ", decided by \(rule)" }
            return text
        case .noExposedClass(let name): return "no \(name) exposed"
        case .noExposedDetections(let detectors): return "nothing matching \(detectors.map(\.rawValue).joined(separator: ", ")) exposed"
        }
    }
}

/// The state a `view` expectation asks for. The actual state of a view is `left-out`
/// when an ancestor's children are not emitted, else `secure` for secure text entry (or
/// inside one), else `masked` or `unmasked`. `masked` holds for any state but
/// `unmasked` (nothing of the view reaches the replay in clear).
public enum ExpectedViewState: String, Sendable, Hashable, CaseIterable {
    case masked
    case unmasked
    case secure
    case leftOut = "left-out"

    /// Whether a view in `actual` meets the expectation.
    public func isMet(by actual: ExpectedViewState) -> Bool {
        self == .masked ? actual != .unmasked : actual == self
    }
}

/// The detectors a `noExposed` expectation can name: the audit's value detectors by the
/// names a policy's `detect:` gives them, and `card`, this file format's first name for
/// `payment-card`.
public enum ExposureDetector: String, Sendable, Hashable, CaseIterable {
    case email
    case card
    case phone
    case paymentCard = "payment-card"
    case iban
    case governmentID = "government-id"
    case secret

    /// The value detector the name stands for.
    public var detector: ContentDetector {
        switch self {
        case .email: return .email
        case .card, .paymentCard: return .paymentCard
        case .phone: return .phone
        case .iban: return .iban
        case .governmentID: return .governmentID
        case .secret: return .secret
        }
    }
}

/// The rule a `view` expectation says decides: a line of a policy file, or the default.
public enum DecidingRule: Sendable, Hashable, CustomStringConvertible {
    /// The rule whose action key is on `line` of `file` (resolved from the test file),
    /// or of the policy tested when `file` is nil.
    case line(file: String?, line: Int)
    /// The policy's default (level 5).
    case `default`

    public var description: String {
        switch self {
        case .line(let file, let line): return file.map { "\($0):\(line)" } ?? "line \(line)"
        case .default: return "the default"
        }
    }
}
