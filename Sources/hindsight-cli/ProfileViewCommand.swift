import Hindsight

/// A command that shows one read model per profile (`achievements`, `spelling`, `stories`,
/// `profiles`, `settings`): the same options, the same profile order (``ProfileOrder``), the
/// same header, and `--json` as one document `{"position": P, "profiles": [...]}` (keys sorted,
/// counts as integers, times as ``ShownTime``). A conforming type says what it takes from the
/// read models for one profile (``entry(for:in:)``) and how that reads as text (``lines(_:)``).
protocol ProfileViewCommand: Command {
    /// What the command shows of one profile, as `--json` writes it.
    associatedtype Entry: Encodable
    /// The store, the profile and the viewer's now.
    var query: QueryOptions { get }
    /// Whether to print JSON.
    var json: Bool { get }
    /// A command over already parsed options.
    init(query: QueryOptions, json: Bool)
    /// The read models ``entry(for:in:)`` and ``storeWide(in:)`` read besides the profiles.
    static var reads: ReadModelNeeds { get }
    /// What `record`'s profile has in `models`.
    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry
    /// `entry` as text lines, after the profile's header.
    func lines(_ entry: Entry) -> [String]
    /// What the command shows of the whole store before the profiles (`settings`: the app-wide
    /// settings), as `--json` writes it under `app`; ``NoStoreWide`` for nothing.
    associatedtype StoreWide: Encodable = NoStoreWide
    /// The store-wide part in `models`, nil for none (the default).
    func storeWide(in models: CurrentReadModels) -> StoreWide?
    /// `storeWide` as text lines, before the first profile.
    func lines(storeWide: StoreWide) -> [String]
}

/// The store-wide part of a view that has none.
struct NoStoreWide: Encodable {}

extension ProfileViewCommand where StoreWide == NoStoreWide {
    func storeWide(in models: CurrentReadModels) -> NoStoreWide? { nil }
    func lines(storeWide: NoStoreWide) -> [String] { [] }
}

extension ProfileViewCommand {
    /// The options every such command takes, in usage order.
    static var viewOptions: [OptionSpec] {
        [.profile, .json("print one JSON document"), .dataDirectory,
         .value("now", "TIME", "show times at TIME's UTC offset and count today from it, ISO 8601 with its offset, e.g. "
                + "2026-03-01T18:00:00+01:00 (default: the system clock and time zone)")]
    }

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        self.init(query: try QueryOptions(arguments, environment: environment), json: arguments.flag("json"))
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let models = try await CurrentReadModels.load(dataDirectory: query.dataDirectory, reading: Self.reads)
        let profiles = try models.profiles(query.profile).map { record in
            ProfileView(id: record.id.description, name: models.name(of: record), entry: entry(for: record, in: models))
        }
        let app = storeWide(in: models)
        if json {
            io.print(try JSONOutput.encode(ProfileViews(position: models.position, app: app, profiles: profiles)))
            return .success
        }
        for line in app.map(lines(storeWide:)) ?? [] { io.print(line) }
        for profile in profiles {
            io.print(ProfileView<Entry>.header(name: profile.name, id: profile.id))
            for line in lines(profile.entry) { io.print(line) }
        }
        return .success
    }
}

/// `--json` of a ``ProfileViewCommand``: the log position the read models are at, the
/// store-wide part if the command has one, and each profile's entry.
struct ProfileViews<Entry: Encodable, StoreWide: Encodable>: Encodable {
    let position: UInt64
    /// Left out when nil.
    let app: StoreWide?
    let profiles: [ProfileView<Entry>]
}

/// One profile's id and name with what a command shows of it (its keys beside `id` and `name`).
struct ProfileView<Entry: Encodable>: Encodable {
    let id: String
    let name: String
    let entry: Entry

    /// `== Sam (5A300000-…) ==`: the line every view starts a profile with.
    static func header(name: String, id: String) -> String { "== \(name) (\(id)) ==" }

    private enum Keys: String, CodingKey { case id, name }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try entry.encode(to: encoder)
    }
}

/// A time as every view shows it: text `2026-03-01 19:30 +01:00`, JSON
/// `2026-03-01T19:30:00+01:00`, both at the viewer's offset (see ``LocalTimeText``).
struct ShownTime: Encodable {
    let instant: Timestamp
    let offset: UTCOffset

    /// `time` seen at `now`'s offset.
    init(_ time: EventTime, viewedAt now: EventTime) { self.init(time.instant, viewedAt: now) }

    /// `instant` seen at `now`'s offset.
    init(_ instant: Timestamp, viewedAt now: EventTime) {
        self.instant = instant
        offset = now.utcOffset
    }

    /// `2026-03-01 19:30 +01:00`.
    var text: String { LocalTimeText.minute(instant, offset: offset) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(LocalTimeText.iso(instant, offset: offset))
    }
}
