/// A 128-bit non-cryptographic hash: MurmurHash3 x64-128 (Austin Appleby's public-domain
/// algorithm), fed in pieces.
///
/// Why not SHA-256: the hash names an answer (the ETag, the answer cache's key), it protects
/// nothing by itself. MurmurHash3 can be inverted, so anyone can forge a second request with a
/// given request's hash; that is harmless only where the hash is never trusted alone:
/// - an ETag forged to collide fools only the cache of the client that sends it back;
/// - the answer cache compares the whole request on every hit (`AnswerCache.Request`), so a
///   collision is a miss, never another client's answer.
/// MurmurHash3 spreads 128 bits well for that, at about a byte per cycle, where SHA-256 cost
/// ~15 µs per request here.
struct Hash128: Hashable, Sendable {
    /// The two halves as MurmurHash3 returns them: `low` is h1, `high` is h2.
    var low: UInt64
    var high: UInt64

    /// 32 lowercase hex digits, h1 then h2, each big-endian: the ETag's opaque part.
    var hex: String {
        String(unsafeUninitializedCapacity: 32) { text in
            let digits: StaticString = "0123456789abcdef"
            for index in 0..<32 {
                let word = index < 16 ? low : high
                text[index] = digits.utf8Start[Int((word >> UInt64(60 - 4 * (index % 16))) & 0xF)]
            }
            return 32
        }
    }
}
