import CLoupeSystem
#if canImport(Glibc)
import Glibc
#endif

/// One epoll loop on its own thread. It accepts connections from the shared listener,
/// reads, parses, calls the responder inline and writes, never blocking on any one client.
///
/// Idle keep-alive connections cost an entry in a dictionary, not a thread. All mutable
/// state here is confined to the loop's thread; other threads only call `wake()` and read
/// `statistics`, which is locked.
final class EventLoop: @unchecked Sendable {
    private let epollFD: Int32
    private let wakeFD: Int32
    private let listenerFD: Int32
    private let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let state: ServerState
    let statistics = Locked(ServerStatistics())

    private var connections: [Int32: Connection] = [:]
    private var exchanger: Exchanger
    private var pending = ServerStatistics()
    private var draining = false
    private var drainDeadline: UInt64 = 0
    private var listenerPausedUntil: UInt64?

    private static let maxEvents: Int32 = 256
    private static let readSize = 64 * 1024
    /// Output a connection may have queued before the loop stops reading from it
    /// (backpressure for pipelining clients that do not read).
    private static let outputHighWater = 1024 * 1024
    /// How long a closing connection keeps draining client bytes so its last response is
    /// not destroyed by a TCP reset (lingering close).
    private static let lingerNanoseconds: UInt64 = 2_000_000_000

    private let events: UnsafeMutablePointer<loupe_ready_event>
    private let readBuffer: UnsafeMutablePointer<UInt8>

    init(listenerFD: Int32, configuration: ServerConfiguration, responder: any HTTPResponder, state: ServerState) throws {
        self.listenerFD = listenerFD
        self.configuration = configuration
        self.responder = responder
        self.state = state
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

    /// Interrupts `epoll_wait` so the loop notices shutdown; safe from any thread.
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    // MARK: - The loop

    func run() {
        let sweepEvery = UInt64(configuration.sweepInterval * 1e9)
        var nextSweep = MonotonicClock.now() + sweepEvery
        while true {
            let count = loupe_epoll_wait(epollFD, events, Self.maxEvents, Int32(configuration.sweepInterval * 1000) + 1)
            let now = MonotonicClock.now()
            if count > 0 {
                for index in 0..<Int(count) {
                    let event = events[index]
                    dispatch(fd: event.fd, flags: event.events, now: now)
                }
            }
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + sweepEvery
            }
            flushStatistics()
            if draining && (connections.isEmpty || now >= drainDeadline) {
                break
            }
        }
        for connection in Array(connections.values) {
            closeConnection(connection)
        }
        flushStatistics()
        close(wakeFD)
        close(epollFD)
    }

    private func dispatch(fd: Int32, flags: UInt32, now: UInt64) {
        if fd == listenerFD {
            acceptConnections(now: now)
        } else if fd == wakeFD {
            var value: UInt64 = 0
            _ = read(wakeFD, &value, 8)
            if state.isShuttingDown && !draining { beginDrain(now: now) }
        } else if let connection = connections[fd] {
            if flags & LOUPE_EPOLLOUT != 0 {
                flush(connection, now: now)
            }
            if connections[fd] != nil, flags & (LOUPE_EPOLLIN | LOUPE_EPOLLRDHUP | LOUPE_EPOLLHUP | LOUPE_EPOLLERR) != 0 {
                readAvailable(connection, now: now)
            }
        }
    }

    // MARK: - Accepting

