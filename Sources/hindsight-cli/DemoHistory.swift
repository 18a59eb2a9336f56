import Foundation
import Hindsight

/// Generates the demo's history through the store's commands, as apps would send them: three
/// profiles over `days` days up to `now` — flashcard reviews of whatever the scheduler says is
/// due (with a realistic rating mix and the odd undo), a child's spelling practice, bedtime
/// stories with illustrations, dictation, settings changes and one scheduler parameter change.
struct DemoHistory {
    static let days = 90
    let store: Store
    let now: Timestamp
    var rng = DemoRandom(seed: 0x4D_494E_4453_4947)
    private(set) var commands = 0
    /// The cards created, by "profile name/front".
    private(set) var cards: [String: CardID] = [:]
    /// The ids of the scenes' commands: drawn apart from ``rng`` so that the daily routine is the
    /// same with or without them.
    private var sceneRNG = DemoRandom(seed: 0x5343_454E_4553)

    init(store: Store, now: Timestamp) {
        self.store = store
        self.now = now
    }

    /// Sends the whole history. Each learner practises at a fixed part of their own local day:
    /// Alex studies in the evening (19:00 on), Robin after dinner (20:00 on) and dictates after,
    /// Sam spells in the afternoon (16:00 on) and hears a bedtime story in the evening (19:30 on).
    /// An activity that would start less than an hour before `now` is left out, so none lies in
    /// the future.
    /// - Throws: ``StoreError`` if a command is refused (a bug in the demo) or the disk fails.
    mutating func generate() async throws {
        try await setUp(at: Timestamp(milliseconds: now.milliseconds - Int64(Self.days) * 86_400_000))
        for day in 1...Self.days {
            let daysAgo = Self.days - day
            var clock = localTime(.alex, daysAgo: daysAgo, hour: 19, minute: rng.below(90))
            if isPast(clock) && rng.chance(0.88) { try await study(.alex, from: &clock) }
            if day == 45 { try await changeAlexParameters(at: Timestamp(milliseconds: clock)) }
            clock = localTime(.robin, daysAgo: daysAgo, hour: 20, minute: rng.below(60))
            if isPast(clock) && rng.chance(0.6) { try await study(.robin, from: &clock) }
            if isPast(clock) && rng.chance(0.5) {
                try await send(.robin, Timestamp(milliseconds: clock + 60_000),
                               .dictation(.finish(wordCount: 40 + rng.below(200), duration: .milliseconds(Int64(60_000 + rng.below(240_000))), language: "en")))
            }
            if day == 30 { try await send(.robin, Timestamp(milliseconds: clock), .profiles(.changeDayCutoff(hour: 3))) }
            if day == 60 { try await send(.robin, Timestamp(milliseconds: clock), .profiles(.changeDesiredRetention(0.92))) }
            clock = localTime(.sam, daysAgo: daysAgo, hour: 16, minute: rng.below(60))
            if isPast(clock) && day % 7 != 3 && day % 7 != 6 { try await spell(day: day, from: &clock) }
            clock = localTime(.sam, daysAgo: daysAgo, hour: 19, minute: 30 + rng.below(30))
            if isPast(clock) && (day % 3 == 0 || day == Self.days) { try await story(day: day, from: &clock) }
            if day == Self.days - 1 { try await scenes(daysAgo: daysAgo) }
        }
    }

    /// The instant (ms) at `hour`:`minute` of `profile`'s local day `daysAgo` days before now's.
    private func localTime(_ profile: DemoProfile, daysAgo: Int, hour: Int, minute: Int) -> Int64 {
        let offset = Int64(profile.utcOffsetMinutes) * 60_000
        let local = now.milliseconds + offset
        let midnight = local - ((local % 86_400_000) + 86_400_000) % 86_400_000
        return midnight - Int64(daysAgo) * 86_400_000 + Int64(hour * 60 + minute) * 60_000 - offset
    }

    /// Whether an activity starting at `clock` ends well before now (it starts an hour before).
    private func isPast(_ clock: Int64) -> Bool { clock + 3_600_000 <= now.milliseconds }

    private mutating func setUp(at start: Timestamp) async throws {
        for profile in DemoProfile.all {
            try await send(profile, start, .profiles(.create(name: profile.name, isChild: profile.isChild)))
        }
        try await deck(.alex, "Spanish — everyday words", DemoContent.spanish, at: start)
        try await deck(.alex, "French — food", DemoContent.french, at: start)
        try await deck(.robin, "German for travel", DemoContent.german, at: start)
        try await send(.alex, start, .profiles(.changeSetting(key: "appearance.theme", value: .string("dark"))))
        try await send(.alex, start, .profiles(.configureService(service: "openai", credential: "keychain:openai-api-key")))
        try await send(.alex, start, .stories(.setParentalControls(child: DemoProfile.sam.id, dailyStoryLimit: 2, themes: try .only(DemoContent.themes))))
        try await send(.sam, start, .profiles(.changeSetting(key: "spelling.voice", value: .string("calm"))))
        for (week, (title, words)) in DemoContent.spellingLists.enumerated() {
            // A second apart, so the tests list in week order.
            try await send(.sam, Timestamp(milliseconds: start.milliseconds + Int64(week + 1) * 1000),
                           .spelling(.createTest(SpellingTestID(rng.uuid()), title: title, words: words)))
        }
    }

