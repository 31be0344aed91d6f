import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Makes unique request ids cheaply: a random 64-bit prefix per loop, then a counter.
struct RequestIDGenerator {
    private let prefix: String
    private var counter: UInt64 = 0

    init() {
        var random: UInt64 = 0
        if loupe_getrandom(&random, MemoryLayout<UInt64>.size) != MemoryLayout<UInt64>.size {
            random = UInt64(truncatingIfNeeded: time(nil)) &* 0x9E37_79B9_7F4A_7C15
        }
        let hex = String(random, radix: 16)
        prefix = String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `prefix-counter`, the counter in at least 8 hex digits, written byte by byte (string
    /// concatenation cost a few percent of a /healthz request).
    mutating func next() -> String {
        counter &+= 1
        let digits = max(8, (64 - counter.leadingZeroBitCount + 3) / 4)
        let prefixBytes = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixBytes + 1 + digits) { buffer in
            var index = 0
            for byte in prefix.utf8 {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: "-")
            index += 1
            for position in 0..<digits {
                let nibble = Int((counter >> UInt64(4 * (digits - 1 - position))) & 0xF)
                buffer[index] = Self.hexDigits[nibble]
                index += 1
            }
            return index
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
