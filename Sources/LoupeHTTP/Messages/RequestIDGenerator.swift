import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Makes unique request ids cheaply: a random prefix per loop, then a counter, in lowercase
/// base32 (RFC 4648's alphabet, a-z and 2-7: no capitals to mistype, and no hyphen of its own,
/// so the one between prefix and counter is unambiguous).
///
/// An id is 15 bytes (`q7kd2xa-aaaaaab`): seven digits of prefix (35 random bits), a hyphen,
/// and the counter in at least seven digits (34 billion requests a loop before it widens).
/// Fifteen bytes is what a Swift string holds inline, so making an id, and keeping it in the
/// request's context and its access record, allocates nothing (issue 47 §3: the 25-byte hex id
/// was a heap allocation per request).
struct RequestIDGenerator {
    /// The prefix's seven digits and the hyphen, as one word in memory order.
    private let prefix: UInt64
    private var counter: UInt64 = 0

    /// Digits of prefix, and the fewest of the counter.
    static let prefixDigits = 7
    static let counterDigits = 7

    init() {
        var random: UInt64 = 0
        if loupe_getrandom(&random, MemoryLayout<UInt64>.size) != MemoryLayout<UInt64>.size {
            random = UInt64(truncatingIfNeeded: time(nil)) &* 0x9E37_79B9_7F4A_7C15
        }
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { bytes in
            for index in 0..<Self.prefixDigits { bytes[index] = Self.digit(random >> UInt64(5 * (Self.prefixDigits - 1 - index))) }
            bytes[Self.prefixDigits] = UInt8(ascii: "-")
        }
        prefix = word
    }

    /// `prefix-counter`, written straight into the new string's storage (string
    /// concatenation, and then a byte loop over the prefix's UTF-8 view, cost a few percent of
    /// a /healthz request).
    mutating func next() -> String {
        counter &+= 1
        let counter = counter
        let digits = max(Self.counterDigits, (64 - counter.leadingZeroBitCount + 4) / 5)
        let prefix = prefix
        let length = Self.prefixDigits + 1 + digits
        return String(unsafeUninitializedCapacity: length) { buffer in
            UnsafeMutableRawBufferPointer(buffer).storeBytes(of: prefix, toByteOffset: 0, as: UInt64.self)
            for position in 0..<digits {
                buffer[Self.prefixDigits + 1 + position] = Self.digit(counter >> UInt64(5 * (digits - 1 - position)))
            }
            return length
        }
    }

    /// Sets the counter, so the next id carries `value + 1` (tests of the widest ids).
    mutating func skip(to value: UInt64) { counter = value }

    /// The base32 digit (a-z, 2-7) of `value`'s low five bits.
    private static func digit(_ value: UInt64) -> UInt8 {
        let bits = UInt8(truncatingIfNeeded: value) & 0x1F
        return bits < 26 ? UInt8(ascii: "a") &+ bits : UInt8(ascii: "2") &+ (bits &- 26)
    }
}