    private func acceptConnections(now: UInt64) {
        if let until = listenerPausedUntil {
            guard now >= until else { return }
            listenerPausedUntil = nil
        }
        for _ in 0..<64 {
            guard let (fd, peer) = Socket.accept(listenerFD) else {
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    // Out of descriptors: stop accepting for a moment rather than spin.
                    listenerPausedUntil = now + 100_000_000
                }
                return
            }
            guard !draining, state.admitConnection(limit: configuration.maxConnections) else {
                rejectOverCapacity(fd: fd, peer: peer)
                continue
            }
            try? Socket.setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
            let connection = Connection(fd: fd, peer: peer, limits: configuration.limits, now: now)
            connections[fd] = connection
            pending.acceptedConnections += 1
            updateInterest(connection)
        }
    }

    /// Answers 503 once, without reading the request, and closes: the cheapest honest reply
    /// when the server has no room for another connection.
    private func rejectOverCapacity(fd: Int32, peer: String) {
        var bytes: [UInt8] = []
        exchanger.answer(.overCapacity, peer: peer, startedAt: nil, bytesIn: 0, into: &bytes)
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
        pending.rejectedConnections += 1
        pending.bytesOut += max(0, sent)
    }

    // MARK: - Reading and answering

    private func readAvailable(_ connection: Connection, now: UInt64) {
        let received = recv(connection.fd, readBuffer, Self.readSize, 0)
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            closeConnection(connection)
            return
        }
        if connection.lingeringSince != nil {
            // Discarding what a closing client still sends; its FIN or an error ends it.
            if received == 0 { closeConnection(connection) }
            return
        }
        if received == 0 {
            connection.peerClosed = true
        } else {
            connection.input.append(contentsOf: UnsafeBufferPointer(start: readBuffer, count: received))
            connection.lastReadAt = now
            pending.bytesIn += received
        }
        process(connection, now: now)
    }

    /// Parses and answers every complete request buffered on `connection`, in order
    /// (pipelining), then writes what it can.
    private func process(_ connection: Connection, now: UInt64) {
        var progressed = true
        while progressed && !connection.closeAfterWrite && connection.pendingOutput < Self.outputHighWater {
            progressed = false
            if connection.requestStartedAt == nil && connection.unreadInput > 0 {
                connection.requestStartedAt = now
            }
            let step: (consumed: Int, outcome: RequestParser.Outcome)
            do {
                let start = connection.inputStart
                step = try connection.input.withUnsafeBufferPointer { buffer in
                    try connection.parser.parse(UnsafeBufferPointer(rebasing: buffer[start...]))
                }
            } catch let error as HTTPParseError {
                fail(connection, .malformed(error), now: now)
                break
            } catch {
                fail(connection, .malformed(.malformedRequestLine), now: now)
                break
            }
            connection.inputStart += step.consumed
            connection.requestBytes += step.consumed
            switch step.outcome {
            case .needMoreData:
                break
            case .sendContinue:
                connection.output.append(contentsOf: ResponseEncoder.continueResponse)
            case .request(let request):
                answer(request, on: connection)
                progressed = connection.unreadInput > 0
            }
        }
        connection.heldBack = connection.pendingOutput >= Self.outputHighWater && connection.unreadInput > 0
        connection.compactInput()
        if connection.peerClosed && !connection.closeAfterWrite {
            // Nothing more can arrive: a partial request can never complete.
            connection.closeAfterWrite = true
        }
        flush(connection, now: now)
    }

    private func answer(_ request: HTTPRequest, on connection: Connection) {
        let keepAlive = exchanger.answer(
            request, peer: connection.peer, mayKeepAlive: !draining && !connection.peerClosed,
            startedAt: connection.requestStartedAt, bytesIn: connection.requestBytes, into: &connection.output)
        if !keepAlive { connection.closeAfterWrite = true }
        connection.requestStartedAt = nil
        connection.requestBytes = 0
    }

    /// Answers a failure the server found itself and marks the connection for closing.
    private func fail(_ connection: Connection, _ failure: HTTPFailure, now: UInt64) {
        exchanger.answer(
            failure, peer: connection.peer, startedAt: connection.requestStartedAt, bytesIn: connection.requestBytes,
            into: &connection.output)
        connection.requestStartedAt = nil
        connection.requestBytes = 0
        connection.closeAfterWrite = true
        connection.inputStart = connection.input.count
        connection.compactInput()
        flush(connection, now: now)
    }

    // MARK: - Writing

    private func flush(_ connection: Connection, now: UInt64) {
        while connection.pendingOutput > 0 {
            let start = connection.outputStart
            let sent = connection.output.withUnsafeBytes { bytes in
                send(connection.fd, bytes.baseAddress! + start, bytes.count - start, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                connection.outputStart += sent
                connection.lastWriteAt = now
                pending.bytesOut += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                closeConnection(connection)
                return
            }
        }
        if connection.pendingOutput == 0 {
            connection.resetOutput()
            if connection.closeAfterWrite {
                finishClosing(connection, now: now)
                return
            }
            if connection.heldBack {
                // Pipelined requests were held back by backpressure; answer them now.
                connection.heldBack = false
                process(connection, now: now)
                return
            }
        }
        updateInterest(connection)
    }

    /// Half-closes after the last response and drains the peer's remaining bytes briefly,
    /// so the kernel does not answer them with a reset that destroys the response.
    private func finishClosing(_ connection: Connection, now: UInt64) {
        if connection.peerClosed {
            closeConnection(connection)
            return
        }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.lingeringSince = now
        updateInterest(connection)
    }

    private func updateInterest(_ connection: Connection) {
        var wanted: UInt32 = 0
        if connection.pendingOutput > 0 {
            wanted |= LOUPE_EPOLLOUT
        }
        let reading = connection.lingeringSince != nil
            || (!connection.peerClosed && !connection.closeAfterWrite && connection.pendingOutput < Self.outputHighWater)
        if reading {
            wanted |= LOUPE_EPOLLIN | LOUPE_EPOLLRDHUP
        }
        guard wanted != connection.interest else { return }
        let result = connection.interest == 0
            ? loupe_epoll_add(epollFD, connection.fd, wanted)
            : loupe_epoll_modify(epollFD, connection.fd, wanted)
        if result != 0 {
            closeConnection(connection)
            return
        }
        connection.interest = wanted
    }

    private func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        close(connection.fd)
        state.releaseConnection()
    }

    // MARK: - Timeouts and shutdown

    private func sweep(now: UInt64) {
        let headerLimit = UInt64(configuration.headerTimeout * 1e9)
        let idleLimit = UInt64(configuration.idleTimeout * 1e9)
        let bodyLimit = UInt64(configuration.bodyTimeout * 1e9)
        let writeLimit = UInt64(configuration.writeTimeout * 1e9)
        for connection in Array(connections.values) {
            if let since = connection.lingeringSince {
                if now &- since > min(Self.lingerNanoseconds, max(headerLimit, 100_000_000)) { closeConnection(connection) }
            } else if connection.pendingOutput > 0 {
                // A client that never reads its response is dropped.
                if now &- connection.lastWriteAt > writeLimit { closeConnection(connection) }
            } else if connection.isIdle {
                let lastActive = max(connection.lastReadAt, connection.lastWriteAt)
                if draining || now &- lastActive > idleLimit { closeConnection(connection) }
            } else if connection.parser.phase == .body {
                if now &- connection.lastReadAt > bodyLimit { fail(connection, .timedOut, now: now) }
            } else if let started = connection.requestStartedAt, now &- started > headerLimit {
                fail(connection, .timedOut, now: now)
            }
        }
    }

    /// Stops accepting, closes idle connections now, and lets the others finish their
    /// current request (answered with `Connection: close`) until the grace period ends.
    private func beginDrain(now: UInt64) {
        draining = true
        drainDeadline = now + UInt64(configuration.shutdownGracePeriod * 1e9)
        loupe_epoll_remove(epollFD, listenerFD)
        for connection in Array(connections.values) where connection.isIdle {
            closeConnection(connection)
        }
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
