import Events

/// Folds the study-session events and the reviews into ``StudySessionLog``.
///
/// - `StudySessionStarted` opens the session for the event's profile, after the session lifecycle
///   (``OpenSessions``): a session started again starts over, and the session the profile left
///   open is abandoned (it keeps the figures of the reviews made while it was open, and no end).
/// - `ReviewGraded` (scheduled or cram) counts in the session its profile has open, if any:
///   reviews carry no session, so a session is the time between its start and its end.
/// - `ReviewUndone` takes the undone review back out of the profile's open session (an undo after
///   the session closed leaves its figures as they were: they are final once it closes).
/// - `StudySessionEnded` closes an open session with the figures of its reviews; the end of a
///   session not open (abandoned, say) changes nothing.
/// - `DayCutoffChanged` moves the profile's local days (a session's day is its start's).
/// Never throws.
package struct StudySessionsProjection: Projection {
    package typealias State = StudySessionLog

    package static let name = "study-sessions"
    package static let version: UInt32 = 1

    /// The day cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int

    /// A projection whose days start at `defaultCutoffHour` until a profile changes it.
    package init(defaultCutoffHour: Int) { self.defaultCutoffHour = defaultCutoffHour }

    package var fingerprint: UInt64 { StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour))) }

    package func makeInitialState() -> StudySessionLog {
        StudySessionLog(calendar: ProfileCalendar(defaultCutoffHour: defaultCutoffHour))
    }

    /// The session events, reviews and their undos, and day cut-off changes.
    package var kinds: EventKindSet {
        EventKindSet(.studySessionStarted, .studySessionEnded, .reviewGraded, .reviewUndone, .dayCutoffChanged)
    }

    package func apply(_ event: RecordedEvent, to state: inout StudySessionLog) {
        switch event.event {
        case .reviewGraded(let review):
            Self.count(review, id: event.id, profile: event.profile, in: &state)
        case .reviewUndone(let undo):
            Self.takeBack(undo, profile: event.profile, in: &state)
        case .studySessionStarted(let started):
            let session = StudySession(id: started.session, profile: event.profile, deck: started.deck,
                                       started: event.occurred, day: state.calendar.day(of: event))
            state.sessions[started.session] = session
            if let abandoned = state.open.startAbandoning(started.session, owner: event.profile, value: [:]) {
                state.sessions[abandoned.session]?.close(.abandoned, at: nil, reviews: abandoned.value)
            }
        case .studySessionEnded(let ended):
            guard let reviews = state.open.end(ended.session) else { return }
            state.sessions[ended.session]?.close(.ended, at: event.occurred, reviews: reviews)
        case .dayCutoffChanged:
            state.calendar.observe(event)
        default:
            return
        }
    }

    /// Counts review `id` in the session `profile` has open, if any.
    @inline(__always)
    private static func count(_ review: ReviewGraded, id: EventID, profile: ProfileID, in state: inout StudySessionLog) {
        guard !state.open.isEmpty, let session = state.open.session(of: profile) else { return }
        state.open.modify(session) {
            $0[id] = SessionReview(card: review.card, rating: review.rating, durationMs: review.duration.countedMilliseconds)
        }
    }

    /// Takes the undone review back out of the session `profile` has open, if any.
    @inline(__always)
    private static func takeBack(_ undo: ReviewUndone, profile: ProfileID, in state: inout StudySessionLog) {
        guard !state.open.isEmpty, let session = state.open.session(of: profile) else { return }
        state.open.modify(session) { $0[undo.review] = nil }
    }

    /// The batch fold: one `switch` on each event's case picks the kinds of ``kinds`` without
    /// copying the others; reviews and undos (nearly every event it folds) are read in place, as
    /// ``apply(_:to:)`` reads them, the rest go through ``apply(_:to:)``.
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout StudySessionLog) -> BatchOutcome {
        applyInPlace(batch, after: checkpoint, to: &state) { events, index, state in
            switch events[index].event {
            case .reviewGraded(let review):
                Self.count(review, id: events[index].id, profile: events[index].profile, in: &state)
            case .reviewUndone(let undo):
                Self.takeBack(undo, profile: events[index].profile, in: &state)
            case .studySessionStarted, .studySessionEnded, .dayCutoffChanged:
                apply(events[index], to: &state)
            default:
                break
            }
        }
    }
}

extension StudySession {
    /// Closes the session as `outcome` at `time` with the figures of `reviews`.
    mutating func close(_ outcome: Outcome, at time: EventTime?, reviews: [EventID: SessionReview]) {
        self.outcome = outcome
        ended = time
        figures = StudySessionFigures(reviews.values)
    }
}
