import Synchronization

/// What the event loops share: the connection count behind the cap, and how far shutdown
/// has gone. Everything else a loop owns alone.
final class ServerState: Sendable {
    private let connections = Atomic<Int>(0)
    private let shuttingDown = Atomic<Bool>(false)
    private let closingConnections = Atomic<Bool>(false)
    private let listenerClaimed = Atomic<Bool>(false)

    /// Counts a new connection in if the cap allows it.
    func admitConnection(limit: Int) -> Bool {
        var count = connections.load(ordering: .relaxed)
        while count < limit {
            let (exchanged, original) = connections.compareExchange(expected: count, desired: count + 1, ordering: .relaxed)
            if exchanged { return true }
            count = original
        }
        return false
    }

    func connectionClosed() {
        connections.subtract(1, ordering: .relaxed)
    }

    var openConnections: Int { connections.load(ordering: .relaxed) }

    func requestShutdown() {
        closingConnections.store(true, ordering: .relaxed)
        shuttingDown.store(true, ordering: .relaxed)
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .relaxed) }

    /// Every answer from now on says `Connection: close` (the drain before shutdown).
    func closeConnectionsAfterAnswers() {
        closingConnections.store(true, ordering: .relaxed)
    }

    var isClosingConnections: Bool { closingConnections.load(ordering: .relaxed) }

    /// True for the one loop that takes the last connections from the listener and closes it.
    func claimListener() -> Bool {
        !listenerClaimed.exchange(true, ordering: .sequentiallyConsistent)
    }
}