    private mutating func deck(_ profile: DemoProfile, _ name: String, _ words: [String: String], at time: Timestamp) async throws {
        let deck = DeckID(rng.uuid())
        try await send(profile, time, .vocabulary(.createDeck(deck, name: name)))
        for (front, back) in words.sorted(by: { $0.key < $1.key }) {
            let card = CardID(rng.uuid())
            cards[profile.name + "/" + front] = card
            try await send(profile, time, .vocabulary(.createCard(card, deck: deck, front: front, back: back)))
        }
    }

    /// One study session: every card the scheduler has due, then the day's new cards.
    private mutating func study(_ profile: DemoProfile, from clock: inout Int64) async throws {
        let queue = await store.vocabulary().dueQueue(profile: profile.id, at: profile.time(Timestamp(milliseconds: clock)), limit: 60)
        guard !queue.reviews.isEmpty || !queue.newCards.isEmpty else { return }
        let session = StudySessionID(rng.uuid())
        try await send(profile, Timestamp(milliseconds: clock), .vocabulary(.startStudySession(session, deck: nil)))
        for card in queue.reviews + queue.newCards.prefix(12) {
            clock += Int64(4_000 + rng.below(14_000))
            let rating = card.isNew ? rng.pick([Rating.again, .again, .hard, .good, .good, .good, .good, .easy])
                : rng.pick([Rating.again, .hard, .good, .good, .good, .good, .good, .good, .good, .easy])
            try await send(profile, Timestamp(milliseconds: clock),
                           .vocabulary(.review(card.id, rating: rating, duration: .milliseconds(Int64(1_500 + rng.below(9_000))))))
            if rng.chance(0.02) {
                try await send(profile, Timestamp(milliseconds: clock + 1_000), .vocabulary(.undoLastReview(card.id)))
                clock += 3_000
                try await send(profile, Timestamp(milliseconds: clock), .vocabulary(.review(card.id, rating: .good, duration: .milliseconds(2_500))))
            }
        }
        if rng.chance(0.25), let card = queue.reviews.first {
            try await send(profile, Timestamp(milliseconds: clock + 1_000),
                           .vocabulary(.review(card.id, rating: .good, mode: .cram, duration: .milliseconds(2_000))))
        }
        clock += 60_000
        try await send(profile, Timestamp(milliseconds: clock), .vocabulary(.endStudySession(session)))
    }

    private mutating func changeAlexParameters(at time: Timestamp) async throws {
        var weights = FSRSParameters.fsrs6Default.weights.map(Double.init)
        for i in 0..<4 { weights[i] *= 1.15 }
        try await send(.alex, time, .profiles(.changeSchedulerParameters(weights)))
    }

    private mutating func spell(day: Int, from clock: inout Int64) async throws {
        let tests = await store.spelling().tests(profile: DemoProfile.sam.id)
        guard !tests.isEmpty else { return }
        let test = tests[min(tests.count - 1, day / 30)]
        let session = SpellingSessionID(rng.uuid())
        try await send(.sam, Timestamp(milliseconds: clock), .spelling(.startPractice(session, test: test.id)))
        let skill = 0.55 + 0.4 * Double(day % 30) / 30
        for word in test.words {
            var attempt = 1
            while true {
                clock += Int64(5_000 + rng.below(10_000))
                let correct = rng.chance(skill) || attempt == 3
                let typed = correct ? word : String(word.dropLast()) + "e"
                try await send(.sam, Timestamp(milliseconds: clock), .spelling(.spellWord(session, word: word, typed: typed, correct: correct,
                                                                                          attempt: attempt, hintsUsed: attempt - 1,
                                                                                          duration: .milliseconds(Int64(3_000 + rng.below(6_000))))))
                if correct { break }
                attempt += 1
            }
        }
        try await send(.sam, Timestamp(milliseconds: clock + 10_000), .spelling(.endPractice(session)))
    }

