import Events
import FSRS
import Projections

/// The scheduler configuration in force for one profile as its settings events are read in
/// log order: the default until a `SchedulerParametersChanged`, `DesiredRetentionChanged` or
/// `DayCutoffChanged` of that profile changes it, from that event's position on. A change
/// that would make an invalid configuration is ignored (the old one stays), exactly as the
/// vocabulary read model does.
struct SchedulingInForce: Sendable {
    /// The configuration in force now.
    private(set) var configuration: SchedulerConfiguration

    /// The default configuration, before any change.
    init(_ configuration: SchedulerConfiguration) { self.configuration = configuration }

    /// Applies `event` if it is a settings change of `profile`; returns whether it changed
    /// the configuration.
    @discardableResult
    mutating func observe(_ event: RecordedEvent, profile: ProfileID) -> Bool {
        guard event.profile == profile else { return false }
        var next = configuration
        switch event.event {
        case .schedulerParametersChanged(let change):
            guard let parameters = change.fsrsParameters else { return false }
            next.parameters = parameters
        case .desiredRetentionChanged(let change):
            next.desiredRetention = Float(change.retention.value)
        case .dayCutoffChanged(let change):
            next.dayCutoffHour = change.hour.value
        default:
            return false
        }
        guard let valid = try? SchedulerConfiguration(
            parameters: next.parameters, desiredRetention: next.desiredRetention,
            maximumInterval: next.maximumInterval, dayCutoffHour: next.dayCutoffHour,
            learningSteps: next.learningSteps, relearningSteps: next.relearningSteps, fuzz: next.fuzz),
            valid != configuration
        else { return false }
        configuration = valid
        return true
    }
}
