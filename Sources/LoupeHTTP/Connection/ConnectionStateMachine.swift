/// One connection's life as a value: its state (`ConnectionState`), what it has received and
/// owes, and its charge on the memory budget. Its methods take what happened (bytes read, an
/// answer ready, output drained, the peer closed, a timer fired, the drain began) and return
/// what to do next, each event in its own small type (ConnectionEventActions.swift), which the
/// loop carries out as a `ConnectionAction`. The event loop does only the I/O the actions name,
/// so every move from one state to another can be made, and tested, without a socket;
/// docs/architecture.md ("A connection's life") has the table of them.
///
/// An event that cannot happen in the state it comes in (an answer when none was asked for, a
/// FIN sent that was never asked for) is a bug in the loop: it traps in debug builds, and in
/// release builds resets the connection and is counted (`ResetReason.illegalMove`, the
/// `loupe_http_illegal_moves_total` metric), so one bad move costs one connection, never the
/// server.
struct ConnectionStateMachine {
    private(set) var state: ConnectionState = .idle
    private(set) var input: ConnectionInput
    private(set) var output: ConnectionOutput
    private(set) var charge: MemoryCharge
    /// When bytes last arrived (monotonic ns): the idle and body stall timeouts.
    private(set) var lastReadAt: UInt64
    /// The server is shutting down: answers close the connection, and it closes once it has been
    /// idle for `ConnectionTimeouts.drainIdle`.
    private(set) var draining = false
    /// Whether an illegal move traps (debug builds) or is only reported (release builds, and
    /// tests of the report).
    let trapsOnIllegalMoves: Bool

    init(
        limits: HTTPLimits, budget: MemoryBudget, kernelQueueCap: Int, now: UInt64,
        trapsOnIllegalMoves: Bool = _isDebugAssertConfiguration()
    ) {
        self.trapsOnIllegalMoves = trapsOnIllegalMoves
        input = ConnectionInput(limits: limits)
        output = ConnectionOutput(kernelQueueCap: kernelQueueCap, now: now)
        charge = MemoryCharge(budget: budget)
        lastReadAt = now
    }

    // MARK: - Reading

    /// Bytes arrived: buffered, then framed request by request, in order (`frame`). A lingering
    /// connection discards them.
    mutating func bytesRead(_ received: UnsafeBufferPointer<UInt8>, now: UInt64) -> FramingAction {
        guard !discardsInput else { return FramingAction(waiting) }
        input.append(received)
        lastReadAt = now
        return frame(now: now)
    }

    /// The peer closed its side (a read found the end of its bytes): nothing more arrives, so a
    /// partial request can never complete, and requests held back behind the pipelining
    /// threshold are not answered. What is queued is written, then the connection closes once
    /// the peer has acknowledged it. A lingering connection waits for that acknowledgement.
    mutating func peerClosed(now: UInt64) -> PeerClosedAction {
        switch state {
        case .idle, .readingHead, .readingBody, .writing, .closing:
            state = .closing(peerClosed: true)
        case .lingering, .awaitingAcknowledgement:
            state = .awaitingAcknowledgement
            return .checkAcknowledged
        case .answering, .awaitingAnswer, .closed:
            break
        }
        return .framing(afterFraming())
    }

    /// Frames buffered requests in order until one needs the application, more bytes are
    /// needed, or answers wait above the pipelining threshold (`writing`); then the output is
    /// seen to (`afterFraming`).
    private mutating func frame(now: UInt64) -> FramingAction {
        framing: while var (arrival, body) = requestToFrame(now: now) {
            let step: (consumed: Int, outcome: RequestParser.Outcome)
            do {
                step = try input.parse()
            } catch {
                return refuse(.malformed(error), arrival)
            }
            arrival.bytes += step.consumed
            if body == nil, input.phase == .body {
                body = BodyArrival(startedAt: now, bytesBefore: arrival.bytes)
            }
            // A body is charged as soon as it is promised (a fixed length is allocated whole),
            // so a thousand half-sent bodies cannot hold more than the budget; a head too.
            guard charge.settle(to: heldBytes) else { return refuse(.busy(.memoryBudget), arrival) }
            switch step.outcome {
            case .needMoreData:
                state = body.map { .readingBody(arrival, body: $0) } ?? .readingHead(arrival)
                break framing
            case .sendContinue:
                guard let head = input.pendingHead, let body else {
                    preconditionFailure("a continue is asked only for a complete head whose body is due")
                }
                state = .readingBody(arrival, body: body)
                return .screen(head, arrival)
            case .request(let request):
                state = .answering
                return .answer(request, arrival, mayKeepAlive: !draining)
            }
        }
        input.compact()
        return afterFraming()
    }

