import ArgumentParser

/// What a command that reads folders of inputs leaves out of them.
struct ExcludeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Leave out of folder searches the paths this pattern matches (repeatable): a name ('legacy', '*.xml') matches any part of a path, a pattern with '/' the path from its start ('Captures/old/**').",
        valueName: "glob"))
    var exclude: [String] = []

    /// The patterns, with those of a config file.
    func patterns(config: ProjectConfig? = nil) -> [PathGlob] {
        (config?.exclude ?? []) + exclude.map(PathGlob.init)
    }
}

/// The help of `--keep-going`, for the commands that take it.
let keepGoingHelp = ArgumentHelp("Report an input that cannot be read (missing, unreadable, over the size limit) and go on; the run still fails at the end.")

/// The help of `--filter-files`, for the commands that take it.
let filterFilesHelp = ArgumentHelp(
    "Skip named files that are not policies (no top-level 'version:') or that --exclude or the config's 'exclude' match, as folder searches do: for pre-commit and other tools that pass every changed file.")
