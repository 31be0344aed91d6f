import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The part of an event loop that lives on its thread: the epoll set's events, the connections
/// and their state machines. It accepts connections from the shared listener, and carries out
/// what each connection's state machine asks (`ConnectionAction`): reads, writes, the
/// application's one call per request, closes. Cheap answers (probes, metrics) are built inline;
/// everything else goes to the compute pool, and its answer comes back through the loop's
/// `EventLoop.deliver`, so a heavy request never holds up the loop's other connections.
///
/// Idle keep-alive connections cost an entry in a dictionary, not a thread. Nothing here is
/// shared: other threads reach the loop only through its `EventLoop`, which is locked.
///
/// The facets are in `EpollLoop+Accepting` (new connections, spread over the loops),
/// `EpollLoop+Actions` (what a connection's actions do), `EpollLoop+Writing` (writes, write
/// coalescing, epoll interest, closing) and `EpollLoop+Timers` (the sweep and the drain).
final class EpollLoop {
    /// Everything a loop is started with, handed to its thread.
    struct Setup: Sendable {
        var listenerFD: Int32
        var configuration: ServerConfiguration
        var application: any HTTPApplication
        var state: ServerState
        var pool: ComputePool
        var budget: MemoryBudget
        /// Every loop of the server, this one included.
        var siblings: [EventLoop]
        /// Called once this loop has stopped listening.
        var stoppedListening: @Sendable () -> Void
        /// Closes the shared listener (once, whoever calls it).
        var closeListener: @Sendable () -> Void
    }

    /// This loop as other threads see it.
    let loop: EventLoop
    let epollFD: Int32
    let listenerFD: Int32
    let configuration: ServerConfiguration
    let timeouts: ConnectionTimeouts
    let state: ServerState
    let pool: ComputePool
    let budget: MemoryBudget
    /// Every loop of the server, this one included; dropped when this one stops.
    var siblings: [EventLoop]

    var connections: [Int32: Connection] = [:]
    /// While the loop handles a pass of ready events: connections whose writes wait for the
    /// pass to end (`dispatchCoalescingWrites`).
    var coalescingWrites = false
    var heldWrites: [Connection] = []
    var answerer: Answerer
    var pending = ServerStatistics()
    var nextSerial: UInt64 = 0
    var draining = false
    private var drainDeadline: UInt64 = 0
    var listening = true
    var listenerPausedUntil: UInt64?
    let stoppedListening: @Sendable () -> Void
    let closeListener: @Sendable () -> Void

    private static let maxEvents: Int32 = 256
    static let readSize = 64 * 1024

    private let events: UnsafeMutablePointer<loupe_ready_event>
    let readBuffer: UnsafeMutablePointer<UInt8>

    init(loop: EventLoop, setup: Setup) {
        self.loop = loop
        epollFD = loop.epollFD
        listenerFD = setup.listenerFD
        configuration = setup.configuration
        timeouts = ConnectionTimeouts(setup.configuration)
        state = setup.state
        pool = setup.pool
        budget = setup.budget
        siblings = setup.siblings
        stoppedListening = setup.stoppedListening
        closeListener = setup.closeListener
        answerer = Answerer(application: setup.application)
        events = .allocate(capacity: Int(Self.maxEvents))
        readBuffer = .allocate(capacity: Self.readSize)
    }

    deinit {
        events.deallocate()
        readBuffer.deallocate()
    }

    // MARK: - The loop

    func run() {
        let sweepEvery = UInt64(configuration.sweepInterval * 1e9)
        var nextSweep = MonotonicClock.now() + sweepEvery
        while true {
            let idle = loop.willWait()
            let timeout: Int32 = idle ? Int32(configuration.sweepInterval * 1000) + 1 : 0
            let count = loupe_epoll_wait(epollFD, events, Self.maxEvents, timeout)
            loop.didWake()
            let now = MonotonicClock.now()
            receiveArrivals(now: now)
            receiveCompletions(now: now)
            if count > 0 {
                dispatchCoalescingWrites(count: Int(count), now: now)
            }
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + sweepEvery
            }
            flushStatistics()
            if draining && (now >= drainDeadline || (connections.isEmpty && loop.closeEmptyArrivals())) {
                break
            }
        }
        for connection in Array(connections.values) {
            closeConnection(connection)
        }
        // Hand-offs are refused from now on. Only at the drain deadline can one be waiting (an
        // early exit closes the inbox only when it is empty): it is closed with the rest.
        for socket in loop.closeArrivals() {
            close(socket.fd)
            loop.connectionClosed()
            state.connectionClosed()
        }
        siblings = []
        flushStatistics()
    }

    /// Handles the ready events, holding back the writes of answers built meanwhile until the
    /// pass ends or has taken `writeCoalescingMicroseconds`, then writing them back to back:
    /// a client woken by its answer then finds the next ones already there, instead of one
    /// wake-up per answer (see `ServerConfiguration.writeCoalescingMicroseconds`).
    private func dispatchCoalescingWrites(count: Int, now: UInt64) {
        let limit = UInt64(max(0, configuration.writeCoalescingMicroseconds)) &* 1_000
        coalescingWrites = limit > 0
        var heldSince = now
        for index in 0..<count {
            let event = events[index]
            dispatch(fd: event.fd, flags: event.events, now: now)
            if !heldWrites.isEmpty {
                let clock = MonotonicClock.now()
                if clock &- heldSince >= limit {
                    writeHeld(now: now)
                    heldSince = clock
                }
            }
        }
        writeHeld(now: now)
        coalescingWrites = false
    }

    private func dispatch(fd: Int32, flags: UInt32, now: UInt64) {
        if fd == listenerFD {
            if listening { acceptConnections(now: now, all: false) }
        } else if fd == loop.wakeFD {
            var value: UInt64 = 0
            _ = read(fd, &value, 8)
            receiveCompletions(now: now)
            if state.isShuttingDown && !draining { beginDrain(now: now) }
        } else if let connection = connections[fd] {
            if flags & LOUPE_EPOLLERR != 0 {
                // The peer reset it, or TCP gave up on it (`connectionFailed`).
                perform(connection.machine.connectionFailed().next, on: connection, now: now)
                return
            }
            if flags & LOUPE_EPOLLOUT != 0 {
                perform(writeOutput(connection, now: now), on: connection, now: now)
            }
            if connections[fd] === connection, flags & (LOUPE_EPOLLIN | LOUPE_EPOLLRDHUP | LOUPE_EPOLLHUP | LOUPE_EPOLLERR) != 0 {
                readAvailable(connection, now: now)
            }
        }
    }

    /// Queues every answer the pool has finished for this loop.
    func receiveCompletions(now: UInt64) {
        for completion in loop.takeCompletions() {
            // The client may have gone, and its descriptor may serve another client now.
            guard let connection = connections[completion.fd], connection.serial == completion.serial else {
                budget.refund(completion.reserved)
                continue
            }
            let ready = connection.machine.answerReady(
                completion.bytes, keepAlive: completion.keepAlive, reserved: completion.reserved, now: now)
            if let ready { perform(ready.next, on: connection, now: now) }
        }
    }

    /// Ends the loop at the drain's deadline (see `beginDrain`).
    func drainUntil(_ deadline: UInt64) {
        draining = true
        drainDeadline = deadline
    }

    private func flushStatistics() {
        guard pending != ServerStatistics() else { return }
        let delta = pending
        loop.statistics.withLock { $0 = $0 + delta }
        pending = ServerStatistics()
    }
}
