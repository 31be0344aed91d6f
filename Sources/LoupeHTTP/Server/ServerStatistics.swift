/// Counters the server keeps about itself, for /metrics.
public struct ServerStatistics: Sendable, Equatable {
    public var openConnections = 0
    public var acceptedConnections = 0
    public var rejectedConnections = 0
    public var bytesIn = 0
    public var bytesOut = 0
    /// Connections reset unanswered because not even a 503 fit in the memory budget.
    public var resetForMemory = 0
    /// Closing connections reset because the peer stopped acknowledging their last bytes for
    /// the write timeout: closed plainly, the kernel would keep those bytes as an orphan socket.
    public var orphansReset = 0
    /// Connections reset because an event came in a state it cannot come in: a bug in the loop,
    /// which debug builds trap on (`ConnectionStateMachine`). Always 0 in a healthy server.
    public var illegalMoves = 0
    /// Requests waiting for a compute worker now.
    public var computeQueued = 0
    /// Requests refused with 503 because the compute queue was full, since start.
    public var computeRefused = 0
    /// Bytes charged to the memory budget now, the most ever charged at once, and its limit.
    public var memoryInUse = 0
    public var memoryPeak = 0
    public var memoryLimit = 0
    /// Reservations the memory budget refused (each a 503), since start.
    public var memoryRefused = 0

    public init() {}

    static func + (lhs: ServerStatistics, rhs: ServerStatistics) -> ServerStatistics {
        var sum = lhs
        sum.openConnections += rhs.openConnections
        sum.acceptedConnections += rhs.acceptedConnections
        sum.rejectedConnections += rhs.rejectedConnections
        sum.bytesIn += rhs.bytesIn
        sum.bytesOut += rhs.bytesOut
        sum.resetForMemory += rhs.resetForMemory
        sum.orphansReset += rhs.orphansReset
        sum.illegalMoves += rhs.illegalMoves
        return sum
    }
}
