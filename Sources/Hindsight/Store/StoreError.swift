import Foundation
import EventLog
import Events

/// Why the store refused a command or could not do what was asked: a stable code, a message
/// that says what was wrong and what to do, and the context (stream, versions, field, path,
/// command) as far as it applies. A refused command has appended nothing.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A value breaks its type's rules (a rating of 7, an empty word list, an hour of 25).
        public static let invalidValue = Code(rawValue: "invalid-value")
        /// A setting command names a key the store's setting catalogue does not know
        /// (``SettingCatalogue``): define it in ``StoreOptions/settings`` or use a known key.
        public static let unknownSetting = Code(rawValue: "unknown-setting")
        /// The command names a profile that does not exist.
        public static let unknownProfile = Code(rawValue: "unknown-profile")
        /// The profile was deleted.
        public static let profileDeleted = Code(rawValue: "profile-deleted")
        /// The command names a deck, card, session, test or story that does not exist.
        public static let unknownEntity = Code(rawValue: "unknown-entity")
        /// The profile is disabled: enable it before acting as it.
        public static let profileDisabled = Code(rawValue: "profile-disabled")
        /// The thing was deleted.
        public static let entityDeleted = Code(rawValue: "entity-deleted")
        /// A create command reuses an id that already exists.
        public static let alreadyExists = Code(rawValue: "already-exists")
        /// The thing belongs to another profile.
        public static let wrongProfile = Code(rawValue: "wrong-profile")
        /// The thing is not in a state that allows the command (a closed session, a suspended card...).
        public static let invalidState = Code(rawValue: "invalid-state")
        /// A review dated before the card was created or before its previous review.
        public static let reviewOutOfOrder = Code(rawValue: "review-out-of-order")
        /// There is no review left to undo.
        public static let nothingToUndo = Code(rawValue: "nothing-to-undo")
        /// The profile's parental controls forbid the story (daily limit or theme).
        public static let parentalLimit = Code(rawValue: "parental-limit")
        /// Only a parent (a profile that is not a child's) may do this: set or clear a child's
        /// parental controls.
        public static let parentRequired = Code(rawValue: "parent-required")
        /// A service was configured with what looks like a secret instead of a reference to one.
        public static let secretRejected = Code(rawValue: "secret-rejected")
        /// The stream moved on since the version the command saw.
        public static let conflict = Code(rawValue: "conflict")
        /// Another process has the store's log open for writing.
        public static let locked = Code(rawValue: "locked")
        /// The log could not be read or written.
        public static let log = Code(rawValue: "log")
        /// A snapshot could not be written.
        public static let snapshot = Code(rawValue: "snapshot")
        /// The personal-data side store could not be read or written.
        public static let personalData = Code(rawValue: "personal-data")
        /// A read model stopped on a failure or did not catch up in time.
        public static let readModel = Code(rawValue: "read-model")
        /// The store was closed.
        public static let closed = Code(rawValue: "closed")
    }

    /// What kind of failure this is.
    public let code: Code
    /// What was wrong and what to do.
    public let message: String
    /// The stream concerned, if any.
    public var stream: StreamID?
    /// The stream version the command expected (conflicts).
    public var expectedVersion: UInt64?
    /// The stream's actual version (conflicts).
    public var actualVersion: UInt64?
    /// The command field holding the bad value, if any.
    public var field: String?
    /// The file or directory concerned, if any.
    public var path: String?
    /// The command refused, if any.
    public var commandID: UUID?

    /// An error of kind `code` saying `message`.
    public init(_ code: Code, _ message: String, stream: StreamID? = nil, expectedVersion: UInt64? = nil,
                actualVersion: UInt64? = nil, field: String? = nil, path: String? = nil, commandID: UUID? = nil) {
        self.code = code
        self.message = message
        self.stream = stream
        self.expectedVersion = expectedVersion
        self.actualVersion = actualVersion
        self.field = field
        self.path = path
        self.commandID = commandID
    }

    public var description: String {
        var context: [String] = []
        if let commandID { context.append("command \(commandID.uuidString)") }
        if let stream { context.append("stream \(stream)") }
        if let expectedVersion { context.append("expected version \(expectedVersion)") }
        if let actualVersion { context.append("actual version \(actualVersion)") }
        if let field { context.append("field \(field)") }
        if let path { context.append("path \(path)") }
        return "[\(code.rawValue)] \(message)" + (context.isEmpty ? "" : " (" + context.joined(separator: ", ") + ")")
    }
}

extension StoreError {
    /// `error` (a value that broke its type's rules) as a store error naming the field.
    init(_ error: EventValidationError) {
        self.init(.invalidValue, error.message, field: error.field)
    }

    /// `error` of the log as a store error (`locked` when another writer holds it).
    init(_ error: LogError) {
        self.init(error.code == .locked ? .locked : .log, error.description, path: error.directory)
    }
}
