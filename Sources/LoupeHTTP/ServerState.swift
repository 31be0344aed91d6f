/// What the event loops share: the connection count behind the cap, and whether
/// shutdown has begun. Everything else a loop owns alone.
final class ServerState: Sendable {
    private let connections = Locked(0)
    private let shuttingDown = Locked(false)

    /// Counts a new connection in if the cap allows it.
    func admitConnection(limit: Int) -> Bool {
        connections.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func releaseConnection() {
        connections.withLock { $0 -= 1 }
    }

    var openConnections: Int { connections.current }

    func requestShutdown() {
        shuttingDown.withLock { $0 = true }
    }

    var isShuttingDown: Bool { shuttingDown.current }
}
