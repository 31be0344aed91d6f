/// How much the service logs. Access logs are `info`, so `warn` silences them.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warn, error, off

    private var rank: Int {
        switch self {
        case .debug: return 0
        case .info: return 1
        case .warn: return 2
        case .error: return 3
        case .off: return 4
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}
