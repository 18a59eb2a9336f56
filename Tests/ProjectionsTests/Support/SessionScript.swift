import Foundation
@testable import Events
@testable import Projections

/// Shorthands over ``EventScript`` for the study-session read model's tests.
extension EventScript {
    /// The id of study session `n`.
    static func studySession(_ n: UInt64) -> StudySessionID { StudySessionID(testUUID(0x5E00 + n)) }

    /// Starts study session `n` (all decks).
    mutating func startStudy(_ n: UInt64, at time: Timestamp, utcOffsetSeconds: Int? = nil, profile: ProfileID? = nil) {
        let session = Self.studySession(n)
        record(.studySessionStarted(StudySessionStarted(session: session, deck: nil)), stream: .studySession(session),
               at: time, utcOffsetSeconds: utcOffsetSeconds, profile: profile)
    }

    /// Ends study session `n`.
    mutating func endStudy(_ n: UInt64, at time: Timestamp, profile: ProfileID? = nil) {
        let session = Self.studySession(n)
        record(.studySessionEnded(StudySessionEnded(session: session)), stream: .studySession(session), at: time, profile: profile)
    }
}