    /// The request to frame next and where it is, or nil when there is nothing to frame now. A
    /// new request is begun only while no more than `pipeliningOutputBytes` of answers wait:
    /// past that, the connection holds back (`writing`).
    private mutating func requestToFrame(now: UInt64) -> (RequestArrival, BodyArrival?)? {
        switch state {
        case .idle:
            guard output.pending < Self.pipeliningOutputBytes else {
                state = .writing
                return nil
            }
            return input.unread > 0 ? (RequestArrival(startedAt: now, bytes: 0), nil) : nil
        case .readingHead(let arrival):
            return input.unread > 0 ? (arrival, nil) : nil
        case .readingBody(let arrival, let body):
            return input.unread > 0 ? (arrival, body) : nil
        default:
            return nil
        }
    }

    /// Once framing stops: output that waits is written; a closing connection with nothing left
    /// to write sends FIN; otherwise the connection waits.
    private func afterFraming() -> FramingAction {
        if output.pending > 0 { return .write }
        if case .closing = state { return .sendFIN }
        return FramingAction(waiting)
    }

    // MARK: - Answers

    /// The output, lent to the application to append an answer to. It comes back with the
    /// event that follows: `answered`, `handedToPool`, `screened` or `refused`.
    mutating func lendOutput() -> OutgoingBytes { output.lend() }

    /// Whether the lent output with an answer appended may be kept: its growth is reserved from
    /// the budget, from the refusal headroom for an answer no larger than a refusal (a probe's).
    /// When not, the application takes the answer back and answers 503 (`Exchange.finish`).
    mutating func admit(_ lent: OutgoingBytes) -> Bool {
        let held = input.heldBytes + output.heldBytes(lent: lent)
        return charge.settle(to: held, refusal: held - charge.bytes <= Self.refusalSizedBytes)
    }

    /// The application's answer is queued (`queued`): the next pipelined request is framed, or,
    /// when the answer ends the connection, it closes once written.
    mutating func answered(_ lent: consuming OutgoingBytes, keepAlive: Bool, now: UInt64) -> AnswerAction {
        output.restore(lent)
        guard state == .answering else {
            endForIllegalMove("answered, with no answer asked for")
            return .reset(.illegalMove)
        }
        state = keepAlive ? .idle : .closing(peerClosed: false)
        return queued(now: now)
    }

    /// The request's work went to the compute pool: what the connection no longer holds is given
    /// back before the job reserves room for the answer, and nothing more is framed until the
    /// answer is ready, which keeps pipelined answers in order.
    mutating func handedToPool(_ lent: consuming OutgoingBytes, now: UInt64) -> AnswerAction {
        output.restore(lent)
        guard state == .answering else {
            endForIllegalMove("handed to the pool, with no answer asked for")
            return .reset(.illegalMove)
        }
        charge.shrink(to: heldBytes)
        state = .awaitingAnswer
        return .framing(afterFraming())
    }

    /// The pool's answer to the request awaited, with the room its job reserved: queued in
    /// order, then the next pipelined request is framed. nil when no answer is awaited (the
    /// connection has moved on): the reservation is given back.
    mutating func answerReady(_ answer: consuming OutgoingBytes, keepAlive: Bool, reserved: Int, now: UInt64) -> AnswerAction? {
        guard state == .awaitingAnswer else {
            charge.budget.refund(reserved)
            return nil
        }
        charge.take(reserved)
        output.append(answer)
        state = keepAlive ? .idle : .closing(peerClosed: false)
        return queued(now: now)
    }

    /// A head that asked for `100 Continue` was screened. Refused, its refusal is the last answer
    /// (the body is never sent, so the connection closes); otherwise `100 Continue` is queued and
    /// the body is read.
    mutating func screened(_ lent: consuming OutgoingBytes, refused: Bool, now: UInt64) -> AnswerAction {
        output.restore(lent)
        guard case .readingBody = state else {
            endForIllegalMove("screened, with no head to screen")
            return .reset(.illegalMove)
        }
        if refused {
            endInput()
        } else {
            output.append(copying: ResponseWriter.continueResponse)
        }
        return queued(now: now)
    }

    /// The answer to a refusal the transport made itself is queued: the connection closes once
    /// it is written.
    mutating func refused(_ lent: consuming OutgoingBytes, now: UInt64) -> AnswerAction {
        output.restore(lent)
        guard case .closing = state else {
            endForIllegalMove("refused, with no refusal made")
            return .reset(.illegalMove)
        }
        return queued(now: now)
    }

    /// The request cannot be answered as asked (malformed, no room for it, not received in time):
    /// what is buffered is dropped and the refusal's answer is the connection's last.
    private mutating func refuse(_ refusal: TransportRefusal, _ arrival: RequestArrival?) -> FramingAction {
        endInput()
        return .refuse(refusal, arrival)
    }

    /// The request being read is refused with 408: what is buffered is dropped and the refusal's
    /// answer is the connection's last.
    mutating func timedOut(_ arrival: RequestArrival) -> TimerAction {
        endInput()
        return .refuse(.timedOut, arrival)
    }

    private mutating func endInput() {
        input.discard()
        state = .closing(peerClosed: false)
    }

