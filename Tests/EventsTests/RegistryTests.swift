import Events
import Testing

/// The registry knows every catalog type under a unique, well-formed name.
@Suite struct RegistryTests {
    @Test func everyKindIsFoundByItsNameAndNamesAreUnique() {
        let names = EventKind.allCases.map(\.typeName)
        #expect(Set(names).count == names.count)
        #expect(names.count == 54)
        for kind in EventKind.allCases {
            #expect(EventRegistry.kind(named: kind.typeName) == kind)
            #expect(EventRegistry.isKnown(typeName: kind.typeName))
        }
    }

    @Test(arguments: ["", "vocabulary", "vocabulary.review-graded ", "Vocabulary.review-graded", "vocabulary.review-grade"])
    func nearMissesAreNotKnown(name: String) {
        #expect(EventRegistry.kind(named: name) == nil)
    }

    @Test func namesAreDomainDotKebabCase() {
        let domains: Set<Substring> = ["vocabulary", "spelling", "stories", "dictation", "profiles", "settings"]
        for (name, version) in EventRegistry.knownTypes {
            let parts = name.split(separator: ".")
            #expect(parts.count == 2 && domains.contains(parts[0]), "\(name)")
            #expect(parts.last!.allSatisfy { $0.isLowercase || $0 == "-" }, "\(name)")
            #expect(version >= 1)
        }
    }

    @Test func domainEventReportsItsTypeAndCurrentVersion() throws {
        var g = EventGenerator(seed: 3)
        for kind in EventKind.allCases {
            let event = try g.event(of: kind)
            #expect(event.kind == kind)
            #expect(event.typeName == kind.typeName)
            #expect(event.schemaVersion == kind.schemaVersion)
        }
        #expect(ReviewGraded.schemaVersion == 2 && ReviewGradedV1.schemaVersion == 1)
    }
}
