/// The Adler-32 checksum that ends a zlib stream (RFC 1950 §2.2, §9).
///
/// A plan key is a zlib stream, so its last four bytes are this sum of the uncompressed body:
/// the decoder checks them to tell a key that was damaged in transit (a mangled character that
/// still decodes to valid DEFLATE) from the body the client meant. It is not a security check;
/// anyone can compute it.
///
/// Two running sums modulo 65521 (the largest prime below 2^16): `a` is 1 plus the bytes, `b`
/// the sum of the successive `a`s. The modulo is deferred for `chunkLength` bytes at a time,
/// the longest run for which `b` cannot overflow 32 bits (zlib's NMAX), so the inner loop is
/// two additions a byte.
struct Adler32: Sendable, Equatable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    private static let modulus: UInt32 = 65521
    /// The largest n with 255 n (n + 1) / 2 + (n + 1) (modulus - 1) < 2^32.
    private static let chunkLength = 5552

    init() {}

    /// The sum as it is written in the stream: `b` in the high half, `a` in the low.
    var value: UInt32 { b << 16 | a }

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            let end = min(count, index + Self.chunkLength)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= Self.modulus
            b %= Self.modulus
        }
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// The sum of `bytes` alone.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}
