// The encoding of each value type an event field holds, as `Events/FORMAT.md`'s table of field
// types lists it: its log-body primitive (which its `BinaryCodable` conformance writes) and its
// JSON spelling (which its `Codable` conformance gave).

extension Identifier: JSONShaped { package static var jsonKind: JSONFieldKind { .uuid } }
extension PersonalDataReference: JSONShaped { package static var jsonKind: JSONFieldKind { .personalDataReference } }
extension Timestamp: JSONShaped { package static var jsonKind: JSONFieldKind { .fixedInt64 } }
extension Rating: JSONShaped { package static var jsonKind: JSONFieldKind { .byte } }
extension ElapsedTime: JSONShaped { package static var jsonKind: JSONFieldKind { .varint } }
extension PageNumber: JSONShaped { package static var jsonKind: JSONFieldKind { .varint } }
extension AttemptNumber: JSONShaped { package static var jsonKind: JSONFieldKind { .varint } }
extension ChildAge: JSONShaped { package static var jsonKind: JSONFieldKind { .varint } }
extension HourOfDay: JSONShaped { package static var jsonKind: JSONFieldKind { .varint } }
extension LanguageTag: JSONShaped { package static var jsonKind: JSONFieldKind { .string } }
extension SettingKey: JSONShaped { package static var jsonKind: JSONFieldKind { .string } }
extension CredentialReference: JSONShaped { package static var jsonKind: JSONFieldKind { .string } }
extension DesiredRetention: JSONShaped { package static var jsonKind: JSONFieldKind { .double } }
extension WordList: JSONShaped { package static var jsonKind: JSONFieldKind { .array(.string) } }
extension SchedulerParameters: JSONShaped { package static var jsonKind: JSONFieldKind { .array(.double) } }

extension ReviewMode: JSONShaped {
    /// Byte 0 `"scheduled"`, 1 `"cram"`.
    package static var jsonKind: JSONFieldKind { .enumeration(["scheduled", "cram"]) }
}

extension ErasureReason: JSONShaped {
    /// The byte is the index in `allCases`; JSON spells the raw value.
    package static var jsonKind: JSONFieldKind {
        .enumeration(["person-request", "parent-request", "retention-policy", "profile-deleted", "legal-obligation"])
    }
}

extension SettingValue: JSONShaped {
    /// Tag 0 bool, 1 int, 2 double, 3 string; `{"int": 3}`.
    package static var jsonKind: JSONFieldKind {
        .oneOf([JSONVariant("bool", .bool), JSONVariant("int", .signedVarint), JSONVariant("double", .double),
                JSONVariant("string", .string)])
    }
}

extension StoryThemes: JSONShaped {
    /// Tag 0 any (`{"any": true}`), 1 only (`{"only": [...]}`).
    package static var jsonKind: JSONFieldKind { .oneOf([JSONVariant("any", nil), JSONVariant("only", .array(.string))]) }
}

extension StoryPage: JSONShaped {
    package static var jsonKind: JSONFieldKind {
        .object(JSONShape([JSONShape.Field("number", \StoryPage.number), JSONShape.Field("text", \StoryPage.text)]))
    }
}

extension RescheduledCard: JSONShaped {
    package static var jsonKind: JSONFieldKind {
        .object(JSONShape([JSONShape.Field("card", \RescheduledCard.card), JSONShape.Field("stability", \RescheduledCard.stability),
                           JSONShape.Field("difficulty", \RescheduledCard.difficulty),
                           JSONShape.Field("intervalDays", \RescheduledCard.intervalDays),
                           JSONShape.Field("dueMs", \RescheduledCard.dueMs)]))
    }
}
