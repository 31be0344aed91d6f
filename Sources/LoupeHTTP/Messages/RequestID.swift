import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Request identifiers: an incoming `X-Request-ID` is echoed when it is safe to log and to
/// put back in a header, otherwise the server makes one, so every log line and answer can
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
                UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "="):
                return true
            default: return false
            }
        }
    }
}
