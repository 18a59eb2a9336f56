import Events
import Foundation
import Testing
import TestSupport

/// The JSON reader: strict RFC 8259 grammar with typed errors that name the byte, numbers read
/// exactly as `JSONDecoder` reads them, and no crash on any input.
@Suite struct JSONParserTests {
    static func parse(_ text: String) throws(EventDecodingError) -> Void {
        var parser = JSONParser()
        var bytes = Array(text.utf8)
        let result = bytes.withUnsafeMutableBytes { raw in
            Result { () throws(EventDecodingError) in _ = try parser.parse(UnsafeRawBufferPointer(raw)) }
        }
        try result.get()
    }

    @Test(arguments: [
        #"{"a":[1,-0.5e+3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"],"b":{}}"#,
        " \t\r\n[ 1 , [ ] , { } ] \n",
        #""\u0000""#, "0", "-0", "1E9", "[[[[[[[[[[[]]]]]]]]]]]",
    ])
    func validJSONIsRead(text: String) throws {
        try Self.parse(text)
    }

    @Test(arguments: [
        ("{\"a\":1,}", "expected a key in double quotes at byte 7"),
        ("[1,]", "expected a value"),
        ("01", "unexpected text after the JSON value at byte 1"),
        ("{\"a\":1} x", "unexpected text after the JSON value at byte 8"),
        ("\"tab\there\"", "a control character must be escaped"),
        (#""\ud83d""#, "high surrogate without a low one"),
        (#""\ude00""#, "low surrogate without a high one"),
        (#""\x""#, "unknown escape sequence"),
        (#""\u12""#, "four hex digits"),
        ("\"open", "a string is not closed"),
        ("{\"a\" 1}", "expected ':' after the key"),
        ("[1 2]", "expected ',' or ']'"),
        ("tru", "expected a value"),
        ("1.", "expected a digit after the decimal point"),
        ("1e", "expected a digit in the exponent"),
        ("-", "expected a digit in a number"),
        ("", "the text ends where a value was expected"),
        (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "more than 64 levels of nesting"),
    ])
    func invalidJSONIsRefusedNamingTheByte(text: String, message: String) {
        let error = #expect(throws: EventDecodingError.self) { try Self.parse(text) }
        #expect(error?.code == .invalidJSON, "\(text)")
        #expect(error?.message.contains(message) == true, "\(text): \(error?.message ?? "")")
    }

    @Test func invalidUTF8InAStringIsRefused() {
        var bytes = Array(#"{"a":"x"}"#.utf8)
        bytes[6] = 0xFF
        var parser = JSONParser()
        let error = #expect(throws: EventDecodingError.self) {
            _ = try bytes.withUnsafeBytes { raw throws(EventDecodingError) in try parser.parse(raw) }
        }
        #expect(error?.code == .invalidUTF8 && error?.offset == 6)
    }

    struct Numbers: Decodable { let int: Int; let unsigned: UInt64; let double: Double }

    @Test(arguments: [
        (#"{"int":3,"unsigned":3,"double":3}"#, 3, 3, 3.0),
        (#"{"int":3.0,"unsigned":3e0,"double":0.3e1}"#, 3, 3, 3.0),
        (#"{"int":-0,"unsigned":-0,"double":-0.0}"#, 0, 0, -0.0),
        (#"{"int":-9223372036854775808,"unsigned":18446744073709551615,"double":1e-7}"#, Int.min, UInt64.max, 1e-7),
        (#"{"int":1250e-2,"unsigned":184467440737095516.15e2,"double":5e-324}"#, 12, UInt64.max, .leastNonzeroMagnitude),
    ])
    func wholeNumbersInAnySpellingAreIntegers(json: String, int: Int, unsigned: UInt64, double: Double) throws {
        guard int != 12 else {
            // 12.50 is not whole: refused as Foundation refuses it.
            #expect(throws: DecodingError.self) { try Self.decodeNumbers(json) }
            return
        }
        let numbers = try Self.decodeNumbers(json)
        #expect(numbers.int == int && numbers.unsigned == unsigned && numbers.double == double)
        #expect(numbers.double.sign == double.sign)
        let foundation = try JSONDecoder().decode(Numbers.self, from: Data(json.utf8))
        #expect(foundation.int == int && foundation.unsigned == unsigned && foundation.double == double)
    }

    @Test(arguments: [#"{"int":9223372036854775808,"unsigned":0,"double":0}"#, #"{"int":0,"unsigned":-1,"double":0}"#,
                      #"{"int":0,"unsigned":1.5,"double":0}"#, #"{"int":0,"unsigned":0,"double":1e400}"#,
                      #"{"int":"1","unsigned":0,"double":0}"#, #"{"int":null,"unsigned":0,"double":0}"#,
                      #"{"unsigned":0,"double":0}"#])
    func numbersOutOfRangeOrOfTheWrongKindAreRefused(json: String) {
        #expect(throws: DecodingError.self) { try Self.decodeNumbers(json) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Numbers.self, from: Data(json.utf8)) }
    }

    static func decodeNumbers(_ json: String) throws -> Numbers {
        var parser = JSONParser()
        return try Array(json.utf8).withUnsafeBytes { bytes in
            let document = try parser.parse(bytes)
            return try JSONValueDecoder().decode(Numbers.self, from: document, at: document.root)
        }
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func mutatedEventLinesNeverCrash(seed: UInt64) throws {
        var g = EventGenerator(seed: seed)
        var rng = SplitMix64(seed: seed)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            var bytes = Array(try codec.encode(try g.recorded(kind)))
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array(#"{}[]",:\0e-"#.utf8).randomElement(using: &rng)!, at: index)
                }
            }
            // Either an event or a typed error; never a crash.
            _ = try? codec.decode(Data(bytes))
        }
    }

    /// UUID strings read as Foundation's `UUID(uuidString:)` reads them: on seeded strings of
    /// UUID digits in either case, with one character in two of them swapped for a byte next to a
    /// hex digit (`/ : @ G \` g`) or a non-ASCII letter.
    @Test func uuidStringsAreReadAsFoundationReadsThem() throws {
        var random = SplitMix64(seed: 21)
        // Not a space, `+` or `-` in a digit's place: Foundation on Linux reads each pair of digits
        // as `sscanf`'s `%2hhx` would, which takes `" f"` and `"-4"`; a UUID string has none.
        let near = ["/", ":", "@", "G", "`", "g", "é"]
        for round in 0..<4_000 {
            let uuid = withUnsafeBytes(of: (random.next(), random.next())) { $0.loadUnaligned(as: uuid_t.self) }
            var text = Array(UUID(uuid: uuid).uuidString.utf8)
            if round % 3 == 0 { text = text.map { $0 >= 0x41 && $0 <= 0x46 ? $0 | 0x20 : $0 } }
            if round % 2 == 1 {
                let place = Int(random.next() % 36)
                text.replaceSubrange(place...place, with: near[Int(random.next() % UInt64(near.count))].utf8)
            }
            let json = [0x22] + text + [0x22]
            var parser = JSONParser()
            let found = try json.withUnsafeBytes { raw in
                let document = try parser.parse(raw)
                return document.uuid(document.root)
            }
            #expect(found == UUID(uuidString: String(decoding: text, as: UTF8.self)), "\(String(decoding: text, as: UTF8.self))")
        }
    }
}
