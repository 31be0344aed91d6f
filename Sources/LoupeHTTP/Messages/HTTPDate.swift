#if canImport(Glibc)
    import Glibc
#endif

/// Formats the Date header's IMF-fixdate (RFC 9110 §5.6.7), cached per second because
/// every answer carries one and the clock only moves once a second.
struct HTTPDate {
    private var cachedSecond: time_t = -1
    private var cached: [UInt8] = []

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != cachedSecond {
            cachedSecond = now
            cached = Array(Self.format(now).utf8)
        }
        return cached
    }

    static func format(_ seconds: time_t) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
