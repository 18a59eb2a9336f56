import Foundation
import Dispatch
import Synchronization
import Hindsight
import EventLog

/// `hindsight tail`: prints the log's events from a position, then follows new appends live,
/// polling the log read-only (the writer may be another process), until SIGINT/SIGTERM or
/// `--limit` events.
struct TailCommand: Command {
    static let spec = CommandSpec(
        path: ["tail"],
        summary: "print the log's events from a position and follow new ones live",
        about: """
            Prints every event from POSITION on, then waits for new events and prints them as they
            are appended (by any process), until interrupted (Ctrl-C, SIGTERM) or N events were printed.
            """,
        options: [
            .value("from", "POSITION", "the first position to print, 1 or more (default 1: the whole log)"),
            .json("one JSON object per event (the whole envelope, as 'export --format jsonl' writes it, personal data "
                  + "as references); default: one line each with position, local time, type, stream and profile"),
            .value("limit", "N", "stop after N events, 1 or more (default: follow until interrupted)"),
            .dataDirectory,
        ])

    let dataDirectory: String
    let from: UInt64
    let json: Bool
    let limit: Int?

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        from = try arguments.value("from", default: 1, expecting: "a log position, 1 or more") { text in
            UInt64(text).flatMap { $0 >= 1 ? $0 : nil }
        }
        limit = try arguments.value("limit", expecting: "a number of events, 1 or more") { text in
            Int(text).flatMap { $0 >= 1 ? $0 : nil }
        }
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let logDirectory = DataDirectoryLayout(path: dataDirectory).log
        let stop = StopSignal()
        let reader = LogReader(directory: logDirectory)
        let codec = EventJSONCodec()
        var next = from
        var printed = 0
        let place = LogReadPlace()
        while !stop.isRaised {
            let last = try reader.lastPosition()
            if last >= next {
                let through = Self.lastToPrint(next: next, last: last, remaining: limit.map { $0 - printed })
                next = try Self.read(reader, from: next, through: through, place: place, chunk: Self.chunk) { events in
                    for event in events {
                        io.print(json ? String(decoding: try codec.encode(event), as: UTF8.self) : Self.line(event))
                    }
                    try io.checkOutput()
                    printed += events.count
                    return !stop.isRaised
                }
                if let limit, printed >= limit { break }
                continue
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return .success
    }

    /// How many events `tail` reads before printing them: the log is read and printed a chunk at a
    /// time, so memory stays bounded and the first lines show at once, however long the log.
    static let chunk = 4096

    /// Reads the events from `next` through `through` (a complete batch's end) in chunks of at
    /// most `chunk`, handing each chunk to `emit` in order, each chunk's read resuming from
    /// `place` where the last one stopped; stops after a chunk when `emit` returns false.
    /// - Returns: the position after the last event read.
    /// - Throws: `LogError` for a damaged log, `EventDecodingError` for a record that does not
    ///   decode, or what `emit` throws.
    static func read(_ reader: LogReader, from next: UInt64, through: UInt64, place: LogReadPlace, chunk: Int,
                     _ emit: ([RecordedEvent]) throws -> Bool) throws -> UInt64 {
        var next = next
        while next <= through {
            var events: [RecordedEvent] = []
            try reader.forEachRecord(from: next, through: through, resuming: place) { position, payload, _ in
                events.append(try LogCodec.decode(payload, position: position))
                return events.count < chunk
            }
            guard let last = events.last else { break }
            next = last.position + 1
            guard try emit(events) else { break }
        }
        return next
    }

    /// The last position to print in one pass: the end of the log, or fewer when only
    /// `remaining` (1 or more) events are still wanted (`--limit`). Never wraps.
    static func lastToPrint(next: UInt64, last: UInt64, remaining: Int?) -> UInt64 {
        guard let remaining else { return last }
        let (through, overflow) = next.addingReportingOverflow(UInt64(max(remaining, 1)) - 1)
        return overflow ? last : min(last, through)
    }

    /// `12  2026-03-01T18:00:00+01:00  vocabulary.review-graded  card/8F1C…  profile 1A2B…`.
    static func line(_ event: RecordedEvent) -> String {
        "\(event.position)  \(LocalTimeText.iso(event.occurred.instant, offset: event.occurred.utcOffset))  \(event.typeName)  \(event.stream)  profile \(event.profile)"
    }
}

/// Raised by SIGINT or SIGTERM (which then no longer end the process at once), so `tail` can
/// finish the lines it is printing and exit normally. Keep it alive while it is needed.
final class StopSignal {
    /// The flag the signal handlers raise.
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    private let flag = Flag()
    private var sources: [any DispatchSourceSignal] = []

    init() {
        let flag = self.flag
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.raised.store(true, ordering: .relaxed) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Whether SIGINT or SIGTERM arrived.
    var isRaised: Bool { flag.raised.load(ordering: .relaxed) }
}
