import Events
import FSRS
import Testing
import TestSupport
@testable import Projections

@Suite("Card content in the vocabulary read model")
struct CardContentTests {
    let start = utc(2026, 3, 1, 9, 0)

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
        // Content of a card never created is ignored.
        v.record(.translationAttached(TranslationAttached(card: testCard(9), translation: "x", language: try! LanguageTag("en"))),
                 card: 9, at: start)
        return v
    }

    @Test("a card shows its sides as last edited, translations and sentences in the order attached")
    func contentOfOneCard() throws {
        let state = history().fold()
        let content = try #require(state.content(of: testCard(0)))
        #expect(content.front == "le chien")
        #expect(content.back == "the dog")
        #expect(content.translations == [CardTranslation(language: try LanguageTag("en"), text: "dog"),
                                         CardTranslation(language: try LanguageTag("de"), text: "Hund")])
        #expect(content.exampleSentences == [CardExampleSentence(sentence: "Le chien dort.", generator: "m1")])
        #expect(state.card(testCard(0))?.back == "the dog")
        let plain = try #require(state.content(of: testCard(1)))
        #expect((plain.front, plain.back, plain.translations, plain.exampleSentences) == ("chat", "back", [], []))
        #expect(state.content(of: testCard(9)) == nil)
    }

    @Test("content survives a snapshot, byte for byte")
    func snapshotRoundTrip() throws {
        let state = history().fold()
        let restored = try decoded(VocabularyState.self, encoded(state))
        #expect(restored == state)
        #expect(restored.content(of: testCard(0)) == state.content(of: testCard(0)))
        #expect(encoded(restored) == encoded(state))
    }

    @Test("a snapshot whose content names a slot of no card is refused")
    func contentSlotOutOfRange() throws {
        var state = history().fold()
        state.content.sentences[7] = [CardExampleSentence(sentence: "s", generator: "g")]
        #expect(throws: EventDecodingError.self) { try decoded(VocabularyState.self, encoded(state)) }
    }
}
