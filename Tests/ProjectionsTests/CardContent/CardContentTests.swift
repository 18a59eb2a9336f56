import Events
import FSRS
import SeededRandom
import Testing
import TestSupport
@testable import Projections

@Suite("The card-content read model")
struct CardContentTests {
    let start = utc(2026, 3, 1, 9, 0)
    let projection = CardContentProjection()

    func history() -> VocabularyScript {
        var v = VocabularyScript()
        v.deck(0, at: start)
        v.card(0, deck: 0, front: "chien", at: start)
        v.card(1, deck: 0, front: "chat", at: start)
        v.record(.translationAttached(TranslationAttached(card: testCard(0), translation: "dog", language: try! LanguageTag("en"))),
                 card: 0, at: start)
        v.record(.exampleSentenceAttached(ExampleSentenceAttached(card: testCard(0), sentence: "Le chien dort.", generator: "m1")),
                 card: 0, at: start)
        v.record(.translationAttached(TranslationAttached(card: testCard(0), translation: "Hund", language: try! LanguageTag("de"))),
                 card: 0, at: start)
        v.record(.cardEdited(CardEdited(card: testCard(0), front: "le chien", back: "the dog")), card: 0, at: start)
        // Content of a card never created is ignored; a second creation of an id changes nothing.
        v.record(.translationAttached(TranslationAttached(card: testCard(9), translation: "x", language: try! LanguageTag("en"))),
                 card: 9, at: start)
        v.record(.cardCreated(CardCreated(card: testCard(1), deck: testDeck(0), front: "again", back: "again")), card: 1, at: start)
        // A deleted card keeps its content, and an edit after the deletion still applies.
        v.record(.cardDeleted(CardDeleted(card: testCard(1))), card: 1, at: start)
        v.record(.cardEdited(CardEdited(card: testCard(1), front: "le chat", back: "die Katze, größer 🐈")), card: 1, at: start)
        return v
    }

    @Test("a card shows its sides as last edited, translations and sentences in the order attached")
    func contentOfOneCard() throws {
        let state = fold(projection, history().events)
        let content = try #require(state.content(of: testCard(0)))
        #expect(content.front == "le chien")
        #expect(content.back == "the dog")
        #expect(content.translations == [CardTranslation(language: try LanguageTag("en"), text: "dog"),
                                         CardTranslation(language: try LanguageTag("de"), text: "Hund")])
        #expect(content.exampleSentences == [CardExampleSentence(sentence: "Le chien dort.", generator: "m1")])
        let other = try #require(state.content(of: testCard(1)))
        #expect((other.front, other.back, other.translations, other.exampleSentences) == ("le chat", "die Katze, größer 🐈", [], []))
        #expect(state.content(of: testCard(9)) == nil)
        #expect(state.cardCount == 2)
    }

    @Test("content survives a snapshot, byte for byte")
    func snapshotRoundTrip() throws {
        let state = fold(projection, history().events)
        let restored = try decoded(CardContentState.self, encoded(state))
        #expect(restored == state)
        #expect(restored.content(of: testCard(1)) == state.content(of: testCard(1)))
        #expect(encoded(restored) == encoded(state))
    }

    @Test("a snapshot whose attachments name a slot of no card is refused")
    func contentSlotOutOfRange() throws {
        var state = fold(projection, history().events)
        state.sentences.attach("s", label: "g", to: 7)
        let error = try #require(throws: EventDecodingError.self) { try decoded(CardContentState.self, encoded(state)) }
        #expect(error.message.contains("example sentence 1 names slot 7 of 2"), "\(error)")
    }

    @Test("a snapshot naming a card twice is refused")
    func duplicateCard() throws {
        var state = fold(projection, history().events)
        state.keys[1] = state.keys[0]
        let error = try #require(throws: EventDecodingError.self) { try decoded(CardContentState.self, encoded(state)) }
        #expect(error.message.contains("appears twice"), "\(error)")
    }

    /// A seeded history of creations (some of known ids), edits and attachments, some of cards
    /// never created, with texts of one to four bytes per character.
    static func randomHistory(seed: UInt64, events count: Int) -> [RecordedEvent] {
        var rng = SplitMix64(seed: seed)
        var v = VocabularyScript()
        let time = utc(2026, 3, 1, 9, 0)
        let alphabet: [String] = ["a", "b", "z", " ", "é", "ß", "犬", "🐈", ""]
        func text() -> String { (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined() }
        v.deck(0, at: time)
        for _ in 0..<count {
            let card = rng.next() % 40
            switch rng.next() % 5 {
            case 0:
                v.record(.cardCreated(CardCreated(card: testCard(card), deck: testDeck(0), front: text(), back: text())), card: card, at: time)
            case 1, 2:
                v.record(.cardEdited(CardEdited(card: testCard(card), front: text(), back: text())), card: card, at: time)
            case 3:
                v.record(.translationAttached(TranslationAttached(card: testCard(card), translation: text(),
                                                                  language: try! LanguageTag(rng.next() % 2 == 0 ? "en" : "de"))),
                         card: card, at: time)
            default:
                v.record(.exampleSentenceAttached(ExampleSentenceAttached(card: testCard(card), sentence: text(), generator: "m")),
                         card: card, at: time)
            }
        }
        return v.events
    }

    @Test("seeded histories: the batch fold gives the one-event fold's state and bytes, and a restore gives both back",
          arguments: 0..<12 as Range<UInt64>)
    func batchAndRestore(seed: UInt64) throws {
        let events = Self.randomHistory(seed: seed, events: 600)
        let expected = fold(projection, events)
        var rng = SplitMix64(seed: seed ^ 0xC0)
        var state = projection.makeInitialState()
        var checkpoint: UInt64 = 0, index = 0
        while index < events.count {
            let end = min(events.count, index + 1 + Int(rng.next() % 50))
            checkpoint = projection.apply(Array(events[index..<end]), after: checkpoint, to: &state).lastApplied
            index = end
        }
        #expect(state == expected)
        #expect(encoded(state) == encoded(expected))
        let restored = try decoded(CardContentState.self, encoded(expected))
        #expect(restored == expected && encoded(restored) == encoded(expected))
        // Every card answers from the restored model as from the folded one.
        for card in 0..<40 as Range<UInt64> {
            #expect(restored.content(of: testCard(card)) == expected.content(of: testCard(card)))
        }
    }
}
