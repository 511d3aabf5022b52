/// The versions of maskc's JSON reports. Each report's top-level `version` says which
/// shape it has; the shapes are JSON Schemas in `Docs/schemas/`, which the tests
/// validate every report against. A version changes only when a field is removed or
/// changes meaning; added fields keep it.
enum ReportSchema {
    /// `maskc check --format json` (Docs/schemas/check.schema.json).
    static let checkVersion = 1
    /// `maskc audit --format json` (Docs/schemas/audit.schema.json).
    static let auditVersion = 1
}
