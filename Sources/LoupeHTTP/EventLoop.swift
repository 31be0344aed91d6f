import CLoupeSystem
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// One epoll loop on its own thread. It accepts connections from the shared listener, and
/// carries out what each connection's state machine asks (`ConnectionAction`): reads, writes,
/// the application's one call per request, closes. Cheap answers (probes, metrics) are built
/// inline; everything else goes to the compute pool, and its answer comes back through
/// `deliver`, so a heavy request never holds up the loop's other connections.
///
/// Idle keep-alive connections cost an entry in a dictionary, not a thread. All mutable
/// state here is confined to the loop's thread; other threads only call `wake()` and
/// `deliver(_:)`, and read `statistics`, which are locked.
///
/// The facets are in `EventLoop+Accepting` (new connections, spread over the loops),
/// `EventLoop+Actions` (what a connection's actions do), `EventLoop+Writing` (writes, write
/// coalescing, epoll interest, closing) and `EventLoop+Timers` (the sweep and the drain).
final class EventLoop: @unchecked Sendable {
    /// An answer computed on the pool for one of this loop's connections.
    struct Completion: Sendable {
        var fd: Int32
        var serial: UInt64
        var bytes: [UInt8]
        var keepAlive: Bool
        /// The budget the job reserved for this answer, handed to the connection with it (the
        /// connection then gives back what its answer does not need), so no other request can
        /// take that room in between.
        var reserved: Int
    }

    let epollFD: Int32
    let wakeFD: Int32
    let listenerFD: Int32
    let configuration: ServerConfiguration
    let timeouts: ConnectionTimeouts
    let state: ServerState
    let pool: ComputePool
    let budget: MemoryBudget
    let statistics = Locked(ServerStatistics())
    private let completions = Locked<[Completion]>([])
    /// True while the loop is in (or about to enter) `epoll_wait`: only then does a finished
    /// answer need the eventfd to wake it. A running loop picks answers up before it waits, so
    /// under load a finished answer costs no system call and no wake-up.
    let sleeping = Atomic<Bool>(false)

    /// Connections accepted by a sibling loop and handed to this one (see `acceptConnections`),
    /// not yet registered; `closed` once the loop has stopped, when hand-offs are refused.
    let arrivals = Locked<(sockets: [(fd: Int32, peer: String)], closed: Bool)>(([], false))
    /// Connections this loop owns or has been handed and not yet registered: what a sibling
    /// compares to decide where a new connection goes.
    let load = Atomic<Int>(0)
    /// Every loop of the server, this one included; set before the loops start, emptied when
    /// this one stops (the loops refer to each other).
    var siblings: [EventLoop] = []

    var connections: [Int32: Connection] = [:]
    /// While the loop handles a pass of ready events: connections whose writes wait for the
    /// pass to end (`dispatchCoalescingWrites`).
    var coalescingWrites = false
    var heldWrites: [Connection] = []
    var exchanger: Exchanger
    var pending = ServerStatistics()
    var nextSerial: UInt64 = 0
    var draining = false
    private var drainDeadline: UInt64 = 0
    var listening = true
    var listenerPausedUntil: UInt64?
    /// Called once this loop has stopped listening.
    let stoppedListening: @Sendable () -> Void
    /// Closes the shared listener (once, whoever calls it).
    let closeListener: @Sendable () -> Void

    private static let maxEvents: Int32 = 256
    static let readSize = 64 * 1024

    private let events: UnsafeMutablePointer<loupe_ready_event>
    let readBuffer: UnsafeMutablePointer<UInt8>

