import Foundation

/// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104), for the keyed pseudonyms of redacted
/// exports. Pure: bytes in, 32 bytes out. Built for short messages (a reference's 16 bytes):
/// blocks are compressed on the stack, and ``HMACKey`` hashes the padded key blocks once per key.
enum SHA256 {
    /// The eight working words of the hash: the digest so far.
    struct State {
        var a: UInt32 = 0x6a09e667, b: UInt32 = 0xbb67ae85, c: UInt32 = 0x3c6ef372, d: UInt32 = 0xa54ff53a
        var e: UInt32 = 0x510e527f, f: UInt32 = 0x9b05688c, g: UInt32 = 0x1f83d9ab, h: UInt32 = 0x5be0cd19

        /// The digest: the words, big-endian.
        var digest: [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 32) { bytes, count in
                let raw = UnsafeMutableRawBufferPointer(bytes)
                for (index, word) in [a, b, c, d, e, f, g, h].enumerated() {
                    raw.storeBytes(of: word.bigEndian, toByteOffset: index * 4, as: UInt32.self)
                }
                count = 32
            }
        }
    }

    /// The 64 round constants, in memory that is never freed (read through a pointer: no
    /// array access per round). Written once, before any read, then only read.
    nonisolated(unsafe) private static let k: UnsafePointer<UInt32> = {
        let constants: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
        ]
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        memory.initialize(from: constants, count: 64)
        return UnsafePointer(memory)
    }()

    /// The SHA-256 digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { finish(State(), absorbed: 0, message: $0).digest }
    }

    /// HMAC-SHA-256 of `message` under `key`.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { HMACKey(key).mac($0) }
    }

    /// The state after hashing `message` on from `state`, which has absorbed `absorbed` bytes
    /// (a multiple of 64), and the final padding: the digest of everything.
    static func finish(_ state: State, absorbed: Int, message: UnsafeRawBufferPointer) -> State {
        var state = state
        let whole = message.count & ~63
        var offset = 0
        while offset < whole {
            // `whole` > 0 only for a message of at least one block, which has a base address.
            compress(&state, block: message.baseAddress! + offset)
            offset += 64
        }
        // The rest, the 0x80 byte and the length in bits (big-endian) fill one block or two.
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            tail.initializeMemory(as: UInt8.self, repeating: 0)
            let rest = message.count - whole
            if rest > 0 { tail.baseAddress!.copyMemory(from: message.baseAddress! + whole, byteCount: rest) }
            tail[rest] = 0x80
            let blocks = rest < 56 ? 1 : 2
            let bits = UInt64(absorbed + message.count) &* 8
            tail.storeBytes(of: bits.bigEndian, toByteOffset: blocks * 64 - 8, as: UInt64.self)
            for block in 0..<blocks { compress(&state, block: UnsafeRawPointer(tail.baseAddress! + block * 64)) }
        }
        return state
    }

    /// Compresses one 64-byte block at `block` into `state`.
    static func compress(_ state: inout State, block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
            for i in 0..<16 { words[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
            // A temporary allocation of a positive capacity has a base address.
            compress(&state, words: words.baseAddress!)
        }
    }

    /// Compresses the block whose sixteen big-endian words are at `words` into `state`; the
    /// words are overwritten (they hold the message schedule as it rolls on).
    ///
    /// The rounds are unrolled by eight, the working variables changing roles instead of
    /// places (no eight moves per round), and the schedule is computed in the sixteen words as
    /// the rounds need it.
    static func compress(_ state: inout State, words w: UnsafeMutablePointer<UInt32>) {
        var (a, b, c, d, e, f, g, h) = (state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h)
        let k = Self.k
        /// The constant and schedule word of round `i`, computing the word when `i` ≥ 16.
        @inline(__always) func input(_ i: Int) -> UInt32 {
            if i >= 16 {
                let x = w[(i &- 15) & 15], y = w[(i &- 2) & 15]
                let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x &>> 3)
                let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y &>> 10)
                w[i & 15] = w[i & 15] &+ s0 &+ w[(i &- 7) & 15] &+ s1
            }
            return k[i] &+ w[i & 15]
        }
        var i = 0
        while i < 64 {
            round(a, b, c, &d, e, f, g, &h, input(i))
            round(h, a, b, &c, d, e, f, &g, input(i &+ 1))
            round(g, h, a, &b, c, d, e, &f, input(i &+ 2))
            round(f, g, h, &a, b, c, d, &e, input(i &+ 3))
            round(e, f, g, &h, a, b, c, &d, input(i &+ 4))
            round(d, e, f, &g, h, a, b, &c, input(i &+ 5))
            round(c, d, e, &f, g, h, a, &b, input(i &+ 6))
            round(b, c, d, &e, f, g, h, &a, input(i &+ 7))
            i &+= 8
        }
        state.a &+= a; state.b &+= b; state.c &+= c; state.d &+= d
        state.e &+= e; state.f &+= f; state.g &+= g; state.h &+= h
    }

    /// One round on the working variables in their roles for it: `d` gains T1, and `h` becomes
    /// T1 + T2 (the next round's `a`).
    @inline(__always) private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                                                _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ input: UInt32) {
        let choice = g ^ (e & (f ^ g))
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ choice &+ input
        let majority = (a & b) | (c & (a | b))
        d &+= t1
        h = t1 &+ (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ majority
    }

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
}

/// An HMAC-SHA-256 key (RFC 2104) with its two padded key blocks already hashed: a MAC of a
/// short message then costs two block compressions instead of four.
struct HMACKey {
    /// The hash state after the key xor ipad (0x36) block.
    private let inner: SHA256.State
    /// The hash state after the key xor opad (0x5c) block.
    private let outer: SHA256.State

    /// The key `key` (hashed first when longer than a block, as RFC 2104 says).
    init(_ key: [UInt8]) {
        var block = key.count > 64 ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        func absorbed(_ pad: UInt8) -> SHA256.State {
            var state = SHA256.State()
            block.map { $0 ^ pad }.withUnsafeBytes { SHA256.compress(&state, block: $0.baseAddress!) }
            return state
        }
        inner = absorbed(0x36)
        outer = absorbed(0x5c)
    }

    /// HMAC-SHA-256 of the 16 bytes of `uuid` under this key, as the final hash state (its
    /// words big-endian are the 32 bytes of ``mac(_:)``): each hash is one block built as words
    /// (the message, the 0x80 byte, the length in bits), with no byte array.
    func mac(of uuid: UUID) -> SHA256.State {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
            // A temporary allocation of a positive capacity has a base address.
            let w = words.baseAddress!
            withUnsafeBytes(of: uuid.uuid) { bytes in
                for i in 0..<4 { w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
            }
            w[4] = 0x8000_0000
            for i in 5..<15 { w[i] = 0 }
            w[15] = (64 + 16) * 8
            var innerState = inner
            SHA256.compress(&innerState, words: w)
            (w[0], w[1], w[2], w[3]) = (innerState.a, innerState.b, innerState.c, innerState.d)
            (w[4], w[5], w[6], w[7]) = (innerState.e, innerState.f, innerState.g, innerState.h)
            w[8] = 0x8000_0000
            for i in 9..<15 { w[i] = 0 }
            w[15] = (64 + 32) * 8
            var outerState = outer
            SHA256.compress(&outerState, words: w)
            return outerState
        }
    }

    /// HMAC-SHA-256 of `message` under this key (32 bytes).
    func mac(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        let innerDigest = SHA256.finish(inner, absorbed: 64, message: message).digest
        return innerDigest.withUnsafeBytes { SHA256.finish(outer, absorbed: 64, message: $0).digest }
    }
}
