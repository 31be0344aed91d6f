import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The sweep (timeouts, minimum rates, the kernel's queue re-measured) and the drain.
extension EpollLoop {
    func sweep(now: UInt64) {
        for connection in Array(connections.values) {
            if !connection.machine.output.isDelivered {
                // The kernel's queue shrinks as the peer acknowledges, and the peer's window
                // reopens as it reads: charge what is left of both.
                let queued = Socket.queuedOutputBytes(connection.fd)
                let window = Socket.peerWindow(connection.fd)
                if let action = connection.machine.acknowledged(queued: queued, peerWindow: window, now: now) {
                    perform(action.next, on: connection, now: now)
                    continue
                }
            }
            if let action = connection.machine.timerFired(now: now, timeouts) {
                perform(action.next, on: connection, now: now)
            }
        }
        if budget.claimTrim(now: now) {
            // Give the memory of a burst back to the kernel once it is over.
            _ = loupe_return_free_memory()
        }
    }

    /// Shutdown: the first loop to get here makes the listener deaf (no handshake completes
    /// after that), accepts everything already in its backlog and closes it, so a connection
    /// the kernel completed and queued is never reset unanswered, however long this thread is
    /// descheduled between its last accept and the close; the others stop listening. Then every
    /// request already received is answered (with `Connection: close`), and connections are
    /// closed only once idle long enough that no request can be on its way, or at the grace
    /// period's end.
    func beginDrain(now: UInt64) {
        if listening {
            if state.claimListener() {
                try? Socket.refuseNewConnections(listenerFD)
                acceptConnections(now: now, all: true)
                closeListener()
            } else {
                loupe_epoll_remove(epollFD, listenerFD)
            }
            listening = false
            stoppedListening()
        }
        drainUntil(now + UInt64(configuration.shutdownGracePeriod * 1e9))
        for connection in Array(connections.values) {
            if let action = connection.machine.drainBegan(now: now) {
                perform(action.next, on: connection, now: now)
            }
        }
    }
}
