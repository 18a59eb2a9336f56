import Testing
import TestSupport
import Hindsight
@testable import HindsightCLI

/// A command loads only the read models it reads: `.all` names every built-in one, and a
/// subset restores exactly those (the profiles always), with the same states as a full load.
@Suite struct ReadModelNeedsTests {
    @Test func allNamesEveryBuiltInReadModel() throws {
        let models = try ReadModels(configuration: ReadModelConfiguration())
        #expect(Set(ReadModelNeeds.all.projectors(of: models).map(\.name)) == Set(models.all.map(\.name)))
        #expect(ReadModelNeeds().projectors(of: models).map(\.name) == [models.profiles.name])
    }

    @Test(arguments: [ReadModelNeeds.activity, .vocabulary, [.vocabulary, .content], .studySessions, []])
    func aSubsetRestoresThoseAndNoOther(needs: ReadModelNeeds) async throws {
        let store = try DemoStore.path()
        let full = try await CurrentReadModels.load(dataDirectory: store, reading: .all)
        let some = try await CurrentReadModels.load(dataDirectory: store, reading: needs)
        #expect(some.loaded == needs && some.position == full.position)
        #expect(some.directory == full.directory)
        if needs.contains(.activity) {
            #expect(some.dailyStats == full.dailyStats && some.streaks == full.streaks && some.achievements == full.achievements)
        }
        if needs.contains(.vocabulary) { #expect(some.vocabulary == full.vocabulary) }
        if needs.contains(.content) { #expect(some.content == full.content) }
        if needs.contains(.studySessions) { #expect(some.studySessions == full.studySessions) }
    }
}
