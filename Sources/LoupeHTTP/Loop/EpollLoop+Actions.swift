import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// What a connection's actions do: the loop reads, asks the application, writes and closes only
/// as its state machine says, and reports each result as the machine's next event.
extension EpollLoop {
    /// Carries out `action` for `connection`, then each action the machine names after it, until
    /// the connection waits (for the peer, the pool or a pass's end) or is closed. One loop, no
    /// recursion: a write that drains the output and frames the requests held back behind it
    /// goes on here.
    func perform(_ action: ConnectionAction, on connection: Connection, now: UInt64) {
        var action = action
        while true {
            switch action {
            case .answer(let request, let arrival, let mayKeepAlive):
                action = answer(request, arrival, mayKeepAlive: mayKeepAlive, on: connection, now: now)
            case .screen(let head, let arrival):
                var output = connection.machine.lendOutput()
                let refused = answerer.screen(
                    head, peer: connection.peer, startedAt: arrival.startedAt, bytesIn: arrival.bytes, into: &output)
                action = connection.machine.screened(output, refused: refused, now: now).next
            case .refuse(let refusal, let arrival):
                var output = connection.machine.lendOutput()
                answerer.refuse(
                    refusal, peer: connection.peer, startedAt: arrival?.startedAt, bytesIn: arrival?.bytes ?? 0, into: &output)
                action = connection.machine.refused(output, now: now).next
            case .write:
                guard !coalescingWrites else {
                    holdWrite(connection)
                    return
                }
                action = writeOutput(connection, now: now)
            case .read:
                watch(connection, reading: true)
                return
            case .hold:
                watch(connection, reading: false)
                return
            case .sendFIN:
                shutdown(connection.fd, Int32(SHUT_WR))
                action = connection.machine.finSent(now: now).next
            case .checkAcknowledged:
                let queued = Socket.queuedOutputBytes(connection.fd)
                let window = Socket.peerWindow(connection.fd)
                action = connection.machine.acknowledged(queued: queued, peerWindow: window, now: now)?.next ?? connection.machine.waiting.next
            case .awaitAcknowledgement:
                watch(connection, reading: false, edgeTriggered: true)
                return
            case .close:
                closeConnection(connection)
                return
            case .reset(let reason):
                if reason == .memory { pending.resetForMemory += 1 }
                if reason == .orphan { pending.orphansReset += 1 }
                if reason == .illegalMove { pending.illegalMoves += 1 }
                Socket.discardUnsentOnClose(connection.fd)
                closeConnection(connection)
                return
            }
        }
    }

    /// Reads what the peer sent (at most `readSize` bytes a wake-up) and hands it to the machine.
    func readAvailable(_ connection: Connection, now: UInt64) {
        let received = recv(connection.fd, readBuffer, Self.readSize, 0)
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            perform(connection.machine.connectionFailed().next, on: connection, now: now)
        } else if received == 0 {
            perform(connection.machine.peerClosed(now: now).next, on: connection, now: now)
        } else {
            // What a lingering connection discards is not counted as read.
            if !connection.machine.discardsInput { pending.bytesIn += received }
            let bytes = UnsafeBufferPointer(start: readBuffer, count: received)
            perform(connection.machine.bytesRead(bytes, now: now).next, on: connection, now: now)
        }
    }

    /// The application's one call for the request: an answer queued now (kept only if the budget
    /// holds it), or work for the pool.
    private func answer(
        _ request: HTTPRequest, _ arrival: RequestArrival, mayKeepAlive: Bool, on connection: Connection, now: UInt64
    ) -> ConnectionAction {
        var output = connection.machine.lendOutput()
        let disposition = answerer.handle(
            request, peer: connection.peer, mayKeepAlive: mayKeepAlive && !state.isClosingConnections,
            startedAt: arrival.startedAt, bytesIn: arrival.bytes, into: &output
        ) { connection.machine.admit($0) }
        switch disposition {
        case .answered(let keepAlive):
            return connection.machine.answered(output, keepAlive: keepAlive, now: now).next
        case .compute(let exchange, let work):
            let next = connection.machine.handedToPool(output, now: now).next
            let job = ComputeJob(
                exchange: exchange, work: work, fd: connection.fd, serial: connection.serial,
                reservation: configuration.answerReservation + request.body.count, budget: budget, loop: loop)
            if pool.submit(job.run) { return next }
            // No room in the queue: refused at once, as the pool refuses what the budget cannot hold.
            var refusal = OutgoingBytes()
            answerer.refuse(.busy(.computeQueueFull), insteadOf: exchange, into: &refusal)
            return connection.machine.answerReady(refusal, keepAlive: false, reserved: 0, now: now)?.next ?? next
        }
    }
}
