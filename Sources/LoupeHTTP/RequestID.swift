import CLoupeSystem
#if canImport(Glibc)
import Glibc
#endif

/// Request identifiers: an incoming `X-Request-ID` is echoed when it is safe to log and to
/// put back in a header, otherwise the server makes one, so every log line and response can
/// be correlated across a load balancer.
enum RequestID {
    /// At most 128 characters of `A-Z a-z 0-9 - _ . : / + =` (covers UUIDs, W3C trace ids and
    /// the base64 ids proxies make) and nothing that could split a header or a log line.
    static func isWellFormed(_ value: String) -> Bool {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= 128 else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case 48...57, 65...90, 97...122: return true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
                 UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "="): return true
            default: return false
            }
        }
    }
}

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

    mutating func next() -> String {
        counter &+= 1
        let hex = String(counter, radix: 16)
        return prefix + "-" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }
}
