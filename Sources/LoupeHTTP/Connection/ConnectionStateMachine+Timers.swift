/// The deadlines and minimum rates, checked by each loop's sweep.
extension ConnectionStateMachine {
    /// The sweep came by: whichever deadline or minimum rate the state is held to has passed.
    /// nil when none has.
    mutating func timerFired(now: UInt64, _ timeouts: ConnectionTimeouts) -> TimerAction? {
        switch state {
        case .lingering(let since):
            if !output.isDelivered { return resetIfUnacknowledged(now: now, timeouts).map(TimerAction.end) }
            return now &- since > timeouts.linger ? .end(close()) : nil
        case .awaitingAcknowledgement:
            return (output.isDelivered ? close() : resetIfUnacknowledged(now: now, timeouts)).map(TimerAction.end)
        case .answering, .awaitingAnswer, .closed:
            // The pool answers every job it accepted; the drain deadline bounds the wait.
            return nil
        case .idle, .readingHead, .readingBody, .writing, .closing:
            if output.pending > 0 {
                // A client that stops reading, or reads too slowly, is dropped. Reset, not
                // closed: a close leaves the kernel delivering the queued bytes to a reader that
                // takes them at its own pace, memory the budget no longer sees.
                let stalled = now &- output.lastWriteAt > timeouts.write
                return stalled || isSendTooSlow(now: now, timeouts) ? .end(reset(.slowReader)) : nil
            }
            if !output.isDelivered, deliveryStalled(now: now, timeouts) {
                // Everything is written, but the kernel (or the peer, unread) still holds it and
                // nothing has moved for the write timeout: a reader of one byte a second, whose
                // whole answer fit in the send queue (issue 42 §5). Reset, for the same reason.
                return .end(reset(.slowReader))
            }
            return requestTimerFired(now: now, timeouts)
        }
    }

    /// The timers of a connection that owes nothing: the idle timeout between requests, the
    /// header timeout, the body's stall timeout, deadline and minimum rate.
    private mutating func requestTimerFired(now: UInt64, _ timeouts: ConnectionTimeouts) -> TimerAction? {
        switch state {
        case .idle:
            let idle = idleFor(now: now)
            return idle > timeouts.idle || (draining && idle >= ConnectionTimeouts.drainIdle) ? .end(close()) : nil
        case .readingHead(let arrival):
            return now &- arrival.startedAt > timeouts.header ? timedOut(arrival) : nil
        case .readingBody(let arrival, let body):
            let stalled = now &- lastReadAt > timeouts.body
            return stalled || isBodyTooSlow(arrival, body, now: now, timeouts) ? timedOut(arrival) : nil
        default:
            return nil
        }
    }

    /// A closing connection's last answer is still unacknowledged: it stays, charged, while the
    /// peer reads it, and is reset once the peer has acknowledged nothing for the write timeout.
    /// Closed plainly, the kernel would keep the bytes as an orphan, out of the budget's sight,
    /// for as long as it retries (issue 34 §3).
    private mutating func resetIfUnacknowledged(now: UInt64, _ timeouts: ConnectionTimeouts) -> EndAction? {
        deliveryStalled(now: now, timeouts) ? reset(.orphan) : nil
    }

    /// Nothing written has moved (no write, no acknowledgement, no read by the peer) for the
    /// write timeout.
    private func deliveryStalled(now: UInt64, _ timeouts: ConnectionTimeouts) -> Bool {
        now &- max(output.lastWriteAt, output.lastAcknowledgedAt) > timeouts.write
    }

    /// Whether the client reads its answers slower than the minimum send rate, on average over
    /// everything written since output began to wait, once the grace period is over: a rolling
    /// rate, so a client slower than the rate is dropped however large the answer.
    func isSendTooSlow(now: UInt64, _ timeouts: ConnectionTimeouts) -> Bool {
        guard let sending = output.sending else { return false }
        let rated = Double(now &- sending.since) / 1e9 - timeouts.sendRateGrace
        guard rated > 0 else { return false }
        return Double(sending.sent) < Double(timeouts.minSendRate) * rated
    }

    /// Whether the body has passed its deadline, or arrives slower than the minimum body rate
    /// once the grace period is over.
    func isBodyTooSlow(_ arrival: RequestArrival, _ body: BodyArrival, now: UInt64, _ timeouts: ConnectionTimeouts) -> Bool {
        let elapsed = Double(now &- body.startedAt) / 1e9
        if elapsed > timeouts.bodyDeadline { return true }
        let rated = elapsed - timeouts.bodyRateGrace
        guard rated > 0 else { return false }
        return Double(arrival.bytes - body.bytesBefore) < Double(timeouts.minBodyRate) * rated
    }
}
