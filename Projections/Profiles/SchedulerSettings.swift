import Events

/// The scheduler settings in force for a profile: the latest `SchedulerParametersChanged` whose
/// weights FSRS accepts and the latest `DesiredRetentionChanged` (the configured defaults before
/// any), and its day cut-off hour.
public struct SchedulerSettings: Sendable, Equatable {
    /// The FSRS weights in force (pass `parameters.weights` to `FSRSParameters`).
    public let parameters: SchedulerParameters
    /// Whether ``parameters`` are the defaults (no change recorded).
    public let isDefaultParameters: Bool
    /// The desired retention in force.
    public let desiredRetention: DesiredRetention
    /// Whether ``desiredRetention`` is the default (no change recorded).
    public let isDefaultRetention: Bool
    /// The local hour at which the profile's day starts.
    public let dayCutoffHour: Int
}

/// The scheduler changes recorded for one profile (nil: never changed).
struct SchedulerChanges: Sendable, Equatable {
    var parameters: SchedulerParameters?
    var retention: DesiredRetention?
}

extension SchedulerChanges: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        parameters = try SchedulerParameters?(from: &reader)
        retention = try DesiredRetention?(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        parameters.encode(to: &writer)
        retention.encode(to: &writer)
    }
}
