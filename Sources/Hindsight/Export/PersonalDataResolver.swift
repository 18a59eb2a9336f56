import Events
import Synchronization

/// What the personal-data side store holds for a reference.
public enum PersonalValue: Sendable, Hashable {
    /// The value in the clear (a name, a story's text).
    case value(String)
    /// The value was erased (its profile was forgotten); exports show ``PersonalValue/erasedText``.
    case erased
    /// The side store has no entry for the reference; exports show ``PersonalValue/unknownText``.
    case unknown

    /// What exports write for an erased value.
    public static let erasedText = "[erased]"
    /// What exports write for a reference the side store does not know.
    public static let unknownText = "[unknown]"

    /// The text an export writes for this value.
    public var exportText: String {
        switch self {
        case .value(let text): text
        case .erased: Self.erasedText
        case .unknown: Self.unknownText
        }
    }
}

/// Looks up personal-data references (``PersonalDataReference``) in the side store beside the
/// log. The store's side store conforms; ``InMemoryPersonalData`` is a plain table for tests and
/// tools. Lookups must be cheap and must not fail: a missing entry is ``PersonalValue/unknown``.
public protocol PersonalDataResolver: Sendable {
    /// The value stored for `reference`, or whether it was erased or never stored.
    func value(of reference: PersonalDataReference) -> PersonalValue
}

/// A personal-data table in memory: references set to values, and references erased.
public final class InMemoryPersonalData: PersonalDataResolver {
    private let table: Mutex<[PersonalDataReference: PersonalValue]>

    /// A table holding `values` (none erased).
    public init(_ values: [PersonalDataReference: String] = [:]) {
        table = Mutex(values.mapValues { .value($0) })
    }

    /// Stores `text` under `reference`.
    public func set(_ text: String, for reference: PersonalDataReference) {
        table.withLock { $0[reference] = .value(text) }
    }

    /// Erases the value of `reference` (as forgetting a profile does).
    public func erase(_ reference: PersonalDataReference) {
        table.withLock { $0[reference] = .erased }
    }

    /// The value stored or erased under `reference`, or `.unknown` when it was never set.
    public func value(of reference: PersonalDataReference) -> PersonalValue {
        table.withLock { $0[reference] ?? .unknown }
    }
}
