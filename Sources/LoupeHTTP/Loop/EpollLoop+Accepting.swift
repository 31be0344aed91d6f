import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Accepting: new connections, each registered on the loop with the fewest.
extension EpollLoop {
    /// Accepts waiting connections: up to 64 per wake-up so one loop does not take a burst
    /// alone, or every one in the backlog (`all`) before the listener closes.
    func acceptConnections(now: UInt64, all: Bool) {
        if let until = listenerPausedUntil, !all {
            guard now >= until else { return }
            listenerPausedUntil = nil
        }
        var accepted = 0
        while all || accepted < 64 {
            guard let (fd, peer) = Socket.accept(listenerFD) else {
                if Socket.isAcceptRetryable(errno) {
                    // That connection died in the queue (or a signal interrupted): the next
                    // one is unaffected, and before the listener closes it must be accepted.
                    accepted += 1
                    continue
                }
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    // Out of descriptors: stop accepting for a moment rather than spin.
                    listenerPausedUntil = now + 100_000_000
                }
                return
            }
            accepted += 1
            guard state.admitConnection(limit: configuration.maxConnections) else {
                rejectOverCapacity(fd: fd, peer: peer)
                continue
            }
            try? Socket.setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
            pending.acceptedConnections += 1
            if !all && !draining && !state.isShuttingDown, let sibling = lessLoadedSibling(), sibling.adopt(fd: fd, peer: peer) {
                continue
            }
            loop.connectionOpened()
            register(fd: fd, peer: peer, now: now)
        }
    }

    /// The sibling with the fewest connections, when it has fewer than this loop.
    ///
    /// Whichever loop wakes first accepts a burst of new connections (a client opening 64 at
    /// once, a load balancer reconnecting): kept, they would all be served by one core while
    /// the other idles (measured: one run in four of `scripts/load`'s varied mode served every
    /// connection on one loop, at two-thirds of the throughput). Handing each to the least
    /// loaded loop spreads them evenly, whatever the wake-up order.
    private func lessLoadedSibling() -> EventLoop? {
        var best: EventLoop?
        var bestLoad = loop.connectionCount
        for sibling in siblings where sibling !== loop {
            let siblingLoad = sibling.connectionCount
            if siblingLoad < bestLoad {
                best = sibling
                bestLoad = siblingLoad
            }
        }
        return best
    }

    /// Registers the connections siblings handed over.
    func receiveArrivals(now: UInt64) {
        for socket in loop.takeArrivals() { register(fd: socket.fd, peer: socket.peer, now: now) }
    }

    private func register(fd: Int32, peer: String, now: UInt64) {
        nextSerial += 1
        var machine = ConnectionStateMachine(
            limits: configuration.limits, budget: budget, kernelQueueCap: configuration.kernelSendQueueBytes, now: now)
        if draining { _ = machine.drainBegan(now: now) }
        if let window = Socket.peerWindow(fd) { machine.peerWindowAtAccept(window) }
        let connection = Connection(fd: fd, peer: peer, serial: nextSerial, machine: machine)
        connections[fd] = connection
        perform(machine.waiting.next, on: connection, now: now)
    }

    /// Answers 503 once, without reading the request, and closes: the cheapest honest reply
    /// when the server has no room for another connection.
    private func rejectOverCapacity(fd: Int32, peer: String) {
        var bytes = OutgoingBytes()
        answerer.refuse(.overCapacity, peer: peer, startedAt: nil, bytesIn: 0, into: &bytes)
        let sent = bytes.withUnwrittenPieces { Self.send($0, to: fd) }
        close(fd)
        pending.rejectedConnections += 1
        pending.bytesOut += max(0, sent)
    }
}
