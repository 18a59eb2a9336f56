import Foundation
import Hindsight
import FSRS

/// The history `optimize` fits: the cards of a revlog CSV, or of one profile in a store (with
/// that profile's parameters in force), and the recording of fitted parameters with `--apply`.
struct OptimizeHistory {
    let cards: [TrainingCard]
    /// The parameters in force for the profile (store only).
    let current: FSRSParameters?
    /// The profile (store only).
    let profile: ProfileID?

    /// Reads the history of `source`.
    /// - Throws: ``OptimizeCommandError`` for an unreadable file or an ambiguous or unknown
    ///   profile; ``RevlogError`` for a malformed CSV; the store's errors.
    static func load(_ source: OptimizeCommand.Source, dayStartHour: Int?, utcOffsetMinutes: Int) async throws -> OptimizeHistory {
        switch source {
        case .revlog(let path):
            let text = try FSRSStatesCommand.readText(path, what: "revlog")
            let histories = RevlogHistory.histories(from: try RevlogCSV.parse(text), utcOffsetMinutes: utcOffsetMinutes)
            return OptimizeHistory(cards: TrainingCard.cards(from: histories, dayStartHour: dayStartHour ?? 4),
                                   current: nil, profile: nil)
        case .store(let directory, let requested):
            let models = try await CurrentReadModels.load(dataDirectory: directory, reading: [])
            let profiles = try models.profiles(requested)
            guard profiles.count == 1, let profile = profiles.first?.id else {
                throw OptimizeCommandError("the store has \(profiles.count) profiles; choose one with --profile ID")
            }
            let settings = models.directory.scheduler(profile: profile)
            let cutoff = dayStartHour ?? settings.dayCutoffHour
            let exporter = LogExporter(dataDirectory: directory, personalData: .redact(salt: ""))
            let cards = try exporter.reviewHistories(profile: profile).map { entry in
                TrainingCard(cardID: entry.card.revlogID, history: entry.reviews, dayStartHour: cutoff)
            }
            return OptimizeHistory(cards: cards, current: try? FSRSParameters(settings.parameters.weights),
                                   profile: profile)
        }
    }

    /// Records `parameters` for `profile` in the store in `dataDirectory`.
    static func apply(_ parameters: FSRSParameters, profile: ProfileID, dataDirectory: String, at time: EventTime,
                      newID: () -> EventID) async throws -> ClosedRange<UInt64> {
        try await ParameterChangeRecorder.record(parameters, profile: profile, dataDirectory: dataDirectory,
                                                 at: time, newID: newID)
    }
}