    /// Output just queued: charged (a refusal may use the budget's headroom), and the send
    /// rate's clock started if nothing was owed before; then framing goes on. When not even that
    /// fits, the connection is reset unanswered: the only answer never sent is one the memory
    /// the operator allowed cannot hold.
    private mutating func queued(now: UInt64) -> AnswerAction {
        guard charge.settle(to: heldBytes, refusal: true) else {
            end()
            return .reset(.memory)
        }
        output.noteWaiting(now: now)
        return .framing(frame(now: now))
    }

    // MARK: - Writing

    /// `count` bytes of the output were written.
    mutating func sent(_ count: Int, now: UInt64) {
        output.wrote(count, now: now)
    }

    /// Everything queued is written: its memory is given back (the kernel's share stays until
    /// acknowledged). A closing connection sends FIN; one holding back pipelined requests frames
    /// them.
    mutating func outputDrained(now: UInt64) -> FramingAction {
        output.drained()
        charge.shrink(to: heldBytes)
        switch state {
        case .closing:
            return .sendFIN
        case .writing:
            state = .idle
            return frame(now: now)
        default:
            return FramingAction(waiting)
        }
    }

    /// The socket took what it could and the rest waits for room. Pipelined requests held back
    /// are framed again once less than `pipeliningOutputBytes` waits.
    mutating func writeBlocked(now: UInt64) -> FramingAction {
        guard state == .writing, output.pending < Self.pipeliningOutputBytes else { return FramingAction(waiting) }
        state = .idle
        return frame(now: now)
    }

    /// FIN is sent after the last answer. The connection lingers: whatever the peer still sends
    /// is read and discarded until it closes, so the kernel does not answer those bytes with a
    /// reset that destroys the answer. When the peer has closed already, it waits for the
    /// answer to be acknowledged instead.
    mutating func finSent(now: UInt64) -> FINAction {
        guard case .closing(let peerClosed) = state else {
            endForIllegalMove("FIN sent, with none asked for")
            return .reset(.illegalMove)
        }
        if peerClosed {
            state = .awaitingAcknowledgement
            return .checkAcknowledged
        }
        state = .lingering(since: now)
        return .read
    }

    /// The kernel's queue measured at `queued` bytes: what the peer acknowledged is given back.
    /// A connection whose peer has closed closes once nothing it was sent is unacknowledged.
    /// nil: nothing more to do.
    ///
    /// `peerWindow` (when the kernel says) is the peer's receive window: what it holds of ours
    /// unread is charged too (`ConnectionOutput.peerHeld`), and a closing connection waits for it
    /// to be read as for the rest. That share moves from the send queue into the peer as the peer
    /// acknowledges, so it rarely grows the charge; when it does and the budget has no room, the
    /// charge stays where it was (the peer's memory is not ours to refuse).
    mutating func acknowledged(queued: Int, peerWindow: Int? = nil, now: UInt64) -> EndAction? {
        output.acknowledged(queued: queued, peerWindow: peerWindow, now: now)
        _ = charge.settle(to: heldBytes)
        return state == .awaitingAcknowledgement && output.isDelivered ? close() : nil
    }

    /// The peer's first advertised window, before anything is sent: the full size its later
    /// windows are measured against.
    mutating func peerWindowAtAccept(_ window: Int) {
        output.notePeerWindow(window)
    }

    // MARK: - Closing

    /// Shutdown began: answers from now on close the connection, and an idle one closes once it
    /// has been idle for `ConnectionTimeouts.drainIdle` (no request can be on its way by then).
    mutating func drainBegan(now: UInt64) -> EndAction? {
        draining = true
        return idleFor(now: now) >= ConnectionTimeouts.drainIdle && isIdle ? close() : nil
    }

    /// The socket has failed (it reports an error, or a read or write fails): the peer reset
    /// the connection, or TCP gave up on it. The kernel has dropped what it held and delivers
    /// nothing more, so nothing is left to write, linger for or see acknowledged: closed at
    /// once, whatever the state. A peer that closed and then reset the answer sent after its
    /// FIN is one: its reads find the FIN (0, not the reset's error), and the kernel's count of
    /// unacknowledged bytes stays where the reset left it, so a wait for acknowledgement would
    /// last until the write timeout.
    mutating func connectionFailed() -> EndAction {
        close()
    }

    /// The connection is closed (by a transition, or by the loop stopping): its charge is given
    /// back.
    mutating func close() -> EndAction {
        end()
        return .close
    }

    /// The connection is reset: its charge is given back, and the kernel drops what it holds.
    mutating func reset(_ reason: ResetReason) -> EndAction {
        end()
        return .reset(reason)
    }

    private mutating func end() {
        charge.refundAll()
        state = .closed
    }

    /// An event that cannot happen in this state: a trap in debug builds; in release builds the
    /// connection is reset (and counted), the one outcome that is safe whatever went wrong.
    private mutating func endForIllegalMove(_ move: StaticString) {
        if trapsOnIllegalMoves { assertionFailure("illegal connection move: \(move) in \(state)") }
        end()
    }
}
