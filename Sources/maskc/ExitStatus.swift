import ArgumentParser

/// maskc's exit codes. They are a contract: CI pipelines and encoders' tooling rely on them.
enum ExitStatus: Int32 {
    /// Success: the work was done, nothing failed.
    case success = 0
    /// `check` / `audit`: findings fail the run.
    case findings = 1
    /// Usage error, or an input file that cannot be read.
    case usage = 2
    /// The policy does not compile.
    case invalidPolicy = 3
    /// A view tree cannot be read (for streams: a line was skipped, or `--on-error fail` stopped at one).
    case invalidTree = 4
    /// The output cannot be written.
    case outputFailed = 5
    /// A tree file `apply` mapped was changed by another process while it was read: its
    /// output is not to be trusted (with `-o`, nothing is left).
    case inputChanged = 6

    var code: ExitCode { ExitCode(rawValue) }
}

/// An error already reported on standard error; carries only the exit status.
struct Reported: Error {
    let status: ExitStatus
}
