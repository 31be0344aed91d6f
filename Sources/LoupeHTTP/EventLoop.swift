import CLoupeSystem
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// One epoll loop on its own thread. It accepts connections from the shared listener,
/// reads, parses and writes, never blocking on any one client. Cheap answers (probes,
/// metrics) are built inline; everything else goes to the compute pool, and its answer
/// comes back through `deliver`, so a heavy request never holds up the loop's other
/// connections.
///
/// Idle keep-alive connections cost an entry in a dictionary, not a thread. All mutable
/// state here is confined to the loop's thread; other threads only call `wake()` and
/// `deliver(_:)`, and read `statistics`, which are locked.
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

    private let epollFD: Int32
    private let wakeFD: Int32
    private let listenerFD: Int32
    private let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let state: ServerState
    private let pool: ComputePool
    private let budget: MemoryBudget
    let statistics = Locked(ServerStatistics())
    private let completions = Locked<[Completion]>([])
    /// True while the loop is in (or about to enter) `epoll_wait`: only then does a finished
    /// answer need the eventfd to wake it. A running loop picks answers up before it waits, so
    /// under load a finished answer costs no system call and no wake-up.
    private let sleeping = Atomic<Bool>(false)

    /// Connections accepted by a sibling loop and handed to this one (see `acceptConnections`),
    /// not yet registered; `closed` once the loop has stopped, when hand-offs are refused.
    private let arrivals = Locked<(sockets: [(fd: Int32, peer: String)], closed: Bool)>(([], false))
    /// Connections this loop owns or has been handed and not yet registered: what a sibling
    /// compares to decide where a new connection goes.
    private let load = Atomic<Int>(0)
    /// Every loop of the server, this one included; set before the loops start, emptied when
    /// this one stops (the loops refer to each other).
    var siblings: [EventLoop] = []

    private var connections: [Int32: Connection] = [:]
    /// While the loop handles a pass of ready events: connections whose writes wait for the
    /// pass to end (`dispatchCoalescingWrites`).
    private var coalescingWrites = false
    private var heldWrites: [Connection] = []
    private var exchanger: Exchanger
    private var pending = ServerStatistics()
    private var nextSerial: UInt64 = 0
    private var draining = false
    private var drainDeadline: UInt64 = 0
    private var listening = true
    private var listenerPausedUntil: UInt64?
    /// Called once this loop has stopped listening.
    private let stoppedListening: @Sendable () -> Void
    /// Closes the shared listener (once, whoever calls it).
    private let closeListener: @Sendable () -> Void

    private static let maxEvents: Int32 = 256
    private static let readSize = 64 * 1024
    /// Output a connection may have queued before the loop reads no further pipelined request
    /// from it. Small, as nginx reads the next request only once the last answer is written: a
    /// client that pipelines and never reads holds one answer here (and what the kernel holds),
    /// not one per request it sent (issue 34 §2). Answers of a few hundred bytes (probes) still
    /// go out together.
    static let pipeliningOutputBytes = 16 * 1024
    /// Growth in a connection's charge no larger than a 503 refusal's (its bytes and the
    /// kernel's share of them): an answer this small may use the budget's refusal headroom, so
    /// /healthz and /readyz still answer while the budget is full of other clients' answers.
    static let refusalSizedBytes = 4 * 1024
    /// How long a closing connection keeps draining client bytes so its last answer is
    /// not destroyed by a TCP reset (lingering close).
    private static let lingerNanoseconds: UInt64 = 2_000_000_000
    /// During shutdown, how long a connection must have been idle before it is closed
    /// unasked: a client that is about to reuse it has had time to send its request.
    private static let drainIdleNanoseconds: UInt64 = 1_000_000_000

    private let events: UnsafeMutablePointer<loupe_ready_event>
    private let readBuffer: UnsafeMutablePointer<UInt8>

    init(
        listenerFD: Int32, configuration: ServerConfiguration, responder: any HTTPResponder, state: ServerState,
        pool: ComputePool, budget: MemoryBudget, stoppedListening: @escaping @Sendable () -> Void,
        closeListener: @escaping @Sendable () -> Void
    ) throws {
        self.listenerFD = listenerFD
        self.configuration = configuration
        self.responder = responder
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

    /// Writes every held answer (a connection closed meanwhile, or whose descriptor now
    /// serves another client, is skipped).
    private func writeHeld(now: UInt64) {
        let coalescing = coalescingWrites
        coalescingWrites = false
        for connection in heldWrites where connections[connection.fd] === connection {
            connection.writeHeld = false
            flush(connection, now: now)
        }
        heldWrites.removeAll(keepingCapacity: true)
        coalescingWrites = coalescing
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
                flush(connection, now: now)
            }
            if connections[fd] != nil, flags & (LOUPE_EPOLLIN | LOUPE_EPOLLRDHUP | LOUPE_EPOLLHUP | LOUPE_EPOLLERR) != 0 {
                readAvailable(connection, now: now)
            }
        }
    }

    // MARK: - Accepting

    /// Accepts waiting connections: up to 64 per wake-up so one loop does not take a burst
    /// alone, or every one in the backlog (`all`) before the listener closes.
    private func acceptConnections(now: UInt64, all: Bool) {
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
            load.add(1, ordering: .relaxed)
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
        var bestLoad = load.load(ordering: .relaxed)
        for sibling in siblings where sibling !== self {
            let siblingLoad = sibling.load.load(ordering: .relaxed)
            if siblingLoad < bestLoad {
                best = sibling
                bestLoad = siblingLoad
            }
        }
        return best
    }

    /// Takes a connection a sibling accepted; false once this loop has stopped (the sibling
    /// keeps it). Safe from any thread.
    private func adopt(fd: Int32, peer: String) -> Bool {
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

    /// Marks the inbox closed if nothing is waiting in it, and says whether it did: a drained
    /// loop may stop only then, or a sibling's hand-off racing the shutdown would be closed
    /// unanswered. Once closed, a late hand-off is refused and the sibling keeps the connection.
    private func closeEmptyArrivals() -> Bool {
        arrivals.withLock { inbox in
            guard inbox.sockets.isEmpty else { return false }
            inbox.closed = true
            return true
        }
    }

    /// Registers the connections siblings handed over.
    private func receiveArrivals(now: UInt64) {
        let sockets = arrivals.withLock { inbox in
            defer { inbox.sockets.removeAll(keepingCapacity: true) }
            return inbox.sockets
        }
        for socket in sockets { register(fd: socket.fd, peer: socket.peer, now: now) }
    }

    private func register(fd: Int32, peer: String, now: UInt64) {
        nextSerial += 1
        let connection = Connection(
            fd: fd, peer: peer, serial: nextSerial, limits: configuration.limits,
            kernelQueueCap: configuration.kernelSendQueueBytes, now: now)
        connections[fd] = connection
        updateInterest(connection)
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
            // Discarding what a closing client still sends; its FIN ends it once what it was
            // sent is acknowledged.
            if received == 0 {
                connection.peerClosed = true
                closeOnceAcknowledged(connection)
            }
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
        while progressed && !connection.isClosed && !connection.closeAfterWrite && !connection.awaitingAnswer
            && connection.pendingOutput < Self.pipeliningOutputBytes
        {
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
                return
            } catch {
                fail(connection, .malformed(.malformedRequestLine), now: now)
                return
            }
            connection.inputStart += step.consumed
            connection.requestBytes += step.consumed
            if connection.bodyStartedAt == nil, connection.parser.phase == .body {
                connection.bodyStartedAt = now
                connection.bytesBeforeBody = connection.requestBytes
            }
            // A body is charged as soon as it is promised (a fixed length is allocated whole),
            // so a thousand half-sent bodies cannot hold more than the budget; a head too.
            guard account(connection) else {
                fail(connection, .busy(.memoryBudget), now: now)
                return
            }
            switch step.outcome {
            case .needMoreData:
                break
            case .sendContinue:
                if let head = connection.parser.pendingHead,
                    exchanger.screen(
                        head, peer: connection.peer, startedAt: connection.requestStartedAt,
                        bytesIn: connection.requestBytes, into: &connection.output)
                {
                    // Refused before the body was sent: the body never comes, so close.
                    refuseRest(of: connection, now: now)
                    return
                }
                connection.output.append(contentsOf: ResponseWriter.continueResponse)
                guard noteOutput(connection, now: now) else { return }
                progressed = connection.unreadInput > 0
            case .request(let request):
                answer(request, on: connection, now: now)
                progressed = connection.unreadInput > 0
            }
        }
        guard !connection.isClosed else { return }
        connection.heldBack = connection.pendingOutput >= Self.pipeliningOutputBytes && connection.unreadInput > 0
        connection.compactInput()
        if connection.peerClosed && !connection.closeAfterWrite && !connection.awaitingAnswer {
            // Nothing more can arrive: a partial request can never complete.
            connection.closeAfterWrite = true
        }
        if coalescingWrites {
            if !connection.writeHeld {
                connection.writeHeld = true
                heldWrites.append(connection)
            }
            return
        }
        flush(connection, now: now)
    }

    /// The responder's one call for the request: an answer queued now, or work for the pool.
    private func answer(_ request: HTTPRequest, on connection: Connection, now: UInt64) {
        let mayKeepAlive = !draining && !state.isClosingConnections && !connection.peerClosed
        let handled = exchanger.handle(
            request, peer: connection.peer, mayKeepAlive: mayKeepAlive,
            startedAt: connection.requestStartedAt, bytesIn: connection.requestBytes, into: &connection.output
        ) { output in
            // The answer is kept only if the budget holds it; else it is refused with 503. One no
            // larger than that 503 would be (a probe's) may use the refusals' headroom.
            let held = connection.heldBytes(outputCapacity: output.capacity, pendingOutput: output.count - connection.outputStart)
            return settle(connection, held: held, refusal: held - connection.charged <= Self.refusalSizedBytes)
        }
        connection.endRequest()
        switch handled {
        case .answered(let keepAlive):
            if !keepAlive { connection.closeAfterWrite = true }
            noteOutput(connection, now: now)
        case .compute(let pending):
            // The request's body now belongs to the work: the parser has let go of it.
            account(releasingOnly: connection)
            let job = ComputeJob(
                pending: pending, fd: connection.fd, serial: connection.serial,
                reservation: configuration.answerReservation + request.body.count, budget: budget, loop: self)
            if pool.submit(job.run) {
                connection.awaitingAnswer = true
            } else {
                exchanger.refuse(pending, .busy(.computeQueueFull), into: &connection.output)
                connection.closeAfterWrite = true
                noteOutput(connection, now: now)
            }
        }
    }

    /// Queues every answer the pool has finished for this loop.
    private func receiveCompletions(now: UInt64) {
        let finished = completions.withLock { list -> [Completion] in
            defer { list.removeAll(keepingCapacity: true) }
            return list
        }
        for completion in finished {
            // The client may have gone, and its descriptor may serve another client now.
            guard let connection = connections[completion.fd], connection.serial == completion.serial,
                connection.awaitingAnswer
            else {
                budget.release(completion.reserved)
                continue
            }
            connection.awaitingAnswer = false
            connection.charged += completion.reserved
            if connection.pendingOutput == 0 {
                connection.output = completion.bytes
                connection.outputStart = 0
            } else {
                connection.output.append(contentsOf: completion.bytes)
            }
            if !completion.keepAlive { connection.closeAfterWrite = true }
            guard noteOutput(connection, now: now) else { continue }
            process(connection, now: now)
        }
    }

    /// Answers a failure the server found itself and marks the connection for closing.
    private func fail(_ connection: Connection, _ failure: HTTPFailure, now: UInt64) {
        exchanger.answer(
            failure, peer: connection.peer, startedAt: connection.requestStartedAt, bytesIn: connection.requestBytes,
            into: &connection.output)
        refuseRest(of: connection, now: now)
    }

    /// After a final answer that ends the connection: drop what is buffered and the body
    /// being read, then write the answer and close.
    private func refuseRest(of connection: Connection, now: UInt64) {
        connection.endRequest()
        connection.closeAfterWrite = true
        connection.inputStart = connection.input.count
        connection.compactInput()
        connection.parser = RequestParser(limits: configuration.limits)
        guard noteOutput(connection, now: now) else { return }
        flush(connection, now: now)
    }

    // MARK: - Memory

    /// Brings the connection's charge on the memory budget up to date with what it holds.
    /// Growth is a reservation that may be refused: the caller then answers 503 instead of
    /// buffering. Every growth goes through here or `settle`, so the budget is a hard bound.
    private func account(_ connection: Connection) -> Bool {
        settle(connection, held: connection.heldBytes)
    }

    /// `account` where the connection can only have shrunk (its body handed to the pool, output
    /// written, the kernel's queue acknowledged): nothing to refuse.
    private func account(releasingOnly connection: Connection) {
        let held = connection.heldBytes
        if held < connection.charged {
            budget.release(connection.charged - held)
            connection.charged = held
        }
    }

    /// Charges the connection `held` bytes: growth reserved from the budget (from its refusal
    /// headroom when `refusal`), shrinkage given back. False, with nothing charged, when the
    /// growth does not fit.
    private func settle(_ connection: Connection, held: Int, refusal: Bool = false) -> Bool {
        let growth = held - connection.charged
        if growth > 0 {
            guard refusal ? budget.reserveRefusal(growth) : budget.reserve(growth) else { return false }
        } else {
            budget.release(-growth)
        }
        connection.charged = held
        return true
    }

    /// Brings the budget's charge up to date with output just queued (already admitted, or a
    /// refusal, which may use the budget's headroom), and starts the rolling send rate's clock if
    /// nothing was owed before (`isSendTooSlow`). When not even that fits, the connection is
    /// reset unanswered and this returns false: the only answer that is never sent is one the
    /// memory the operator allowed cannot hold.
    @discardableResult
    private func noteOutput(_ connection: Connection, now: UInt64) -> Bool {
        guard settle(connection, held: connection.heldBytes, refusal: true) else {
            pending.resetForMemory += 1
            Socket.discardUnsentOnClose(connection.fd)
            closeConnection(connection)
            return false
        }
        if connection.pendingOutput > 0 && connection.sendingSince == nil {
            connection.sendingSince = now
            connection.sentSinceSending = 0
        }
        return true
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
                // What the kernel took is still memory until the peer acknowledges it: charged
                // (at most the queue's cap) until the sweep measures it acknowledged.
                connection.kernelQueued = min(connection.kernelQueued + sent, configuration.kernelSendQueueBytes)
                connection.sentSinceSending += sent
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
            account(releasingOnly: connection)
            if connection.closeAfterWrite && !connection.awaitingAnswer {
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

    /// Half-closes after the last answer and drains the peer's remaining bytes briefly,
    /// so the kernel does not answer them with a reset that destroys the answer. A peer that
    /// has closed its side already sends nothing more: its connection closes as soon as the
    /// kernel's queue is acknowledged (`closeOnceAcknowledged`).
    private func finishClosing(_ connection: Connection, now: UInt64) {
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.lingeringSince = now
        if connection.peerClosed {
            closeOnceAcknowledged(connection)
            return
        }
        updateInterest(connection)
    }

    /// Closes a lingering connection whose peer has closed once nothing it was sent is still
    /// unacknowledged; until then it waits, charged (the sweep looks again, and resets it at the
    /// write timeout if the peer stops reading). A plain `close()` with bytes still queued
    /// leaves an orphan socket: the kernel keeps them, outside the budget and the process, for
    /// as long as it retries (issue 34 §3).
    private func closeOnceAcknowledged(_ connection: Connection) {
        if Socket.queuedOutputBytes(connection.fd) == 0 {
            closeConnection(connection)
        } else {
            updateInterest(connection)
        }
    }

    private func updateInterest(_ connection: Connection) {
        var wanted: UInt32 = 0
        if connection.pendingOutput > 0 {
            wanted |= LOUPE_EPOLLOUT
        }
        let reading =
            !connection.peerClosed
            && (connection.lingeringSince != nil
                || (!connection.closeAfterWrite && !connection.awaitingAnswer && connection.pendingOutput < Self.pipeliningOutputBytes))
        if reading {
            wanted |= LOUPE_EPOLLIN | LOUPE_EPOLLRDHUP
        }
        guard wanted != connection.interest || !connection.isRegistered else { return }
        // An awaiting connection is registered with no events (the kernel still reports
        // hang-ups), so registration is tracked apart from the events.
        let result =
            connection.isRegistered
            ? loupe_epoll_modify(epollFD, connection.fd, wanted)
            : loupe_epoll_add(epollFD, connection.fd, wanted)
        if result != 0 {
            closeConnection(connection)
            return
        }
        connection.isRegistered = true
        connection.interest = wanted
    }

    private func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        connection.isClosed = true
        load.subtract(1, ordering: .relaxed)
        close(connection.fd)
        budget.release(connection.charged)
        connection.charged = 0
        state.releaseConnection()
    }

    // MARK: - Timeouts and shutdown

    private func sweep(now: UInt64) {
        let headerLimit = UInt64(configuration.headerTimeout * 1e9)
        let idleLimit = UInt64(configuration.idleTimeout * 1e9)
        let bodyLimit = UInt64(configuration.bodyTimeout * 1e9)
        let writeLimit = UInt64(configuration.writeTimeout * 1e9)
        for connection in Array(connections.values) {
            if connection.kernelQueued > 0 {
                // The kernel's queue shrinks as the peer acknowledges: charge what is left, and
                // note when it last moved (a lingering connection's write timeout).
                let queued = min(Socket.queuedOutputBytes(connection.fd), connection.kernelQueued)
                if queued < connection.kernelQueued { connection.lastAcknowledgedAt = now }
                connection.kernelQueued = queued
                account(releasingOnly: connection)
            }
            if let since = connection.lingeringSince {
                if connection.kernelQueued > 0 {
                    // The last answer is still unacknowledged: the connection stays, charged,
                    // while the peer reads it; one that stops reading is reset at the write
                    // timeout. Closed plainly, the kernel would keep the bytes as an orphan, out
                    // of the budget's sight, for as long as it retries (issue 34 §3).
                    if now &- max(connection.lastWriteAt, connection.lastAcknowledgedAt) > writeLimit {
                        pending.orphansReset += 1
                        Socket.discardUnsentOnClose(connection.fd)
                        closeConnection(connection)
                    }
                } else if connection.peerClosed || now &- since > min(Self.lingerNanoseconds, max(headerLimit, 100_000_000)) {
                    closeConnection(connection)
                }
            } else if connection.awaitingAnswer {
                // The pool answers every job it accepted; the drain deadline bounds the wait.
                continue
            } else if connection.pendingOutput > 0 {
                // A client that stops reading, or reads too slowly, is dropped.
                let stalled = now &- connection.lastWriteAt > writeLimit
                if stalled || isSendTooSlow(connection, now: now) {
                    // Reset, not close: a close leaves the kernel delivering the queued bytes to a
                    // reader that takes them at its own pace, memory the budget no longer sees.
                    Socket.discardUnsentOnClose(connection.fd)
                    closeConnection(connection)
                    continue
                }
            } else if connection.isIdle {
                let lastActive = max(connection.lastReadAt, connection.lastWriteAt)
                let idleFor = now &- lastActive
                if idleFor > idleLimit || (draining && idleFor >= Self.drainIdleNanoseconds) { closeConnection(connection) }
            } else if connection.parser.phase == .body {
                if now &- connection.lastReadAt > bodyLimit || isBodyTooSlow(connection, now: now) {
                    fail(connection, .timedOut, now: now)
                }
            } else if let started = connection.requestStartedAt, now &- started > headerLimit {
                fail(connection, .timedOut, now: now)
            }
        }
        if budget.claimTrim() {
            // Give the memory of a burst back to the kernel once it is over.
            _ = loupe_release_free_memory()
        }
    }

    /// Whether the client reads its answers slower than `minSendRate`, on average over
    /// everything written since output began to wait, once the grace period is over: a rolling
    /// rate, so a client slower than the rate is dropped however large the answer.
    private func isSendTooSlow(_ connection: Connection, now: UInt64) -> Bool {
        guard let started = connection.sendingSince else { return false }
        let rated = Double(now &- started) / 1e9 - configuration.sendRateGrace
        guard rated > 0 else { return false }
        return Double(connection.sentSinceSending) < Double(configuration.minSendRate) * rated
    }

    /// Whether the body has passed its deadline, or arrives slower than the minimum rate
    /// once the grace period is over.
    private func isBodyTooSlow(_ connection: Connection, now: UInt64) -> Bool {
        guard let started = connection.bodyStartedAt else { return false }
        let elapsed = Double(now &- started) / 1e9
        if elapsed > configuration.bodyDeadline { return true }
        let rated = elapsed - configuration.bodyRateGrace
        guard rated > 0 else { return false }
        let received = Double(connection.requestBytes - connection.bytesBeforeBody)
        return received < Double(configuration.minBodyRate) * rated
    }

    /// Shutdown: the first loop to get here makes the listener deaf (no handshake completes
    /// after that), accepts everything already in its backlog and closes it, so a connection
    /// the kernel completed and queued is never reset unanswered, however long this thread is
    /// descheduled between its last accept and the close; the others stop listening. Then every
    /// request already received is answered (with `Connection: close`), and connections are
    /// closed only once idle long enough that no request can be on its way, or at the grace
    /// period's end.
    private func beginDrain(now: UInt64) {
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
        draining = true
        drainDeadline = now + UInt64(configuration.shutdownGracePeriod * 1e9)
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
