import LoupeHTTP

/// Bearer-key access control for /v1/*. Keys are compared in constant time so response
/// timing does not reveal how much of a guessed key was right.
struct APIKeys: Sendable {
    private let keys: [[UInt8]]

    init(_ keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
    }

    var isEnabled: Bool { !keys.isEmpty }

    /// Whether the request carries `Authorization: Bearer <one of the keys>`.
    func authorizes(_ request: HTTPRequest) -> Bool {
        guard isEnabled else { return true }
        guard let header = request.headers["Authorization"] else { return false }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let presented = Array(parts[1].utf8)
        var matched = false
        for key in keys {
            // Every key is compared in full, whatever the earlier results.
            matched = Self.constantTimeEquals(presented, key) || matched
        }
        return matched
    }

    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        let length = max(lhs.count, rhs.count)
        for index in 0..<length {
            let a = index < lhs.count ? lhs[index] : 0
            let b = index < rhs.count ? rhs[index] : 0
            difference |= a ^ b
        }
        return difference == 0 && lhs.count == rhs.count
    }
}
