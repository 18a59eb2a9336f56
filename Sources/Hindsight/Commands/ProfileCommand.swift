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
    /// Sets the profile's value of a per-profile setting in the store's ``SettingCatalogue``,
    /// with a value its type takes (e.g. ``SettingKey/newCardsPerDay``: a whole number, 0 … 10 000).
    /// With `child`, the command's profile, a parent's, sets it for child's profile `child` (the
    /// event goes to the child's stream, naming the parent); a child's profile may not change a
    /// parent-controlled setting (``SettingDefinition/isParentControlled``) of its own.
    case changeSetting(key: String, value: SettingValue, child: ProfileID? = nil)
    /// Removes the profile's value of setting `key` (read models fall back to their defaults).
    /// A key the catalogue does not know may be unset (clearing a value recorded before). With
    /// `child`, a parent's profile unsets it for the child, as ``changeSetting(key:value:child:)``.
    case unsetSetting(key: String, child: ProfileID? = nil)
    /// Sets the app-wide value of an app-wide setting in the store's ``SettingCatalogue``. A
    /// child's profile may not: an app-wide value applies to every profile.
    case changeAppSetting(key: String, value: SettingValue)
    /// Removes the app-wide value of setting `key`; a child's profile may not.
    case unsetAppSetting(key: String)
    /// `credential` names where the secret is kept, e.g. `keychain:openai-api-key`; `endpoint`
    /// an https URL (nil: the service's default), `model` the model to ask for (nil: its
    /// default); `enabled` false keeps the configuration switched off. Configuring a service
    /// again replaces its configuration.
    case configureService(service: String, credential: String, endpoint: String? = nil, model: String? = nil, enabled: Bool = true)
    /// Removes configured service `service`.
    case removeService(service: String)
    /// 19 (FSRS-5) or 21 (FSRS-6) weights.
    case changeSchedulerParameters([Double])
    /// The scheduler's target retention (0 < r < 1). Parent-controlled for a child: with
    /// `child`, a parent's profile changes the child's; a child's profile may not change its own.
    case changeDesiredRetention(Double, child: ProfileID? = nil)
    /// The hour (0-23, local) the profile's day starts. Parent-controlled for a child, as
    /// ``changeDesiredRetention(_:child:)``.
    case changeDayCutoff(hour: Int, child: ProfileID? = nil)
    /// Changes the scheduler parameters (19 or 21 weights) and, when given, the desired
    /// retention, and reschedules the listed cards as Anki's "reschedule cards on change" does:
    /// each takes the schedule recomputed from its whole history under them (a
    /// ``ScheduleRebuild`` computes it; ``ParameterChangeRecorder`` sends this command). One batch:
    /// ``SchedulerParametersChanged``, ``DesiredRetentionChanged`` (when given) and
    /// ``CardsRescheduled`` naming the parameters and the retention in force.
    /// Refused (`unknownEntity`, `wrongProfile`, `entityDeleted`, `invalidState`) when a card is
    /// unknown, another profile's, gone or never reviewed; `parentRequired` when a child's profile
    /// gives a desired retention (parent-controlled; the weights, fitted to its own reviews, are its own).
    case reschedule(parameters: [Double], desiredRetention: Double?, cards: [RescheduledCard])

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
        case .changeSetting(let key, let value, let child):
            let author = try ParentalAuthority.settingAuthor(of: command, child: child, setting: .key(try Input.settingKey(key)), context)
            let settingKey = try context.settings.checkedChange(key: key, value: value, scope: .profile)
            decision.emit(author.stream, .settingChanged(SettingChanged(key: settingKey, value: value, setBy: author.setBy)),
                          profile: author.owner)
        case .unsetSetting(let key, let child):
            let author = try ParentalAuthority.settingAuthor(of: command, child: child, setting: .key(try Input.settingKey(key)), context)
            let settingKey = try context.settings.checkedUnset(key: key, scope: .profile)
            try context.admitSettingUnset(settingKey, profile: author.owner)
            decision.emit(author.stream, .settingUnset(SettingUnset(key: settingKey, setBy: author.setBy)), profile: author.owner)
        case .changeAppSetting(let key, let value):
            try context.requireGrownUp(command.profile)
            let settingKey = try context.settings.checkedChange(key: key, value: value, scope: .app)
            decision.emit(.appSettings, .appSettingChanged(AppSettingChanged(key: settingKey, value: value)))
        case .unsetAppSetting(let key):
            try context.requireGrownUp(command.profile)
            let settingKey = try context.settings.checkedUnset(key: key, scope: .app)
            try context.requireAppSettingValue(settingKey)
            decision.emit(.appSettings, .appSettingUnset(AppSettingUnset(key: settingKey)))
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
            decision.emit(stream, .schedulerParametersChanged(SchedulerParametersChanged(parameters: try Self.parameters(weights))))
        case .changeDesiredRetention(let value, let child):
            let author = try ParentalAuthority.settingAuthor(of: command, child: child, setting: .desiredRetention, context)
            let retention = try Input.checked { () throws(EventValidationError) in try DesiredRetention(value) }
            decision.emit(author.stream, .desiredRetentionChanged(DesiredRetentionChanged(retention: retention, setBy: author.setBy)),
                          profile: author.owner)
        case .reschedule(let weights, let desiredRetention, let cards):
            try Self.decideReschedule(weights, desiredRetention, cards, command, context, into: &decision)
        case .changeDayCutoff(let hour, let child):
            let author = try ParentalAuthority.settingAuthor(of: command, child: child, setting: .dayCutoff, context)
            let value = try Input.checked { () throws(EventValidationError) in try HourOfDay(hour) }
            decision.emit(author.stream, .dayCutoffChanged(DayCutoffChanged(hour: value, setBy: author.setBy)), profile: author.owner)
        }
    }
}

