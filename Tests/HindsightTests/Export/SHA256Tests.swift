import Foundation
import SeededRandom
import Testing
@testable import Hindsight

/// SHA-256 and HMAC-SHA-256 against the published test vectors (FIPS 180-4, RFC 4231).
@Suite struct SHA256Tests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func hashMatchesTheStandardVectors(message: String, digest: String) {
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func hmacMatchesRFC4231() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        #expect(hex(SHA256.hmac(key: key, message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}

/// The MAC of a reference (``HMACKey/mac(of:)``: one block per hash, built as words) is the
/// general HMAC of its 16 bytes, for keys of every length (those past a block are hashed first).
@Suite struct ReferenceMACTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func theMACOfAUUIDIsTheHMACOfItsBytes(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x4D_AC)
        for length in [0, 1, 5, 31, 32, 55, 56, 63, 64, 65, 100, 200] {
            let key = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let hmacKey = HMACKey(key)
            for _ in 0..<10 {
                let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
                let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
                #expect(hmacKey.mac(of: uuid).digest == SHA256.hmac(key: key, message: bytes), "key of \(length) bytes")
            }
        }
    }
}
