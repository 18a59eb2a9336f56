import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A JSON Lines import only decodes events, so it can bring in scheduler weights the store would
/// have refused: the profiles read model must then report the weights scheduling uses.
@Suite struct ImportedSchedulerParametersTests {
    static let parent = Ids.profile(1)
    /// FSRS-5 defaults: a first Good gives S = w2 = 3.173.
    static let fsrs5: [Double] = [
        0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
        1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
    ]
    /// FSRS-6 defaults (S = w2 = 2.3065 after a first Good), with w4 = 6.4133 written so that the
    /// test can find it in the exported line.
    static let fsrs6: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    @Test func importedOutOfBoundsWeightsAreIgnoredByBothReadModels() async throws {
        let source = try await StoreFixture()
        try await source.send(Self.parent, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await source.send(Self.parent, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "Words")))
        try await source.send(Self.parent, StoreFixture.time(minutes: 1),
                              .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(1), front: "Wort", back: "word")))
        try await source.send(Self.parent, StoreFixture.time(minutes: 2), .profiles(.changeSchedulerParameters(Self.fsrs5)))
        try await source.send(Self.parent, StoreFixture.time(minutes: 3), .profiles(.changeSchedulerParameters(Self.fsrs6)))
        try await source.send(Self.parent, StoreFixture.time(minutes: 4), .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(1000))))
        try await source.store.close()
        var lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        // The second change, its w4 edited to 0.5 (FSRS bounds: 1 … 10): still a valid event.
        let edited = try #require(lines.lastIndex { $0.contains("scheduler-parameters-changed") })
        #expect(lines[edited].contains("6.4133,"))
        lines[edited] = lines[edited].replacingOccurrences(of: "6.4133,", with: "0.5,")

        let target = try await StoreFixture()
        _ = try await target.store.importJSONLines(lines.joined(separator: "\n"), path: "a.jsonl")

        // Both stay on FSRS-5, the last weights FSRS accepted: the review after the edited change
        // is scheduled with them (the source store scheduled it with FSRS-6: S = 2.3065).
        let reported = await target.store.profiles().scheduler(profile: Self.parent)
        #expect(reported.parameters.weights == Self.fsrs5)
        #expect(!reported.isDefaultParameters)
        let stability = try #require(await target.store.vocabulary().card(Ids.card(1))?.schedule?.memory.stability)
        #expect(abs(stability - 3.173) < 1e-5)
    }
}
