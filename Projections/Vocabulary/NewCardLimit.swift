import Events

/// A profile's own daily new-card limit: the value of its latest valid `SettingChanged` of
/// ``SettingKey/newCardsPerDay``, which overrides the projection's configured limit for
/// that profile from that event on.
///
/// Rules, and why:
/// - Only an `.int` in ``range`` sets a limit; any other value (negative, above
///   ``range``'s upper bound, a bool, a double, a string) is ignored and the limit in force
///   stays, as the fold ignores every invalid settings change: the log may hold such an event
///   (a JSON Lines import only decodes), and guessing what it meant (clamping a negative to 0,
///   rounding 12.5) would pin a limit the person never chose.
/// - 0 is valid: no new cards at all that day.
/// - The catalog has no event that removes or resets a setting, so once a profile sets a limit
///   it keeps one (it can set it again, to the default's value too); a later change of the
///   configured default does not reach it.
package struct NewCardLimit: Sendable, Equatable {
    /// The limits a setting can give. Above 10 000 new cards a day no one studies; a larger number
    /// is a slip or a damaged value, not a wish.
    package static let range = 0...10_000

    /// New cards offered per local day, within ``range``.
    package let value: Int

    /// The limit `setting` gives, or nil when it gives none (not an `.int`, or out of ``range``).
    package init?(_ setting: SettingValue) {
        guard case .int(let number) = setting, let value = Int(exactly: number), Self.range.contains(value) else {
            return nil
        }
        self.value = value
    }
}

extension NewCardLimit: BinaryCodable {
    /// Reads a limit written by ``encode(to:)``.
    /// - Throws: ``EventDecodingError`` for a malformed integer or one out of ``range``.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let start = reader.offset
        let value = try reader.readInt()
        guard Self.range.contains(value) else {
            throw EventDecodingError(.invalidValue, "a daily new-card limit of \(value) is outside \(Self.range)",
                                     offset: start)
        }
        self.value = value
    }

    package func encode(to writer: inout BinaryWriter) { value.encode(to: &writer) }
}