    init(
        listenerFD: Int32, configuration: ServerConfiguration, responder: any HTTPResponder, state: ServerState,
        pool: ComputePool, budget: MemoryBudget, stoppedListening: @escaping @Sendable () -> Void,
        closeListener: @escaping @Sendable () -> Void
    ) throws {
        self.listenerFD = listenerFD
        self.configuration = configuration
        self.timeouts = ConnectionTimeouts(configuration)
        self.state = state
        self.pool = pool
        self.budget = budget
        self.stoppedListening = stoppedListening
        self.closeListener = closeListener
        self.exchanger = Exchanger(responder: responder)
        epollFD = loupe_epoll_create()
        guard epollFD >= 0 else { throw SocketError(call: "epoll_create1") }
        wakeFD = loupe_eventfd()
        guard wakeFD >= 0 else {
            close(epollFD)
            throw SocketError(call: "eventfd")
        }
        events = .allocate(capacity: Int(Self.maxEvents))
        readBuffer = .allocate(capacity: Self.readSize)
        try register(wakeFD, events: LOUPE_EPOLLIN)
        try register(listenerFD, events: LOUPE_EPOLLIN | LOUPE_EPOLLEXCLUSIVE)
    }

    deinit {
        events.deallocate()
        readBuffer.deallocate()
    }

    /// Interrupts `epoll_wait` so the loop notices shutdown or answers; safe from any thread.
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Hands the loop an answer computed on the pool; safe from any thread.
    func deliver(_ completion: Completion) {
        completions.withLock { $0.append(completion) }
        // Sequentially consistent with the loop's store-then-check in `run`: either the loop
        // sees this answer before it sleeps, or this sees it sleeping and wakes it.
        if sleeping.load(ordering: .sequentiallyConsistent) { wake() }
    }

    // MARK: - The loop

    func run() {
        let sweepEvery = UInt64(configuration.sweepInterval * 1e9)
        var nextSweep = MonotonicClock.now() + sweepEvery
        while true {
            sleeping.store(true, ordering: .sequentiallyConsistent)
            let idle = completions.withLock { $0.isEmpty } && arrivals.withLock { $0.sockets.isEmpty }
            let timeout: Int32 = idle ? Int32(configuration.sweepInterval * 1000) + 1 : 0
            let count = loupe_epoll_wait(epollFD, events, Self.maxEvents, timeout)
            sleeping.store(false, ordering: .sequentiallyConsistent)
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
            if draining && (now >= drainDeadline || (connections.isEmpty && closeEmptyArrivals())) {
                break
            }
        }
        for connection in Array(connections.values) {
            closeConnection(connection)
        }
        // Hand-offs are refused from now on. Only at the drain deadline can one be waiting (an
        // early exit closes the inbox only when it is empty): it is closed with the rest.
        let late = arrivals.withLock { inbox in
            inbox.closed = true
            defer { inbox.sockets.removeAll() }
            return inbox.sockets
        }
        for socket in late {
            close(socket.fd)
            load.subtract(1, ordering: .relaxed)
            state.releaseConnection()
        }
        siblings = []
        flushStatistics()
        close(wakeFD)
        close(epollFD)
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
        } else if fd == wakeFD {
            var value: UInt64 = 0
            _ = read(wakeFD, &value, 8)
            receiveCompletions(now: now)
            if state.isShuttingDown && !draining { beginDrain(now: now) }
        } else if let connection = connections[fd] {
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
        let finished = completions.withLock { list -> [Completion] in
            defer { list.removeAll(keepingCapacity: true) }
            return list
        }
        for completion in finished {
            // The client may have gone, and its descriptor may serve another client now.
            guard let connection = connections[completion.fd], connection.serial == completion.serial else {
                budget.release(completion.reserved)
                continue
            }
            let ready = connection.machine.answerReady(
                completion.bytes, keepAlive: completion.keepAlive, reserved: completion.reserved, now: now)
            if let ready { perform(ready, on: connection, now: now) }
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
        statistics.withLock { $0 = $0 + delta }
        pending = ServerStatistics()
    }

    private func register(_ fd: Int32, events: UInt32) throws {
        guard loupe_epoll_add(epollFD, fd, events) == 0 else { throw SocketError(call: "epoll_ctl") }
    }
}
