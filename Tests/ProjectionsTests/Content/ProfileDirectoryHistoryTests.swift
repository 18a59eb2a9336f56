import Testing
@testable import Events
import FSRS
@testable import Projections

/// The profiles read model over hand-written histories, one table: profiles listed, the active
/// profile, each profile's settings and configured services (names and credential references:
/// no secret is ever in an event), and the scheduler settings in force.
///
/// Profiles are numbered: `testProfile(n)`; 9 is never created. Every event is recorded for (and
/// on the stream of) the profile it names, one minute apart.
@Suite struct ProfileDirectoryHistoryTests {
    enum Step: Sendable {
        case create(UInt64, child: Bool = false)
        case rename(UInt64)
        case switchTo(UInt64)
        case delete(UInt64)
        case set(UInt64, String, SettingValue)
        case service(UInt64, String, credential: String)
        case weights(UInt64, [Double])
        case retention(UInt64, Double)
        case cutoff(UInt64, Int)
    }

    /// The scheduler settings expected for a profile: w0 as a `Float` (the weights are FSRS's
    /// `Float`s: the default w0 0.212 is not exactly a `Double` 0.212), the number of weights as
    /// recorded, the retention and cut-off, and whether each is the default.
    struct InForce: Sendable, Equatable {
        var w0: Float = 0.212
        var weightCount = 21
        var isDefaultParameters = true
        var retention = 0.9
        var isDefaultRetention = true
        var cutoff = 4
    }

