import Events
import Projections

/// Who may act for a child's profile: a parent, meaning a live profile that is not a child's,
/// for a live child's profile. The one home of that rule, for the parental controls and for a
/// child's per-profile settings.
///
/// Rules, and why:
/// - A child can never change its own limits (or another child's), and a grown-up's profile
///   has no parental controls to set and no parent to set its settings: it changes its own.
/// - A child's own settings are the child's to change unless they are parent-controlled: a
///   catalogue key whose ``SettingDefinition/isParentControlled`` is true (the built-in daily
///   limits are), and the scheduler's desired retention and day cut-off (they set how much the
///   child studies and when its day, its limits and its streak roll over). Those only a
///   parent's profile changes, naming the child, as Screen Time and Family Link leave a child
///   its preferences and give its limits to the parent.
/// - Every change a parent makes for a child records the parent (`setBy`) in the child's
///   stream, so the child's read models fold it as the child's own setting and an audit can
///   tell who made it.
enum ParentalAuthority {
    /// A child's per-profile setting, as the rule decides who may change it and its refusals name it.
    enum ChildSetting: Sendable, Equatable {
        /// A catalogue key (``ProfileCommand/changeSetting(key:value:child:)``).
        case key(SettingKey)
        /// The scheduler's desired retention.
        case desiredRetention
        /// The hour the profile's local day starts.
        case dayCutoff

        /// How a refusal names it: `setting vocabulary.new-cards-per-day`, `the desired retention`.
        var name: String {
            switch self {
            case .key(let key): "setting \(key)"
            case .desiredRetention: "the desired retention"
            case .dayCutoff: "the day cut-off"
            }
        }

        /// Whether only a parent's profile may change it for a child: a catalogue key as its
        /// definition says (a key the catalogue does not know is not), the scheduler's always.
        func isParentControlled(in catalogue: SettingCatalogue) -> Bool {
            guard case .key(let key) = self else { return true }
            return catalogue.isParentControlled(key)
        }
    }

    /// Whose setting a settings command changes, and who changed it.
    struct SettingAuthor: Sendable, Equatable {
        /// The profile whose setting it is (the event's envelope profile).
        let owner: ProfileID
        /// The parent's profile acting for child's profile `owner`; nil when `owner` acts itself.
        let setBy: ProfileID?
        /// The stream the event goes to: the owner's profile.
        var stream: StreamID { .profile(owner) }
    }

    /// The author of a settings command about `setting`: for child's profile `child`, by the
    /// command's profile as its parent; without `child`, by the command's profile itself.
    /// - Throws: ``StoreError`` as ``requireSettingAuthor(owner:setBy:setting:_:)``.
    static func settingAuthor(of command: StoreCommand, child: ProfileID?, setting: ChildSetting,
                              _ context: DecisionContext) throws(StoreError) -> SettingAuthor {
        let author = SettingAuthor(owner: child ?? command.profile, setBy: child.map { _ in command.profile })
        try requireSettingAuthor(owner: author.owner, setBy: author.setBy, setting: setting, context)
        return author
    }

    /// Requires that profile `parent` may set or clear `child`'s parental controls.
    /// - Throws: ``StoreError`` as ``requireParent(_:of:doing:onlyFor:_:)``.
    static func requireParent(_ parent: ProfileID, of child: ProfileID, _ context: DecisionContext) throws(StoreError) {
        try requireParent(parent, of: child, doing: "set parental controls",
                          onlyFor: "parental controls apply only to profiles created with isChild: true", context)
    }

    /// Requires that `setting` of profile `owner` may be changed: by `owner` itself (`setBy`
    /// nil) unless `owner` is a child's and the setting parent-controlled, or by the parent
    /// `setBy` for a child's profile `owner`. Called by the settings commands and by the import
    /// admission of the events they emit.
    /// - Throws: ``StoreError`` `parentRequired` when a child's profile changes a parent-controlled
    ///   setting of its own or names a child; `invalidState` when `setBy` names a profile that is
    ///   not a child's; `unknownProfile`, `profileDeleted`, `profileDisabled` for either profile.
    static func requireSettingAuthor(owner: ProfileID, setBy: ProfileID?, setting: ChildSetting,
                                     _ context: DecisionContext) throws(StoreError) {
        if let parent = setBy {
            try requireParent(parent, of: owner, doing: "change \(setting.name) of a child's profile",
                              onlyFor: "a parent changes the settings of a child's profile only (created with isChild: true); "
                                  + "profile \(owner) changes its own", context)
            return
        }
        let record = try context.liveProfile(owner, field: "profile")
        guard !record.isChild || !setting.isParentControlled(in: context.settings) else {
            throw StoreError(.parentRequired, "profile \(owner) is a child's profile and \(setting.name) is parent-controlled; "
                             + "a parent's profile must send this command, naming the child (child: \(owner))",
                             stream: .profile(owner), field: "profile")
        }
    }

    /// Requires that `parent` is a live profile that is not a child's and `child` a live child's.
    /// - Throws: ``StoreError`` `parentRequired` (saying the child's profile cannot be `doing`)
    ///   when `parent` is a child's; `unknownProfile` / `profileDeleted` / `profileDisabled` for
    ///   either; `invalidState` (saying `onlyFor`) when `child` is not a child's profile.
    private static func requireParent(_ parent: ProfileID, of child: ProfileID, doing: String, onlyFor: String,
                                      _ context: DecisionContext) throws(StoreError) {
        guard try !context.liveProfile(parent, field: "profile").isChild else {
            throw StoreError(.parentRequired, "profile \(parent) is a child's profile and cannot \(doing); "
                             + "a parent's profile must send this command", stream: .profile(child), field: "profile")
        }
        let record = try context.liveProfile(child, field: "child")
        guard record.isChild else {
            throw StoreError(.invalidState, "profile \(child) is not a child's profile; \(onlyFor)",
                             stream: .profile(child), field: "child")
        }
    }
}
