// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Profiles: created, renamed, switched, deleted. Stream: `profile`. Names are personal-data references.

/// A profile was created.
public struct ProfileCreated: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-created" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new profile.
    public let profile: ProfileID
    /// Its name.
    public let name: PersonalDataReference
    /// Whether it belongs to a child (parental controls apply).
    public let isChild: Bool

    /// The event with these (already validated) values.
    public init(profile: ProfileID, name: PersonalDataReference, isChild: Bool) {
        self.profile = profile
        self.name = name
        self.isChild = isChild
    }
}

/// A profile was renamed.
public struct ProfileRenamed: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-renamed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The profile.
    public let profile: ProfileID
    /// Its new name.
    public let name: PersonalDataReference

    /// The event with these (already validated) values.
    public init(profile: ProfileID, name: PersonalDataReference) {
        self.profile = profile
        self.name = name
    }
}

/// The app's active profile changed.
public struct ProfileSwitched: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-switched" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The profile now active.
    public let profile: ProfileID

    /// The event with these (already validated) values.
    public init(profile: ProfileID) {
        self.profile = profile
    }
}

/// A profile was deleted: the store takes no more commands for it. Its personal data (names,
/// story text) stays in the side store until the profile is forgotten (``ProfileForgotten``).
public struct ProfileDeleted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-deleted" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The profile.
    public let profile: ProfileID

    /// The event with these (already validated) values.
    public init(profile: ProfileID) {
        self.profile = profile
    }
}

/// A profile's personal data (its names, a child's name, story titles and text) was erased from
/// the side store; the log, its statistics and the references stay. Records when (the envelope's
/// time) and why, for an audit, and holds no personal data itself.
public struct ProfileForgotten: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-forgotten" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The profile whose personal data was erased.
    public let profile: ProfileID
    /// Why.
    public let reason: ErasureReason

    /// The event with these (already validated) values.
    public init(profile: ProfileID, reason: ErasureReason) {
        self.profile = profile
        self.reason = reason
    }
}

/// A profile was disabled: the store refuses its commands (except enabling it) until it is enabled again; nothing of it is lost.
public struct ProfileDisabled: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-disabled" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The profile.
    public let profile: ProfileID

    /// The event with these (already validated) values.
    public init(profile: ProfileID) {
        self.profile = profile
    }
}

/// A disabled profile was enabled again.
public struct ProfileEnabled: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "profiles.profile-enabled" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The profile.
    public let profile: ProfileID

    /// The event with these (already validated) values.
    public init(profile: ProfileID) {
        self.profile = profile
    }
}
