import CLoupeSystem
import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on non-blocking POSIX sockets: one listener shared by one epoll loop
/// per core.
///
/// ```swift
/// let server = HTTPServer(configuration: ServerConfiguration(port: 8080), application: app)
/// try server.start()
/// // later, on SIGTERM:
/// server.shutdown()
/// server.waitUntilStopped()
/// ```
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let application: any HTTPApplication
    private let state = ServerState()
    private let stopped = DispatchGroup()
    private let listening = DispatchGroup()
    /// The loops, once `start` has made them.
    private let loops = Locked<[EventLoop]>([])
    private let pool: ComputePool
    /// Bytes buffered for clients, shared by every loop and the compute pool.
    public let budget: MemoryBudget
    /// The listening socket, -1 once closed (by whichever of `shutdown`, a loop and
    /// `waitUntilStopped` comes first).
    private let listenerFD = Locked<Int32>(-1)
    private let boundPort = Atomic<UInt16>(0)

    public init(configuration: ServerConfiguration, application: any HTTPApplication) {
        self.configuration = configuration
        self.application = application
        self.budget = MemoryBudget(limit: configuration.memoryBudget)
        self.pool = ComputePool(workers: configuration.computeWorkers, queueCapacity: configuration.computeQueue)
    }

    /// Binds, listens and starts the event loops; returns once connections are accepted.
    ///
    /// - Throws: `SocketError` when the address cannot be bound.
    public func start() throws {
        // Writes to a closed socket or log pipe must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let listener = try Socket.makeListener(
            host: configuration.host, port: configuration.port, backlog: 4096, sendBufferBytes: configuration.sendBufferBytes)
        listenerFD.withLock { $0 = listener.fd }
        boundPort.store(listener.port, ordering: .relaxed)
        let loops: [EventLoop]
        do {
            loops = try (0..<max(1, configuration.eventLoops)).map { _ in try EventLoop(listenerFD: listener.fd) }
        } catch {
            // Through `closeListener`, so a later `shutdown` cannot close the number again.
            closeListener()
            pool.shutdown()
            throw error
        }
        self.loops.withLock { $0 = loops }
        let setup = EpollLoop.Setup(
            listenerFD: listener.fd, configuration: configuration, application: application, state: state, pool: pool, budget: budget,
            siblings: loops, stoppedListening: { [listening] in listening.leave() },
            closeListener: { [weak self] in self?.closeListener() })
        for (index, loop) in loops.enumerated() {
            listening.enter()
            stopped.enter()
            SystemThread.start(name: "loupe-loop-\(index)") { [stopped] in
                // A short slice: a loop woken by a probe preempts the thread on its core (a
                // worker, or another process) at once (issue 42 §4; docs/operations.md).
                _ = loupe_request_thread_slice(Self.loopSliceNanoseconds)
                loop.run(setup)
                stopped.leave()
            }
        }
    }

    /// The scheduler slice an event loop asks for: 0.1 ms, the shortest Linux grants, as a loop
    /// runs microseconds at a time and must not wait out a worker's or a neighbour's slice.
    static let loopSliceNanoseconds = 100_000

    /// The bound port: the configured one, or the one the kernel picked for port 0.
    public var port: UInt16 { boundPort.load(ordering: .relaxed) }

    /// The drain before shutdown: keep accepting and answering, but with `Connection: close`,
    /// so clients move to other instances while a load balancer notices /readyz. Safe from
    /// any thread.
    public func beginDraining() {
        state.closeConnectionsAfterAnswers()
    }

    /// Begins a graceful shutdown: accept what is already in the backlog, stop listening,
    /// answer every request already received, close connections once idle, and stop within
    /// `shutdownGracePeriod`. Safe from any thread; returns once the listener is closed
    /// (within a second), so no connection is left unaccepted in its backlog.
    public func shutdown() {
        state.requestShutdown()
        for loop in loops.current { loop.wake() }
        if listening.wait(timeout: .now() + 1) == .success {
            closeListener()
        }
    }

    /// Blocks until every loop has stopped and every computed answer is finished, then
    /// releases the listening socket.
    public func waitUntilStopped() {
        stopped.wait()
        pool.shutdown()
        closeListener()
    }

    private func closeListener() {
        listenerFD.withLock { fd in
            if fd >= 0 {
                close(fd)
                fd = -1
            }
        }
    }

    public var isShuttingDown: Bool { state.isShuttingDown }

    /// Counters summed over all loops (bytes are at most one loop iteration stale).
    public var statistics: ServerStatistics {
        var total = loops.current.reduce(ServerStatistics()) { $0 + $1.statistics.current }
        total.openConnections = state.openConnections
        total.computeQueued = pool.queued
        total.computeRefused = pool.refused
        total.memoryInUse = budget.inUse
        total.memoryPeak = budget.highWater
        total.memoryLimit = budget.limit
        total.memoryRefused = budget.refused
        return total
    }
}
