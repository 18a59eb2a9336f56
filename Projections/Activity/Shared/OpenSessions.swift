import Events

/// The session lifecycle, one rule for the store's command ledger (study and spelling sessions),
/// the spelling read model, the study-session read model and the achievements' perfect-session tallies:
///
/// - An owner (a profile; for the ledger, a profile and a kind of session) has at most one
///   session open: a person practises one session of a kind at a time.
/// - A start first closes the session it names if that is open (a session started again starts
///   over), then abandons the session its owner left open (an app killed mid-session).
/// - An abandoned session is dropped with its value, so it scores nothing and unlocks nothing
///   (what its attempts already counted stays counted); a later attempt or end naming it finds
///   nothing open, and the store refuses commands on it.
/// - Sessions of different owners never affect each other, so open sessions are bounded by the
///   owners, not by the log's length.
///
/// A value type with no effects: each user keeps its own `Value` (the ledger the profile, the
/// spelling read model the session's first tries, the achievements its tally) and its own
/// snapshot encoding, and decodes through ``restore(_:owner:value:)``, which keeps the rule.
package struct OpenSessions<Session: Hashable & Sendable, Owner: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One open session: its owner and what its user keeps of it.
    package struct Entry: Sendable {
        /// Whose session it is.
        package let owner: Owner
        /// What the user keeps of it.
        package var value: Value
    }

    /// The open sessions.
    package private(set) var entries: [Session: Entry] = [:]
    /// The session each owner has open (derived from ``entries``).
    package private(set) var sessionByOwner: [Owner: Session] = [:]

    /// No session open.
    package init() {}

    /// Whether no session is open.
    @inline(__always) package var isEmpty: Bool { entries.isEmpty }
    /// How many sessions are open.
    package var count: Int { entries.count }
    /// The open sessions' ids.
    package var keys: Dictionary<Session, Entry>.Keys { entries.keys }

    /// The value of the open session `session`, nil when it is not open. Setting changes the
    /// value of an open session only (its owner stays; nil or a session not open changes nothing).
    package subscript(session: Session) -> Value? {
        get { entries[session]?.value }
        set {
            guard let newValue, entries[session] != nil else { return }
            entries[session]!.value = newValue
        }
    }

    /// Starts `session` for `owner`: closes `session` if open, abandons the session `owner` left
    /// open, then opens `session` with `value` (with nil, opens nothing: a start the user cannot
    /// follow, such as one on an unknown test, still abandons).
    /// - Returns: the session abandoned, if any.
    /// - Complexity: O(1) expected.
    @discardableResult
    package mutating func start(_ session: Session, owner: Owner, value: Value?) -> Session? {
        startAbandoning(session, owner: owner, value: value)?.session
    }

    /// ``start(_:owner:value:)``, for a user that keeps something of an abandoned session (the
    /// study-session read model shows it, marked abandoned).
    /// - Returns: the session abandoned and its value, if any.
    /// - Complexity: O(1) expected.
    @discardableResult
    package mutating func startAbandoning(_ session: Session, owner: Owner, value: Value?) -> (session: Session, value: Value)? {
        end(session)
        var abandoned: (session: Session, value: Value)?
        if let left = sessionByOwner.removeValue(forKey: owner), let entry = entries.removeValue(forKey: left) {
            abandoned = (left, entry.value)
        }
        if let value {
            entries[session] = Entry(owner: owner, value: value)
            sessionByOwner[owner] = session
        }
        return abandoned
    }

    /// The session `owner` has open, nil when none.
    package func session(of owner: Owner) -> Session? { sessionByOwner[owner] }

    /// Ends (or forgets) `session`.
    /// - Returns: its value, nil when it was not open (never started, ended or abandoned).
    /// - Complexity: O(1) expected.
    @discardableResult
    package mutating func end(_ session: Session) -> Value? {
        guard let entry = entries.removeValue(forKey: session) else { return nil }
        sessionByOwner[entry.owner] = nil
        return entry.value
    }

    /// Changes the value of the open session `session` in place.
    /// - Returns: what `change` returns, nil when the session is not open.
    /// - Complexity: O(1) expected.
    @inline(__always)
    package mutating func modify<Result>(_ session: Session, _ change: (inout Value) -> Result) -> Result? {
        guard !entries.isEmpty, let index = entries.index(forKey: session) else { return nil }
        return change(&entries.values[index].value)
    }

    /// Puts back an open session read from a snapshot, unless its owner already has one open.
    /// - Returns: the owner's other open session when there is one (nothing is put back: a
    ///   snapshot holding it is damaged), else nil.
    package mutating func restore(_ session: Session, owner: Owner, value: Value) -> Session? {
        if let other = sessionByOwner[owner] { return other }
        entries[session] = Entry(owner: owner, value: value)
        sessionByOwner[owner] = session
        return nil
    }
}

extension OpenSessions.Entry: Equatable where Value: Equatable {}

extension OpenSessions: Equatable where Value: Equatable {
    /// Equal when the same sessions are open, of the same owners, with equal values.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }
}
