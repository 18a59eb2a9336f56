/// Every subcommand the CLI knows, in the order `--help` lists them.
/// Add a command here and nowhere else.
let allCommands: [any Command.Type] = [
    DemoCommand.self,
    FSRSStatesCommand.self,
    OptimizeCommand.self,
    AuditCommand.self,
    RebuildCommand.self,
    VerifyCommand.self,
    ExportCommand.self,
    ImportCommand.self,
    StatsCommand.self,
    DueCommand.self,
    ForecastCommand.self,
    RetentionCommand.self,
    AchievementsCommand.self,
    SpellingCommand.self,
    StoriesCommand.self,
    ProfilesCommand.self,
    SettingsCommand.self,
    TailCommand.self,
]