    private mutating func story(day: Int, from clock: inout Int64) async throws {
        let story = StoryID(rng.uuid())
        let theme = rng.pick(DemoContent.themes)
        try await send(.sam, Timestamp(milliseconds: clock), .stories(.request(story, theme: theme, childAge: 8,
                                                                               growthTopic: rng.pick(DemoContent.growthTopics), childName: "Sam")))
        clock += 40_000
        if rng.chance(0.06) {
            try await send(.sam, Timestamp(milliseconds: clock), .stories(.generationFailed(story, reason: "the generator timed out")))
            return
        }
        let title = "Sam and the \(["Whispering", "Brave", "Sleepy", "Curious"][rng.below(4)]) \(["Comet", "Otter", "Whale", "Fox"][rng.below(4)])"
        let pages = (1...4).map { "Page \($0) of \(EnglishText.withArticle("\(theme) story")) in which Sam learns something new." }
        try await send(.sam, Timestamp(milliseconds: clock), .stories(.generated(story, title: title, pages: pages, model: "demo-story-model")))
        for page in 1...4 {
            clock += 5_000
            if rng.chance(0.9) {
                try await send(.sam, Timestamp(milliseconds: clock), .stories(.illustrationGenerated(story, page: page, image: "illustrations/\(story)/\(page).png", model: "demo-illustration-model")))
            } else {
                try await send(.sam, Timestamp(milliseconds: clock), .stories(.illustrationFailed(story, page: page, reason: "content filter")))
            }
        }
        clock += 600_000
        let finished = rng.chance(0.8)
        try await send(.sam, Timestamp(milliseconds: clock), .stories(.read(story, lastPage: finished ? 4 : 2, finished: finished)))
        if rng.chance(0.25) { try await send(.sam, Timestamp(milliseconds: clock + 1_000), .stories(.favourite(story))) }
    }

    private mutating func send(_ profile: DemoProfile, _ instant: Timestamp, _ action: StoreCommand.Action) async throws {
        _ = try await store.send(StoreCommand(id: rng.uuid(), profile: profile.id, time: profile.time(instant), action))
        commands += 1
    }

    /// The scenes ``DemoScenes`` shows, on the evening `daysAgo` days before now, each at its
    /// learner's usual time: an app-wide setting, Sam's day cut-off set by Alex (naming Sam), a
    /// translation and an example sentence on Alex's card "house", a story of Sam's that fails and is generated on retry, and Robin
    /// drilling the card "station" until it lapses 8 times (a leech).
    private mutating func scenes(daysAgo: Int) async throws {
        let evening = localTime(.alex, daysAgo: daysAgo, hour: 22, minute: 0)
        guard isPast(evening) else { return }
        try await sceneSend(.alex, evening, .profiles(.changeAppSetting(key: DemoContent.languageSetting, value: .string("en"))))
        try await sceneSend(.alex, evening, .profiles(.changeDayCutoff(hour: 5, child: DemoProfile.sam.id)))
        if let house = cards["Alex/house"] {
            try await sceneSend(.alex, evening + 60_000, .vocabulary(.attachTranslation(house, translation: "maison", language: "fr")))
            try await sceneSend(.alex, evening + 120_000, .vocabulary(.attachExampleSentence(
                house, sentence: "Mi casa es tu casa.", generator: "demo-sentence-model")))
        }
        var clock = localTime(.sam, daysAgo: daysAgo, hour: 19, minute: 40)
        let story = DemoScenes.retriedStory
        try await sceneSend(.sam, clock, .stories(.request(story, theme: "ocean", childAge: 8, growthTopic: nil, childName: "Sam")))
        try await sceneSend(.sam, clock + 60_000, .stories(.generationFailed(story, reason: "the generator timed out")))
        clock += 180_000
        let pages = (1...3).map { "Page \($0) of an ocean story, told again after the first try failed." }
        try await sceneSend(.sam, clock, .stories(.generated(story, title: "Sam and the Patient Whale", pages: pages, model: "demo-story-model")))
        try await sceneSend(.sam, clock + 600_000, .stories(.read(story, lastPage: 3, finished: true)))
        guard let station = cards["Robin/station"] else { return }
        clock = localTime(.robin, daysAgo: daysAgo, hour: 22, minute: 0)
        for _ in 0..<40 {
            guard let card = await store.vocabulary().card(station), !card.isLeech else { break }
            try await sceneSend(.robin, clock, .vocabulary(.review(station, rating: card.schedule?.phase == .review ? .again : .good,
                                                                   duration: .milliseconds(4_000))))
            clock += 60_000
        }
    }

    private mutating func sceneSend(_ profile: DemoProfile, _ instant: Int64, _ action: StoreCommand.Action) async throws {
        _ = try await store.send(StoreCommand(id: sceneRNG.uuid(), profile: profile.id, time: profile.time(Timestamp(milliseconds: instant)),
                                              action))
        commands += 1
    }
}
