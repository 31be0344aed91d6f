import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Makes unique request ids cheaply: a random 64-bit prefix per loop, then a counter.
struct RequestIDGenerator {
    /// The prefix's 16 hex digits as two words in memory order, stored into each id at once.
    private let prefix: (UInt64, UInt64)
    private var counter: UInt64 = 0

    init() {
        var random: UInt64 = 0
        if loupe_getrandom(&random, MemoryLayout<UInt64>.size) != MemoryLayout<UInt64>.size {
            random = UInt64(truncatingIfNeeded: time(nil)) &* 0x9E37_79B9_7F4A_7C15
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            for index in 0..<16 { bytes[index] = Self.hexDigit(random >> UInt64(4 * (15 - index))) }
        }
        prefix = words
    }

    /// `prefix-counter`, the counter in at least 8 hex digits, written straight into the new
    /// string's storage (string concatenation, and then a byte loop over the prefix's UTF-8 view,
    /// cost a few percent of a /healthz request).
    mutating func next() -> String {
        counter &+= 1
        let counter = counter
        let digits = max(8, (64 - counter.leadingZeroBitCount + 3) / 4)
        let prefix = prefix
        return String(unsafeUninitializedCapacity: 17 + digits) { buffer in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            raw.storeBytes(of: prefix.0, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: prefix.1, toByteOffset: 8, as: UInt64.self)
            buffer[16] = UInt8(ascii: "-")
            for position in 0..<digits {
                buffer[17 + position] = Self.hexDigit(counter >> UInt64(4 * (digits - 1 - position)))
            }
            return 17 + digits
        }
    }

    /// Sets the counter, so the next id carries `value + 1` (tests of the widest ids).
    mutating func skip(to value: UInt64) { counter = value }

    /// The lowercase hex digit of `value`'s low four bits.
    private static func hexDigit(_ value: UInt64) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value) & 0xF
        return nibble &+ (nibble < 10 ? UInt8(ascii: "0") : UInt8(ascii: "a") &- 10)
    }
}
