// Log (binary) encoding of the events in RescheduleEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension CardsRescheduled: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("parameters", \CardsRescheduled.parameters),
        JSONShape.Field("retention", \CardsRescheduled.retention),
        JSONShape.Field("cards", \CardsRescheduled.cards),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        parameters = try SchedulerParameters(from: &reader)
        retention = try DesiredRetention(from: &reader)
        cards = try [RescheduledCard](from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        parameters.encode(to: &writer)
        retention.encode(to: &writer)
        cards.encode(to: &writer)
    }
}
