import CLoupeSystem
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// One event loop as every thread sees it: how to wake it, hand it an answer computed on the
/// pool or a connection a sibling accepted, and read its load and its counters. Everything else
/// the loop keeps (its connections and their state machines) lives on the loop's own thread, in
/// the `EpollLoop` that `run` makes there: so this part is shared, and locked where it changes.
final class EventLoop: Sendable {
    /// An answer computed on the pool for one of this loop's connections.
    struct Completion: Sendable {
        var fd: Int32
        var serial: UInt64
        var bytes: OutgoingBytes
        var keepAlive: Bool
        /// The budget the job reserved for this answer, handed to the connection with it (the
        /// connection then gives back what its answer does not need), so no other request can
        /// take that room in between.
        var reserved: Int
    }

    /// A connection accepted by a sibling and handed to this loop, not yet registered.
    typealias Arrival = (fd: Int32, peer: String)

    /// The loop's epoll set, which already watches the eventfd and the shared listener.
    let epollFD: Int32
    /// The eventfd that interrupts `epoll_wait` (`wake`).
    let wakeFD: Int32
    /// Counters the loop adds its own to at the end of each iteration.
    let statistics = Locked(ServerStatistics())
    private let completions = Locked<[Completion]>([])
    /// True while the loop is in (or about to enter) `epoll_wait`: only then does a finished
    /// answer need the eventfd to wake it. A running loop picks answers up before it waits, so
    /// under load a finished answer costs no system call and no wake-up.
    private let sleeping = Atomic<Bool>(false)
    /// Connections handed over and not yet registered; `closed` once the loop has stopped, when
    /// hand-offs are refused.
    private let arrivals = Locked<(sockets: [Arrival], closed: Bool)>(([], false))
    /// Connections this loop owns or has been handed and not yet registered: what a sibling
    /// compares to decide where a new connection goes.
    private let load = Atomic<Int>(0)

    init(listenerFD: Int32) throws {
        epollFD = loupe_epoll_create()
        guard epollFD >= 0 else { throw SocketError(call: "epoll_create1") }
        wakeFD = loupe_eventfd()
        guard wakeFD >= 0 else {
            close(epollFD)
            throw SocketError(call: "eventfd")
        }
        guard loupe_epoll_add(epollFD, wakeFD, LOUPE_EPOLLIN) == 0,
            loupe_epoll_add(epollFD, listenerFD, LOUPE_EPOLLIN | LOUPE_EPOLLEXCLUSIVE) == 0
        else {
            close(wakeFD)
            close(epollFD)
            throw SocketError(call: "epoll_ctl")
        }
    }

    /// Runs the loop on this thread until it has drained and stopped (`EpollLoop.run`), then
    /// closes its epoll set and eventfd.
    func run(_ setup: EpollLoop.Setup) {
        EpollLoop(loop: self, setup: setup).run()
        close(wakeFD)
        close(epollFD)
    }

    /// Interrupts `epoll_wait` so the loop notices shutdown or answers; safe from any thread.
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Hands the loop an answer computed on the pool; safe from any thread.
    func deliver(_ completion: Completion) {
        completions.withLock { $0.append(completion) }
        // Sequentially consistent with the loop's store-then-check in `willWait`: either the
        // loop sees this answer before it sleeps, or this sees it sleeping and wakes it.
        if sleeping.load(ordering: .sequentiallyConsistent) { wake() }
    }

    /// Takes a connection a sibling accepted; false once this loop has stopped (the sibling
    /// keeps it). Safe from any thread.
    func adopt(fd: Int32, peer: String) -> Bool {
        arrivals.withLock { inbox in
            guard !inbox.closed else { return false }
            inbox.sockets.append((fd, peer))
            load.add(1, ordering: .relaxed)
            // As `deliver`: either the loop sees the arrival before it sleeps, or this wakes it.
            // Under the lock, so the wake can never reach the eventfd after the stopped loop has
            // closed it (it marks the inbox closed, under this lock, before closing the eventfd).
            if sleeping.load(ordering: .sequentiallyConsistent) { wake() }
            return true
        }
    }

    /// Connections this loop owns or has been handed.
    var connectionCount: Int { load.load(ordering: .relaxed) }

    // MARK: - For the loop's own thread

    /// The loop is about to wait: true when nothing is waiting for it, so it may sleep until an
    /// event, a wake-up or its next sweep.
    func willWait() -> Bool {
        sleeping.store(true, ordering: .sequentiallyConsistent)
        return completions.withLock { $0.isEmpty } && arrivals.withLock { $0.sockets.isEmpty }
    }

    func didWake() {
        sleeping.store(false, ordering: .sequentiallyConsistent)
    }

    /// The answers the pool has finished for this loop since it last looked.
    func takeCompletions() -> [Completion] {
        completions.withLock { list in
            defer { list.removeAll(keepingCapacity: true) }
            return list
        }
    }

    /// The connections siblings have handed over since the loop last looked.
    func takeArrivals() -> [Arrival] {
        arrivals.withLock { inbox in
            defer { inbox.sockets.removeAll(keepingCapacity: true) }
            return inbox.sockets
        }
    }

    /// Marks the inbox closed if nothing is waiting in it, and says whether it did: a drained
    /// loop may stop only then, or a sibling's hand-off racing the shutdown would be closed
    /// unanswered. Once closed, a late hand-off is refused and the sibling keeps the connection.
    func closeEmptyArrivals() -> Bool {
        arrivals.withLock { inbox in
            guard inbox.sockets.isEmpty else { return false }
            inbox.closed = true
            return true
        }
    }

    /// Refuses hand-offs from now on, and returns those still waiting (the loop closes them).
    func closeArrivals() -> [Arrival] {
        arrivals.withLock { inbox in
            inbox.closed = true
            defer { inbox.sockets.removeAll() }
            return inbox.sockets
        }
    }

    /// The loop accepted a connection itself.
    func connectionOpened() {
        load.add(1, ordering: .relaxed)
    }

    /// One of the loop's connections is closed.
    func connectionClosed() {
        load.subtract(1, ordering: .relaxed)
    }
}
