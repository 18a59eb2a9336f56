import Foundation
import EventLog
import Events

/// Why the store refused a command or could not do what was asked: a stable code, a message
/// that says what was wrong and what to do, and the context (stream, versions, field, path,
/// command) as far as it applies. A refused command has appended nothing.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The closed set of failures, stable for programs that react to them.
    public enum Code: String, Sendable, Equatable {
        /// A value breaks its type's rules (a rating of 7, an empty word list, an hour of 25).
        case invalidValue = "invalid-value"
        /// The command names a profile that does not exist.
        case unknownProfile = "unknown-profile"
        /// The profile was deleted.
        case profileDeleted = "profile-deleted"
        /// The command names a deck, card, session, test or story that does not exist.
        case unknownEntity = "unknown-entity"
        /// The thing was deleted.
        case entityDeleted = "entity-deleted"
        /// A create command reuses an id that already exists.
        case alreadyExists = "already-exists"
        /// The thing belongs to another profile.
        case wrongProfile = "wrong-profile"
        /// The thing is not in a state that allows the command (a closed session, a suspended card...).
        case invalidState = "invalid-state"
        /// A review dated before the card was created or before its previous review.
        case reviewOutOfOrder = "review-out-of-order"
        /// There is no review left to undo.
        case nothingToUndo = "nothing-to-undo"
        /// The profile's parental controls forbid the story (daily limit or theme).
        case parentalLimit = "parental-limit"
        /// A service was configured with what looks like a secret instead of a reference to one.
        case secretRejected = "secret-rejected"
        /// The stream moved on since the version the command saw.
        case conflict
        /// Another process has the store's log open for writing.
        case locked
        /// The log could not be read or written.
        case log
        /// A snapshot could not be written.
        case snapshot
        /// The personal-data side store could not be read or written.
        case personalData = "personal-data"
        /// A read model stopped on a failure or did not catch up in time.
        case readModel = "read-model"
        /// The store was closed.
        case closed
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
