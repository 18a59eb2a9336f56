import Foundation
import Events
import Projections

/// Profiles and settings: the command's profile is the one created, renamed, switched to,
/// deleted or configured. Names are personal data (side store); a service is configured with
/// a reference to a credential held elsewhere, never the secret.
public enum ProfileCommand: Sendable {
    /// A new profile; a child's starts with ``ChildStoryDefaults`` as its parental controls.
    case create(name: String, isChild: Bool)
    case rename(name: String)
    case switchTo
    /// Deletes the profile: it takes no more commands. Its personal data stays until ``forget(reason:)``.
    case delete
    /// Erases the profile's personal data from the side store (deleted profiles too), recording
    /// when and why in the log (``ProfileForgotten``); the store erases once the event is
    /// appended, and again if the same command is sent again.
    case forget(reason: ErasureReason)
    /// Disables the profile: its commands are refused (`profileDisabled`) until ``enable``.
    case disable
    /// Enables a disabled profile again.
    case enable
    /// Any key and typed value; ``SettingKey/newCardsPerDay`` takes only the `.int` values the
    /// vocabulary read model honours, 0 … 10 000 (its `NewCardLimit.range`).
    case changeSetting(key: String, value: SettingValue)
    /// Removes the profile's value of setting `key` (read models fall back to their defaults).
    case unsetSetting(key: String)
    /// `credential` names where the secret is kept, e.g. `keychain:openai-api-key`; `endpoint`
    /// an https URL (nil: the service's default), `model` the model to ask for (nil: its
    /// default); `enabled` false keeps the configuration switched off. Configuring a service
    /// again replaces its configuration.
    case configureService(service: String, credential: String, endpoint: String? = nil, model: String? = nil, enabled: Bool = true)
    /// Removes configured service `service`.
    case removeService(service: String)
    /// 19 (FSRS-5) or 21 (FSRS-6) weights.
    case changeSchedulerParameters([Double])
    case changeDesiredRetention(Double)
    case changeDayCutoff(hour: Int)

    func decide(_ command: StoreCommand, _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        let stream = StreamID.profile(command.profile)
        if case .create(let name, let isChild) = self {
            try context.requireNew(stream, field: "profile")
            let reference = decision.personal(try Input.nonEmpty(name, field: "name"))
            decision.emit(stream, .profileCreated(ProfileCreated(profile: command.profile, name: reference, isChild: isChild)))
            if isChild { decision.emit(stream, .parentalControlsChanged(ChildStoryDefaults.controls)) }
            return
        }
        if case .enable = self {
            try context.admitEnabling(command.profile)
            decision.emit(stream, .profileEnabled(ProfileEnabled(profile: command.profile)))
            return
        }
        if case .forget(let reason) = self {
            try context.admitForgetting(command.profile)
            decision.emit(stream, .profileForgotten(ProfileForgotten(profile: command.profile, reason: reason)))
            return
        }
        try context.activeProfile(command)
        switch self {
        case .create, .forget, .enable:
            break
        case .disable:
            decision.emit(stream, .profileDisabled(ProfileDisabled(profile: command.profile)))
        case .rename(let name):
            let reference = decision.personal(try Input.nonEmpty(name, field: "name"))
            decision.emit(stream, .profileRenamed(ProfileRenamed(profile: command.profile, name: reference)))
        case .switchTo:
            decision.emit(stream, .profileSwitched(ProfileSwitched(profile: command.profile)))
        case .delete:
            decision.emit(stream, .profileDeleted(ProfileDeleted(profile: command.profile)))
        case .changeSetting(let key, let value):
            let settingKey = try Input.checked { () throws(EventValidationError) in try SettingKey(key) }
            if case .double(let number) = value { _ = try Input.checked { () throws(EventValidationError) in try SettingValue.finite(number) } }
            if settingKey == .newCardsPerDay, NewCardLimit(value) == nil {
                throw StoreError(.invalidValue, "\(settingKey) takes a whole number of new cards per day from "
                                 + "\(NewCardLimit.range.lowerBound) to \(NewCardLimit.range.upperBound), not \(value)",
                                 field: "value")
            }
            decision.emit(stream, .settingChanged(SettingChanged(key: settingKey, value: value)))
        case .unsetSetting(let key):
            let settingKey = try Input.checked { () throws(EventValidationError) in try SettingKey(key) }
            try context.admitSettingUnset(settingKey, profile: command.profile)
            decision.emit(stream, .settingUnset(SettingUnset(key: settingKey)))
        case .configureService(let service, let credential, let endpoint, let model, let enabled):
            let name = try Input.nonEmpty(service, field: "service")
            let reference = try CredentialPolicy.reference(credential)
            let url = try endpoint.map { text throws(StoreError) in try EndpointPolicy.endpoint(text) }
            let modelName = try model.map { text throws(StoreError) in try Input.nonEmpty(text, field: "model") }
            decision.emit(stream, .externalServiceConfigured(ExternalServiceConfigured(service: name, credential: reference, endpoint: url,
                                                                                       model: modelName, enabled: enabled)))
        case .removeService(let service):
            let name = try Input.nonEmpty(service, field: "service")
            try context.admitServiceRemoval(name, profile: command.profile)
            decision.emit(stream, .externalServiceRemoved(ExternalServiceRemoved(service: name)))
        case .changeSchedulerParameters(let weights):
            let parameters = try Input.checked { () throws(EventValidationError) in try SchedulerParameters(weights) }
            do { _ = try FSRSParameters(weights) } catch {
                throw StoreError(.invalidValue, "the scheduler parameters are not valid FSRS weights: \(error.description)", field: "parameters")
            }
            decision.emit(stream, .schedulerParametersChanged(SchedulerParametersChanged(parameters: parameters)))
        case .changeDesiredRetention(let value):
            let retention = try Input.checked { () throws(EventValidationError) in try DesiredRetention(value) }
            decision.emit(stream, .desiredRetentionChanged(DesiredRetentionChanged(retention: retention)))
        case .changeDayCutoff(let hour):
            let value = try Input.checked { () throws(EventValidationError) in try HourOfDay(hour) }
            decision.emit(stream, .dayCutoffChanged(DayCutoffChanged(hour: value)))
        }
    }
}
