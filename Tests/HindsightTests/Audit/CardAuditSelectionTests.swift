import Events
import Testing
import TestSupport
@testable import Hindsight

/// An audit read from a store decodes only the records that may concern its card (the others
/// are passed over on their envelope and first bytes), and is the same audit as one of every
/// event of the log, for every card and cut.
@Suite struct CardAuditSelectionTests {
    /// The kinds passed over for another card name their card first, so reading 16 bytes decides.
    @Test func theKindsPassedOverNameTheirCardFirst() {
        let kinds = EventKind.allCases.filter(CardAuditor.concernsOneCard)
        #expect(kinds.count == 7)
        for kind in kinds {
            let first = kind.jsonShape.fields.first
            #expect(first.map { "\($0.key)" } == "card", "\(kind.typeName)")
            guard case .uuid? = first?.kind else {
                Issue.record("\(kind.typeName): its first field is not a UUID")
                continue
            }
        }
    }

    @Test(arguments: [2, 23] as [UInt64])
    func anAuditOfTheStoreEqualsOneOfEveryEvent(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await RetentionHistoryTests.history(f, seed: seed)
        let history = LogHistory(dataDirectory: f.directory.path)
        let all = try await history.events()
        let midway = all[all.count / 2]
        let cuts: [AsOf] = [.latest, .position(UInt64(all.count / 3)), .instant(midway.recordedAt), .occurred(midway.occurred.instant)]
        let configuration = ReadModelConfiguration().scheduler
        for cut in cuts {
            let events = try await history.events(asOf: cut)
            let position = events.last?.position ?? 0
            for n: UInt64 in [1, 4, 10] {
                let read = try await CardAuditor.audit(card: Ids.card(n), dataDirectory: f.directory.path, asOf: cut,
                                                       defaultConfiguration: configuration)
                let whole = try CardAuditor.audit(card: Ids.card(n), events: events, defaultConfiguration: configuration)
                #expect(read == whole.at(position: position), "seed \(seed), \(cut), card \(n)")
                #expect(!read.reviews.isEmpty)
            }
        }
    }
}
