// Every command takes the display options (`--quiet`, `--color`, `--excerpts`).
extension ApplyCommand: DisplayingCommand {}
extension AuditCommand: DisplayingCommand {}
extension CheckCommand: DisplayingCommand {}
extension CompileCommand: DisplayingCommand {}
extension DecodeCommand: DisplayingCommand {}
extension DiffCommand: DisplayingCommand {}
extension EncodeCommand: DisplayingCommand {}
extension ExplainCommand: DisplayingCommand {}
extension FmtCommand: DisplayingCommand {}
extension RenderCommand: DisplayingCommand {}
extension RulesCommand: DisplayingCommand {}
extension TestCommand: DisplayingCommand {}