extension ProfileCommand {
    /// `weights` as recorded scheduler parameters.
    /// - Throws: ``StoreError`` `invalidValue` unless they are 19 or 21 finite, valid FSRS weights.
    static func parameters(_ weights: [Double]) throws(StoreError) -> SchedulerParameters {
        let parameters = try Input.checked { () throws(EventValidationError) in try SchedulerParameters(weights) }
        do { _ = try FSRSParameters(weights) } catch {
            throw StoreError(.invalidValue, "the scheduler parameters are not valid FSRS weights: \(error.description)", field: "parameters")
        }
        return parameters
    }

    /// ``reschedule(parameters:desiredRetention:cards:)``: the parameter (and retention) change,
    /// then the cards' recomputed schedules, each card checked to be the profile's, live and reviewed.
    static func decideReschedule(_ weights: [Double], _ desiredRetention: Double?, _ cards: [RescheduledCard],
                                 _ command: StoreCommand, _ context: DecisionContext,
                                 into decision: inout Decision) throws(StoreError) {
        let stream = StreamID.profile(command.profile)
        let parameters = try parameters(weights)
        let inForce = Double(context.vocabulary.schedulerConfiguration(of: command.profile).desiredRetention)
        let retention = try Input.checked { () throws(EventValidationError) in try DesiredRetention(desiredRetention ?? inForce) }
        if desiredRetention != nil {
            try ParentalAuthority.requireSettingAuthor(owner: command.profile, setBy: nil, setting: .desiredRetention, context)
        }
        try context.admitReschedule(cards, profile: command.profile)
        decision.emit(stream, .schedulerParametersChanged(SchedulerParametersChanged(parameters: parameters)))
        if desiredRetention != nil { decision.emit(stream, .desiredRetentionChanged(DesiredRetentionChanged(retention: retention))) }
        decision.emit(stream, .cardsRescheduled(CardsRescheduled(parameters: parameters, retention: retention, cards: cards)))
    }
}
