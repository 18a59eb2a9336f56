import Foundation
import Hindsight

/// The demo's three learners, with fixed ids so a second run finds them again.
struct DemoProfile: Sendable {
    let id: ProfileID
    let name: String
    let isChild: Bool
    /// Their UTC offset, in minutes.
    let utcOffsetMinutes: Int

    /// Their time at `instant`.
    func time(_ instant: Timestamp) -> EventTime {
        EventTime(instant: instant, utcOffset: try! UTCOffset(seconds: utcOffsetMinutes * 60))
    }

    static let alex = DemoProfile(id: ProfileID(UUID(uuidString: "A1E00000-0000-4000-8000-000000000001")!),
                                  name: "Alex", isChild: false, utcOffsetMinutes: 60)
    static let sam = DemoProfile(id: ProfileID(UUID(uuidString: "5A300000-0000-4000-8000-000000000002")!),
                                 name: "Sam", isChild: true, utcOffsetMinutes: 60)
    static let robin = DemoProfile(id: ProfileID(UUID(uuidString: "40B10000-0000-4000-8000-000000000003")!),
                                   name: "Robin", isChild: false, utcOffsetMinutes: -300)
    static let all = [alex, sam, robin]
}

/// The demo's content: vocabulary, spelling lists, story themes.
enum DemoContent {
    static let spanish = ["house": "casa", "water": "agua", "friend": "amigo", "book": "libro", "bread": "pan",
                          "street": "calle", "window": "ventana", "tree": "árbol", "sun": "sol", "moon": "luna",
                          "city": "ciudad", "work": "trabajo", "time": "tiempo", "day": "día", "night": "noche",
                          "dog": "perro", "cat": "gato", "milk": "leche", "apple": "manzana", "school": "escuela",
                          "car": "coche", "door": "puerta", "table": "mesa", "chair": "silla", "coffee": "café",
                          "beach": "playa", "mountain": "montaña", "river": "río", "rain": "lluvia", "snow": "nieve",
                          "red": "rojo", "blue": "azul", "green": "verde", "happy": "feliz", "tired": "cansado",
                          "to eat": "comer", "to drink": "beber", "to speak": "hablar", "to read": "leer", "to write": "escribir"]
    static let french = ["cheese": "fromage", "bread": "pain", "wine": "vin", "butter": "beurre", "egg": "œuf",
                         "fish": "poisson", "chicken": "poulet", "salt": "sel", "sugar": "sucre", "pear": "poire",
                         "strawberry": "fraise", "soup": "soupe", "cake": "gâteau", "lunch": "déjeuner", "dinner": "dîner",
                         "breakfast": "petit-déjeuner", "spoon": "cuillère", "fork": "fourchette", "knife": "couteau", "plate": "assiette"]
    static let german = ["hello": "hallo", "thank you": "danke", "please": "bitte", "yes": "ja", "no": "nein",
                         "good morning": "guten Morgen", "goodbye": "tschüss", "house": "Haus", "train": "Zug", "station": "Bahnhof",
                         "ticket": "Fahrkarte", "left": "links", "right": "rechts", "water": "Wasser", "beer": "Bier",
                         "one": "eins", "two": "zwei", "three": "drei", "today": "heute", "tomorrow": "morgen"]
    static let spellingLists = [
        ("Week 1: animals", ["rabbit", "giraffe", "penguin", "elephant", "squirrel", "tortoise"]),
        ("Week 2: tricky words", ["because", "friend", "people", "beautiful", "believe", "necessary"]),
        ("Week 3: -tion words", ["station", "question", "nation", "fiction", "motion", "attention"]),
    ]
    static let themes = ["space", "animals", "ocean", "friendship"]
    static let growthTopics = ["sharing", "bravery", "patience", "kindness", "trying new food"]
    /// The app-wide setting the scenes change.
    static let languageSetting = "app.language"

    /// The demo app's own setting keys (the store refuses any other beside the built-in ones).
    static let settings: [SettingDefinition] = [
        try! SettingDefinition("appearance.theme", scope: .profile, type: .oneOf(["light", "dark"]), summary: "the app's colours"),
        try! SettingDefinition("spelling.voice", scope: .profile, type: .oneOf(["calm", "cheerful"]),
                               summary: "the voice that reads spelling words"),
        try! SettingDefinition(languageSetting, scope: .app, type: .oneOf(["en", "de", "es", "fr"]),
                               summary: "the language of the app's own texts"),
    ]
}
