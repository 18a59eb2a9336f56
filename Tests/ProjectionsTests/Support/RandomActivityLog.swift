import TestSupport
@testable import Events
@testable import Projections

/// A seeded, mixed activity log: three profiles at different UTC offsets, cards created and
/// reviewed (scheduled and cram), undos of recent reviews, spelling sessions on one test (some
/// perfect, some with hints and retries, some left open and so abandoned by the profile's next
/// start), stories, dictations, a cut-off change, cards deleted and created again, and cards
/// reset to new or given a due date by hand (some by a profile that does not own them), spread
/// over a few weeks.
func randomActivityLog(seed: UInt64, count: Int) -> [RecordedEvent] {
    var rng = SplitMix64(seed: seed)
    let profiles = [ProfileID(testUUID(0xA1)), ProfileID(testUUID(0xA2)), ProfileID(testUUID(0xA3))]
    let offsets = [3600, -18_000, 19_800]
    var script = EventScript()
    var lastReview: [UInt64: RecordedEvent] = [:]
    var minute: Int64 = 0
    for card in 1...20 as ClosedRange<UInt64> {
        script.createCard(card, at: utc(2026, 2, 1), profile: profiles[Int(card % 2)])
    }
    // The test the sessions practise: a session spelling its three words, all right, is perfect.
    script.createSpellingTest(words: ["w0", "W1", "w2 "], at: utc(2026, 2, 1), profile: profiles[0])
    while script.events.count < count {
        minute += Int64(rng.next() % 400)
        let at = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + minute * 60_000)
        let who = Int(rng.next() % 3)
        let (profile, offset) = (profiles[who], offsets[who])
        switch rng.next() % 10 {
        case 0...4:
            let card = 1 + rng.next() % 20
            let rating = Rating(rawValue: UInt8(1 + rng.next() % 4))!
            lastReview[card] = script.review(card, rating, mode: rng.next() % 6 == 0 ? .cram : .scheduled,
                                             seconds: Int64(rng.next() % 40), at: at, utcOffsetSeconds: offset,
                                             profile: profiles[Int(card % 2)])
        case 5:
            if let card = lastReview.keys.min(), let review = lastReview.removeValue(forKey: card) {
                script.undo(review, at: at)
            }
        case 6:
            let session = rng.next() % 5
            script.startSpelling(session, at: at, profile: profile)
            for word in 0..<(1 + rng.next() % 3) {
                script.spell(session, "w\(word)", correct: rng.next() % 4 != 0, attempt: 1 + Int(rng.next() % 5 / 4),
                             hints: UInt32(rng.next() % 7 / 4), at: at, profile: profile)
            }
            if rng.next() % 4 != 0 { script.endSpelling(session, at: at, profile: profile) }     // else left open
        case 7:
            script.generateStory(rng.next() % 15, at: at, profile: profile)
        case 8:
            script.readStory(rng.next() % 15, finished: rng.next() % 3 != 0, at: at, profile: profile)
        default:
            if rng.next() % 20 == 0 {
                script.changeCutoff(to: Int(rng.next() % 6), at: at, profile: profile)
            } else if rng.next() % 8 == 0 {
                let card = 1 + rng.next() % 20
                script.deleteCard(card, at: at, profile: profiles[Int(card % 2)])
                script.createCard(card, at: at, profile: profiles[Int(card % 2)])
                lastReview[card] = nil
            } else if rng.next() % 5 == 0 {
                let card = 1 + rng.next() % 20
                let owner = rng.next() % 8 == 0 ? profile : profiles[Int(card % 2)]
                script.changeByHand(card, dueMs: rng.next() % 2 == 0 ? nil : at.milliseconds + 86_400_000, at: at, profile: owner)
                if owner == profiles[Int(card % 2)] { lastReview[card] = nil }
            } else {
                script.dictate(words: UInt32(rng.next() % 80), seconds: Int64(rng.next() % 120), at: at, profile: profile)
            }
        }
    }
    return script.events
}