    struct DirectoryCase: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        var active: UInt64?
        /// Profiles listed without and with deleted ones, in creation order.
        var live: [UInt64]
        var all: [UInt64]
        /// Per profile, its settings sorted by key; absent: none.
        var settings: [UInt64: [(key: String, value: SettingValue)]] = [:]
        /// Per profile, its services sorted by name, with credential references; absent: none.
        var services: [UInt64: [(service: String, credential: String)]] = [:]
        /// Per profile, its scheduler settings; absent: the defaults (FSRS-6, 0.9, 04:00).
        var scheduler: [UInt64: InForce] = [:]
        var testDescription: String { name }
    }

    /// The FSRS-5 defaults: 19 weights, w0 = 0.40255.
    static let fsrs5 = VocabularySettingsTests.fsrs5
    /// FSRS-6 defaults with w0 = 0.1 (within its bounds).
    static let fsrs6LowW0: [Double] = {
        var weights = FSRSParameters.fsrs6Default.weights.map(Double.init)
        weights[0] = 0.1
        return weights
    }()

    static let table: [DirectoryCase] = [
        // Created, never switched to: listed, not active; everything default.
        DirectoryCase(name: "one profile, nothing changed", steps: [.create(1)], active: nil, live: [1], all: [1]),
        // The switch to 2 makes it active; the switch to 9 (never created) is ignored.
        DirectoryCase(name: "a switch to an unknown profile is ignored",
                      steps: [.create(1), .create(2, child: true), .switchTo(2), .switchTo(9)], active: 2, live: [1, 2], all: [1, 2]),
        // Deleting the active profile leaves none active; switching back to it is ignored; it is
        // listed only with the deleted ones.
        DirectoryCase(name: "deleting the active profile leaves none active",
                      steps: [.create(1), .create(2), .switchTo(2), .delete(2), .switchTo(2)], active: nil, live: [1], all: [1, 2]),
        // The same, then a switch to 1: active again.
        DirectoryCase(name: "another profile can be switched to after a deletion",
                      steps: [.create(1), .create(2), .switchTo(2), .delete(2), .switchTo(1)], active: 1, live: [1], all: [1, 2]),
        // Deleting a profile that is not active keeps the active one.
        DirectoryCase(name: "deleting another profile keeps the active one",
                      steps: [.create(1), .create(2), .switchTo(1), .rename(2), .delete(2)], active: 1, live: [1], all: [1, 2]),
        // Settings go to the event's profile; ui.theme of 1 set twice: sepia (the latest) wins;
        // 2's theme is its own. Sorted by key: sound.volume before ui.theme.
        DirectoryCase(name: "settings are per profile and the latest wins",
                      steps: [.create(1), .create(2), .set(1, "ui.theme", .string("dark")), .set(2, "ui.theme", .string("light")),
                              .set(1, "sound.volume", .double(0.5)), .set(1, "ui.theme", .string("sepia"))],
                      active: nil, live: [1, 2], all: [1, 2],
                      settings: [1: [("sound.volume", .double(0.5)), ("ui.theme", .string("sepia"))], 2: [("ui.theme", .string("light"))]]),
        // A deleted profile keeps its settings (and is still only listed with the deleted).
        DirectoryCase(name: "a deleted profile keeps its settings",
                      steps: [.create(2), .set(2, "vocabulary.new-cards-per-day", .int(5)), .delete(2)],
                      active: nil, live: [], all: [2], settings: [2: [("vocabulary.new-cards-per-day", .int(5))]]),
        // Services: openai configured twice for 1 (the second reference replaces the first),
        // elevenlabs once; sorted by name. 2's openai is its own.
        DirectoryCase(name: "a reconfigured service keeps the latest credential reference",
                      steps: [.create(1), .create(2), .service(1, "openai", credential: "keychain:openai-1"),
                              .service(1, "elevenlabs", credential: "keychain:voice"),
                              .service(1, "openai", credential: "keychain:openai-2"),
                              .service(2, "openai", credential: "keychain:child-openai")],
                      active: nil, live: [1, 2], all: [1, 2],
                      services: [1: [("elevenlabs", "keychain:voice"), ("openai", "keychain:openai-2")],
                                 2: [("openai", "keychain:child-openai")]]),
        // 1 changes to the FSRS-5 weights (19 of them, w0 0.40255), retention 0.85 and cut-off
        // 06:00, then to weights with w4 = 0.5 (below its bound 1: FSRS refuses them, ignored).
        // 2 changes its retention only (0.8): default weights and cut-off.
        DirectoryCase(name: "scheduler settings are per profile; refused weights are ignored",
                      steps: [.create(1), .create(2), .weights(1, fsrs5), .retention(1, 0.85), .cutoff(1, 6),
                              .weights(1, SchedulerParametersInForceTests.outOfBounds), .retention(2, 0.8)],
                      active: nil, live: [1, 2], all: [1, 2],
                      scheduler: [1: InForce(w0: 0.40255, weightCount: 19, isDefaultParameters: false, retention: 0.85,
                                               isDefaultRetention: false, cutoff: 6),
                                  2: InForce(retention: 0.8, isDefaultRetention: false)]),
        // Each changed twice: the latest of each (FSRS-6 with w0 0.1, 0.95, midnight) is in force.
        DirectoryCase(name: "the latest scheduler change is in force",
                      steps: [.create(1), .weights(1, fsrs5), .retention(1, 0.85), .cutoff(1, 6),
                              .weights(1, fsrs6LowW0), .retention(1, 0.95), .cutoff(1, 0)],
                      active: nil, live: [1], all: [1],
                      scheduler: [1: InForce(w0: 0.1, isDefaultParameters: false, retention: 0.95, isDefaultRetention: false,
                                               cutoff: 0)]),
    ]

    /// Each history leaves the directory with exactly the expected profiles, active profile,
    /// settings, services and scheduler settings, for profiles 1, 2 and 9 alike.
    @Test(arguments: table)
    func directoryAfterHistory(_ row: DirectoryCase) throws {
        var script = EventScript()
        for (minute, step) in row.steps.enumerated() {
            let at = utc(2026, 3, 1, 9, minute)
            func record(_ event: DomainEvent, _ n: UInt64) {
                script.record(event, stream: .profile(testProfile(n)), at: at, profile: testProfile(n))
            }
            switch step {
            case .create(let n, let child):
                record(.profileCreated(ProfileCreated(profile: testProfile(n), name: PersonalDataReference(key: testUUID(0xAA0 + n)),
                                                      isChild: child)), n)
            case .rename(let n):
                record(.profileRenamed(ProfileRenamed(profile: testProfile(n), name: PersonalDataReference(key: testUUID(0xAB0 + n)))), n)
            case .switchTo(let n): record(.profileSwitched(ProfileSwitched(profile: testProfile(n))), n)
            case .delete(let n): record(.profileDeleted(ProfileDeleted(profile: testProfile(n))), n)
            case .set(let n, let key, let value): record(.settingChanged(SettingChanged(key: try SettingKey(key), value: value)), n)
            case .service(let n, let service, let credential):
                record(.externalServiceConfigured(ExternalServiceConfigured(service: service, credential: try CredentialReference(credential),
                                                                    endpoint: nil, model: nil, enabled: true)), n)
            case .weights(let n, let weights):
                record(.schedulerParametersChanged(SchedulerParametersChanged(parameters: try SchedulerParameters(weights))), n)
            case .retention(let n, let retention):
                record(.desiredRetentionChanged(DesiredRetentionChanged(retention: try DesiredRetention(retention))), n)
            case .cutoff(let n, let hour): record(.dayCutoffChanged(DayCutoffChanged(hour: try HourOfDay(hour))), n)
            }
        }
        let directory = fold(ProfilesProjection(), script.events)
        #expect(directory.activeProfile == row.active.map(testProfile))
        #expect(directory.profiles().map(\.id) == row.live.map(testProfile))
        #expect(directory.profiles(includingDeleted: true).map(\.id) == row.all.map(testProfile))
        for n in [1, 2, 9] as [UInt64] {
            let profile = testProfile(n)
            let settings = directory.settings(profile: profile)
            let expectedSettings = row.settings[n] ?? []
            #expect(settings.map(\.key.value) == expectedSettings.map(\.key), "profile \(n)")
            #expect(settings.map(\.value) == expectedSettings.map(\.value), "profile \(n)")
            for (key, value) in expectedSettings {
                #expect(directory.setting(profile: profile, key: try SettingKey(key)) == value, "profile \(n)")
            }
            let services = directory.services(profile: profile)
            let expectedServices = row.services[n] ?? []
            #expect(services.map(\.service) == expectedServices.map(\.service), "profile \(n)")
            #expect(services.map(\.credential.value) == expectedServices.map(\.credential), "profile \(n)")
            let inForce = directory.scheduler(profile: profile)
            let reported = InForce(w0: Float(try #require(inForce.parameters.weights.first)),
                                     weightCount: inForce.parameters.weights.count,
                                     isDefaultParameters: inForce.isDefaultParameters, retention: inForce.desiredRetention.value,
                                     isDefaultRetention: inForce.isDefaultRetention, cutoff: inForce.dayCutoffHour)
            #expect(reported == row.scheduler[n] ?? InForce(), "profile \(n)")
        }
    }
}
