import Events
import FSRS
import Testing
@testable import Projections

/// The profiles read model reports the scheduler parameters the vocabulary read model schedules
/// with: both ignore a `SchedulerParametersChanged` whose weights FSRS refuses.
@Suite("Scheduler parameters in force agree between read models")
struct SchedulerParametersInForceTests {
    static let me = testProfile(0)
    static let fsrs5 = VocabularySettingsTests.fsrs5

    /// The FSRS-6 defaults with w4 = 0.5, outside its bounds 1 … 10: a valid event (21 finite
    /// numbers) that FSRS refuses, as a JSON Lines import can bring in.
    static let outOfBounds: [Double] = {
        var weights = FSRSParameters.fsrs6Default.weights.map(Double.init)
        weights[4] = 0.5
        return weights
    }()

    static func change(_ weights: [Double]) -> DomainEvent {
        .schedulerParametersChanged(SchedulerParametersChanged(parameters: try! SchedulerParameters(weights)))
    }

    @Test("the shared check refuses out-of-bounds weights and takes FSRS-5 and FSRS-6 ones")
    func sharedCheck() throws {
        #expect(SchedulerParametersChanged(parameters: try SchedulerParameters(Self.outOfBounds)).fsrsParameters == nil)
        #expect(SchedulerParametersChanged(parameters: try SchedulerParameters(Self.fsrs5)).fsrsParameters
                == FSRSParameters.fsrs5Default)
        let fsrs6 = FSRSParameters.fsrs6Default.weights.map(Double.init)
        #expect(SchedulerParametersChanged(parameters: try SchedulerParameters(fsrs6)).fsrsParameters == .fsrs6Default)
    }

    /// Before the out-of-bounds change: nothing (the defaults, FSRS-6) or an FSRS-5 change.
    @Test("an out-of-bounds change leaves both read models on the previous parameters",
          arguments: [nil, fsrs5] as [[Double]?])
    func outOfBoundsChangeIsIgnoredByBoth(previous: [Double]?) throws {
        var v = VocabularyScript(configuration: .plainModel)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 1))
        if let previous { v.setting(Self.change(previous), at: utc(2026, 3, 1, 8, 30)) }
        v.setting(Self.change(Self.outOfBounds), at: utc(2026, 3, 1, 8, 40))
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))

        let directory = fold(ProfilesProjection(defaultCutoffHour: 4), v.events)
        let reported = directory.scheduler(profile: Self.me)
        #expect(reported.parameters.weights == previous ?? FSRSParameters.fsrs6Default.weights.map(Double.init))
        #expect(reported.isDefaultParameters == (previous == nil))

        let vocabulary = v.fold()
        let expected = try previous.map { try FSRSParameters($0) } ?? .fsrs6Default
        #expect(vocabulary.scheduling(of: Self.me).configuration.parameters == expected)
        #expect(try FSRSParameters(reported.parameters.weights) == expected)
        // The review after it: S0(Good) = w2, 3.173 under FSRS-5, 2.3065 under FSRS-6.
        let stability = try #require(vocabulary.card(testCard(1))?.schedule?.memory.stability)
        #expect(abs(stability - (previous == nil ? 2.3065 : 3.173)) < 1e-5)
    }
}
