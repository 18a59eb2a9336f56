import Foundation
import TestSupport
@testable import Hindsight
import EventLog
import SystemSeam

/// The store-level workloads the fault sweep and the power-loss simulation run: each opens a
/// store through the file system it is given, sends commands (every one's outcome recorded),
/// and closes it. A workload never stops at a failure: it goes on sending, so that what a failed
/// store does next (refuse, or carry on where that is safe) is exercised too.
struct StoreWorkload: Sendable, CustomStringConvertible {
    /// What a run did: the commands acknowledged (their ids and results, with the number of
    /// file-system calls made when each returned) and every error the store threw.
    struct Run {
        var acknowledged: [(command: StoreCommand, result: CommandResult, call: Int)] = []
        var errors: [StoreError] = []
        var opened = false
    }

    let name: String
    /// Snapshots every this many events (small, so snapshot writes happen mid-workload).
    let snapshotEvery: Int?
    let body: @Sendable (_ send: (StoreCommand) async throws(StoreError) -> CommandResult,
                         _ store: Store) async -> Void

    var description: String { name }

    /// Options for a run through `fileSystem` (group commit: the store's default for apps).
    func options(_ fileSystem: SystemSeam.FileSystem) -> StoreOptions {
        var options = StoreOptions(clock: { Timestamp(milliseconds: 1_800_000_000_000) }, durability: .groupCommit,
                                   snapshots: .init(onClose: true, everyEvents: snapshotEvery))
        options.fileSystem = fileSystem
        return options
    }

    /// Runs the workload on the store in `directory` through `fileSystem`; `calls` reads how many
    /// file-system calls were made so far (to date each acknowledgement).
    func run(directory: String, fileSystem: SystemSeam.FileSystem, calls: @escaping @Sendable () -> Int) async -> Run {
        var run = Run()
        let store: Store
        do { store = try await Store.open(directory: directory, options: options(fileSystem)) } catch {
            run.errors.append(error)
            return run
        }
        run.opened = true
        var acknowledged: [(command: StoreCommand, result: CommandResult, call: Int)] = []
        var errors: [StoreError] = []
        await body({ command throws(StoreError) in
            do throws(StoreError) {
                let result = try await store.send(command)
                acknowledged.append((command, result, calls()))
                return result
            } catch {
                errors.append(error)
                throw error
            }
        }, store)
        do { try await store.close() } catch { errors.append(error) }
        run.acknowledged = acknowledged
        run.errors = errors
        return run
    }

    // MARK: The workloads

    static let all: [StoreWorkload] = [commands, personalData, importRevlog]

    /// A command of `action` by `profile` at `minutes` past the start, with id `n`.
    static func command(_ n: UInt64, _ profile: ProfileID, minutes: Int, _ action: StoreCommand.Action) -> StoreCommand {
        StoreCommand(id: Ids.uuid(0xC0, n), profile: profile, time: StoreFixture.time(minutes: minutes), action)
    }

    /// Commands of every app: profiles, a deck and cards, reviews and an undo, a spelling
    /// session, a story, a dictation, settings and scheduler changes; snapshots every 25 events.
    static let commands = StoreWorkload(name: "commands", snapshotEvery: 25) { send, _ in
        let ada = Ids.profile(1), kid = Ids.profile(2)
        var actions: [(ProfileID, StoreCommand.Action)] = [
            (ada, .profiles(.create(name: "Ada", isChild: false))),
            (kid, .profiles(.create(name: "Mia", isChild: true))),
            (ada, .vocabulary(.createDeck(Ids.deck(1), name: "Words"))),
        ]
        for n: UInt64 in 1...6 {
            actions.append((ada, .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1), front: "w\(n)", back: "m\(n)"))))
        }
        for n: UInt64 in 1...6 { actions.append((ada, .vocabulary(.review(Ids.card(n), rating: Rating.allCases[Int(n % 4)], duration: .milliseconds(3000))))) }
        actions.append((ada, .vocabulary(.undoLastReview(Ids.card(2)))))
        actions += [
            (kid, .spelling(.createTest(Ids.test(1), title: "Week 1", words: ["cat", "dog"]))),
            (kid, .spelling(.startPractice(Ids.spellingSession(1), test: Ids.test(1)))),
            (kid, .spelling(.spellWord(Ids.spellingSession(1), word: "cat", typed: "cat", correct: true, duration: .milliseconds(2000)))),
            (kid, .spelling(.spellWord(Ids.spellingSession(1), word: "dog", typed: "dgo", correct: false, duration: .milliseconds(2000)))),
            (kid, .spelling(.endPractice(Ids.spellingSession(1)))),
            (kid, .stories(.request(Ids.story(1), theme: "space", childAge: 6, growthTopic: "sharing", childName: "Mia"))),
            (kid, .stories(.generated(Ids.story(1), title: "Night", pages: ["a", "b"], model: "story-model"))),
            (ada, .dictation(.finish(wordCount: 40, duration: .milliseconds(20_000), language: "en"))),
            (ada, .profiles(.changeDesiredRetention(0.85))),
            (ada, .profiles(.changeDayCutoff(hour: 5))),
            (ada, .profiles(.rename(name: "Ada L."))),
        ]
        for (index, (profile, action)) in actions.enumerated() {
            _ = try? await send(command(UInt64(index + 1), profile, minutes: index, action))
        }
    }

    /// Names written to the side store, then a profile forgotten, then more names.
    static let personalData = StoreWorkload(name: "personal-data", snapshotEvery: nil) { send, store in
        let ada = Ids.profile(1), kid = Ids.profile(2)
        _ = try? await send(command(1, ada, minutes: 0, .profiles(.create(name: "Ada", isChild: false))))
        _ = try? await send(command(2, kid, minutes: 1, .profiles(.create(name: "Mia", isChild: true))))
        _ = try? await send(command(3, kid, minutes: 2, .stories(.request(Ids.story(1), theme: "sea", childAge: 6,
                                                                          growthTopic: "kindness", childName: "Mia"))))
        _ = try? await send(command(5, kid, minutes: 2, .profiles(.forget(reason: .parentRequest))))
        _ = try? await send(command(4, ada, minutes: 3, .profiles(.rename(name: "Ada B."))))
    }

    /// A revlog import (one atomic batch), then a command after it.
    static let importRevlog = StoreWorkload(name: "import", snapshotEvery: nil) { send, store in
        var rows = ["card_id,review_time,review_rating,review_state,review_duration"]
        for card in 1...20 {
            for review in 0..<3 { rows.append("\(card),\(1_772_010_000_000 + review * 86_400_000 + card * 1000),3,\(review == 0 ? 0 : 2),6000") }
        }
        let options = RevlogImportOptions(profile: Ids.profile(9), deckName: "Imported")
        _ = try? await store.importRevlog(rows.joined(separator: "\n") + "\n", options: options, path: "sweep.csv")
        _ = try? await send(command(1, Ids.profile(9), minutes: 0, .profiles(.rename(name: "Importer"))))
    }
}
