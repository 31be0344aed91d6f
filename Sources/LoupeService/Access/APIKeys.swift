import LoupeHTTP

/// Bearer-key access control for /v1/*. Keys are compared in constant time so answer
/// timing does not reveal how much of a guessed key was right.
struct APIKeys: Sendable {
    private let keys: [[UInt8]]

    init(_ keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
    }

    /// The keys of an `--api-keys` / LOUPE_API_KEYS value: comma-separated, blanks trimmed.
    ///
    /// An empty value leaves the API open. A value that is not empty but names no key (",",
    /// " , ") is a mistake, most likely a template or secret that expanded to nothing useful;
    /// reading it as "open" would silently expose the API, so it is refused.
    static func parseSetting(_ value: String) throws(ConfigurationError) -> [String] {
        let keys = value.split(separator: ",").map { String($0.trimmingOptionalWhitespace()) }.filter { !$0.isEmpty }
        guard keys.isEmpty, !value.isEmpty else { return keys }
        throw ConfigurationError(
            setting: "--api-keys", message: "names no key; leave it empty to keep the API open, or list keys separated by commas")
    }

    var isEnabled: Bool { !keys.isEmpty }

    /// Why the request may not use /v1/*, as the detail of its 401, or nil when it may: when it
    /// carries exactly one `Authorization: Bearer <one of the keys>`.
    ///
    /// Authorization is a singleton field (RFC 9110 §11.6.2, §5.3): with two of them, a proxy
    /// in front of Loupe may act on a different one than Loupe does, so a request that carries
    /// several is refused however good the first one is.
    func refusal(of request: HTTPRequest) -> String? {
        guard isEnabled else { return nil }
        let fields = request.headers.values("Authorization")
        guard fields.count <= 1 else {
            return "Send exactly one Authorization field, 'Authorization: Bearer <key>'; the request has \(fields.count)."
        }
        guard let field = fields.first, matchesAKey(field) else {
            return "Send 'Authorization: Bearer <key>' with one of the service's API keys."
        }
        return nil
    }

    /// Whether `field` is `Bearer <key>` for one of the keys, compared in constant time.
    private func matchesAKey(_ field: String) -> Bool {
        let parts = field.split(separator: " ", maxSplits: 1)
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
