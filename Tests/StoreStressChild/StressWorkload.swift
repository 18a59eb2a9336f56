import Foundation
import TestSupport
import Hindsight
import Projections

/// The commands the kill test's child sends: per worker task, its own profile and deck (set up
/// with fixed ids, so a restart finds them), then cards created, reviewed, reviews undone, study
/// sessions opened and closed, dictations, in an order drawn from the seed. Every command is
/// valid on the state the worker's own acknowledged commands made, whatever other workers do,
/// so any refusal is a bug.
enum StressWorkload {
    /// Concurrent tasks sending commands.
    static let workers = 4

    /// Sends commands from `workers` tasks until the process is killed; `acknowledged` is called
    /// with each command's id once `send` returned.
    /// - Throws: the first ``StoreError`` a send throws.
    static func run(_ store: Store, seed: UInt64, workers: Int,
                    acknowledged: @escaping @Sendable (UUID) -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for worker in 0..<workers {
                tasks.addTask {
                    var state = Worker(seed: seed, worker: worker)
                    for command in state.setup() {
                        _ = try await store.send(command)
                        acknowledged(command.id)
                    }
                    while true {
                        let command = state.next()
                        _ = try await store.send(command)
                        acknowledged(command.id)
                    }
                }
            }
            try await tasks.waitForAll()
        }
    }

    /// One worker's generator and what its acknowledged commands made.
    struct Worker {
        let seed: UInt64
        let worker: Int
        var random: SplitMix64
        var counter: UInt64 = 0
        var cards: [CardID] = []
        /// Reviews not undone, per card.
        var reviews: [CardID: Int] = [:]
        var session: StudySessionID?

        init(seed: UInt64, worker: Int) {
            self.seed = seed
            self.worker = worker
            random = SplitMix64(seed: seed &* 0x1000_0001 &+ UInt64(worker))
        }

        var profile: ProfileID { ProfileID(Self.uuid(0xA0, UInt64(worker), 0)) }
        var deck: DeckID { DeckID(Self.uuid(0xA1, UInt64(worker), 0)) }

        /// The worker's profile and deck (fixed ids: a restart's setup is a retry).
        func setup() -> [StoreCommand] {
            let time = time(minute: 0)
            return [StoreCommand(id: Self.uuid(0xB0, UInt64(worker), 0), profile: profile, time: time,
                                 .profiles(.create(name: "Worker \(worker)", isChild: false))),
                    StoreCommand(id: Self.uuid(0xB1, UInt64(worker), 0), profile: profile, time: time,
                                 .vocabulary(.createDeck(deck, name: "Deck \(worker)")))]
        }

        /// The next command, assumed acknowledged before the one after it is asked for.
        mutating func next() -> StoreCommand {
            counter += 1
            let id = Self.uuid(0xC0 | UInt8(worker & 0x0F), seed, counter)
            let time = time(minute: counter)
            let draw = random.next() % 10
            let action: StoreCommand.Action
            if cards.isEmpty || draw < 2 {
                let card = CardID(Self.uuid(0xD0 | UInt8(worker & 0x0F), seed, counter))
                cards.append(card)
                action = .vocabulary(.createCard(card, deck: deck, front: "word \(counter)", back: "meaning \(counter)"))
            } else if draw < 7 {
                let card = cards[Int(random.next() % UInt64(cards.count))]
                // The store keeps the latest `CardHistoryRule.undoDepth` reviews of a card undoable.
                reviews[card] = min(reviews[card, default: 0] + 1, CardHistoryRule.undoDepth)
                action = .vocabulary(.review(card, rating: Rating.allCases[Int(random.next() % 4)], duration: .milliseconds(Int64(random.next() % 20_000))))
            } else if draw == 7, case let undoable = cards.filter({ reviews[$0, default: 0] > 0 }), !undoable.isEmpty {
                // Chosen from the ordered list (a dictionary's order changes from process to process).
                let card = undoable[Int(random.next() % UInt64(undoable.count))]
                reviews[card]! -= 1
                action = .vocabulary(.undoLastReview(card))
            } else if draw == 8 {
                if let open = session {
                    session = nil
                    action = .vocabulary(.endStudySession(open))
                } else {
                    let started = StudySessionID(Self.uuid(0xE0 | UInt8(worker & 0x0F), seed, counter))
                    session = started
                    action = .vocabulary(.startStudySession(started, deck: deck))
                }
            } else {
                action = .dictation(.finish(wordCount: Int(random.next() % 200), duration: .milliseconds(30_000), language: "en"))
            }
            return StoreCommand(id: id, profile: profile, time: time, action)
        }

        /// Times rise with the seed (one run after another) and the counter.
        func time(minute: UInt64) -> EventTime {
            EventTime(instant: Timestamp(milliseconds: 1_772_442_000_000 + Int64(seed) * 86_400_000 * 30 + Int64(minute) * 1_000),
                      utcOffset: .zero)
        }

        /// A UUID from a kind byte and two numbers.
        static func uuid(_ kind: UInt8, _ a: UInt64, _ b: UInt64) -> UUID {
            let x = withUnsafeBytes(of: a.bigEndian) { Array($0) }
            let y = withUnsafeBytes(of: b.bigEndian) { Array($0) }
            return UUID(uuid: (kind, x[3], x[4], x[5], x[6], x[7], 0x40, y[1], 0x80, y[2], y[3], y[4], y[5], y[6], y[7], 0))
        }
    }
}
