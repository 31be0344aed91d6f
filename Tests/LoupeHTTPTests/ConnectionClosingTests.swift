import Testing

@testable import LoupeHTTP

/// A connection's state machine from its last answer to its close, its timers and its charge
/// on the memory budget, with no socket: one transition a test (issue 37 §1), as in
/// `ConnectionStateMachineTests`.
@Suite("ConnectionStateMachine: closing, timers, memory")
struct ConnectionClosingTests {
    static let get = ConnectionStateMachineTests.get
    /// Header 1 s, idle 5 s, body stall 2 s, write 3 s, body deadline 10 s (rate grace 5 s) at
    /// 100 B/s or more, answers read at 1,000 B/s or more (grace 3 s); a linger of 1 s.
    static let timeouts = ConnectionTimeouts(
        ServerConfiguration(
            headerTimeout: 1, idleTimeout: 5, bodyTimeout: 2, writeTimeout: 3, bodyDeadline: 10, minBodyRate: 100, minSendRate: 1_000))

    /// A connection whose last answer of `count` bytes has been written at `now` and which has
    /// sent FIN: lingering.
    static func lingering(answer count: Int = 100, at now: UInt64) -> ConnectionStateMachine {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read(get, at: now)
        _ = machine.answer(count, keepAlive: false, at: now)
        #expect(machine.write(at: now) == .sendFIN)
        #expect(machine.finSent(now: now).next == .read)
        #expect(machine.state == .lingering(since: now))
        return machine
    }

    @Test("closing → lingering: FIN is sent after the last answer, and what the peer still sends is discarded")
    func closing_toLingering() {
        var machine = Self.lingering(at: 2 * second)
        #expect(machine.read(Self.get, at: 3 * second) == .read)
        #expect(machine.input.unread == 0)
        #expect(machine.discardsInput)
    }

    @Test("lingering → awaiting acknowledgement: the peer's FIN ends the linger, and its close waits for the answer to be acknowledged")
    func lingering_toAwaitingAcknowledgement() {
        var machine = Self.lingering(answer: 1_000, at: 2 * second)
        #expect(machine.peerClosed(now: 3 * second).next == .checkAcknowledged)
        #expect(machine.state == .awaitingAcknowledgement)
        #expect(machine.acknowledged(queued: 500, now: 3 * second)?.next == nil)
        #expect(machine.waiting == .awaitAcknowledgement, "watched edge-triggered: the socket reports a hang-up at every wait")
        #expect(machine.charge.bytes >= 500, "what the kernel still holds is charged")
        #expect(machine.peerClosed(now: 3 * second).next == .checkAcknowledged, "each change the socket reports is measured")
        #expect(machine.acknowledged(queued: 0, now: 4 * second)?.next == .close)
        #expect(machine.state == .closed)
        #expect(machine.charge.bytes == 0)
    }

    /// Regression: a client that sent its request and closed before the answer resets that
    /// answer; reads find its FIN, not the reset, and the kernel's unacknowledged count stays
    /// where the reset left it, so the connection waited, charged, until the write timeout.
    @Test("awaiting acknowledgement → closed when the socket fails: a reset answer is never acknowledged")
    func awaitingAcknowledgement_socketFails_closes() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read(Self.get, at: 2 * second)
        _ = machine.answer(1_000, at: 2 * second)
        #expect(machine.write(at: 2 * second) == .read)
        #expect(machine.peerClosed(now: 2 * second).next == .sendFIN)
        #expect(machine.finSent(now: 2 * second).next == .checkAcknowledged)
        #expect(machine.acknowledged(queued: 1_000, now: 2 * second)?.next == nil, "the reset left the count behind")
        #expect(machine.timerFired(now: 4 * second, Self.timeouts)?.next == nil)
        #expect(machine.connectionFailed().next == .close)
        #expect(machine.state == .closed)
        #expect(machine.charge.bytes == 0)
    }

    @Test("awaiting an answer, lingering → closed when the socket fails, whatever is owed")
    func socketFails_closesInEveryState() {
        var awaiting = ConnectionStateMachine.opened()
        _ = awaiting.read("GET /pooled HTTP/1.1\r\nHost: t\r\n\r\n", at: 2 * second)
        _ = awaiting.handedToPool(awaiting.lendOutput(), now: 2 * second)
        #expect(awaiting.connectionFailed() == .close)
        #expect(awaiting.answerReady([], keepAlive: true, reserved: 0, now: 3 * second) == nil, "the pool's answer is dropped")
        var lingering = Self.lingering(at: 2 * second)
        #expect(lingering.connectionFailed() == .close)
        #expect(lingering.charge.bytes == 0)
    }

    @Test("idle → closing → awaiting acknowledgement: a peer that closes an idle connection gets FIN, and it closes once acknowledged")
    func idle_peerClosed_closes() {
        var machine = ConnectionStateMachine.opened()
        #expect(machine.peerClosed(now: 2 * second).next == .sendFIN)
        #expect(machine.state == .closing(peerClosed: true))
        #expect(machine.finSent(now: 2 * second).next == .checkAcknowledged)
        #expect(machine.acknowledged(queued: 0, now: 2 * second)?.next == .close)
    }

    @Test("reading a head → closing: a partial request whose peer closes can never complete")
    func readingHead_peerClosed_closes() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("GET /echo HTTP/1.1\r\nHo", at: 2 * second)
        #expect(machine.peerClosed(now: 3 * second).next == .sendFIN)
        #expect(machine.state == .closing(peerClosed: true))
    }

    @Test("writing → closing: a peer that half-closes still gets its answer whole; requests held back are not answered")
    func writing_peerClosed_writesItsAnswer() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read(Self.get + Self.get, at: 2 * second)
        _ = machine.answer(300_000, at: 2 * second)
        #expect(machine.write(room: 1_000, at: 2 * second) == .hold)
        #expect(machine.peerClosed(now: 3 * second).next == .write)
        #expect(machine.state == .closing(peerClosed: true))
        #expect(machine.write(at: 3 * second) == .sendFIN)
        #expect(machine.finSent(now: 3 * second).next == .checkAcknowledged)
    }

    @Test("idle → closed at the idle timeout")
    func idle_timesOut() {
        var machine = ConnectionStateMachine.opened(at: second)
        #expect(machine.timerFired(now: 5 * second, Self.timeouts)?.next == nil)
        #expect(machine.timerFired(now: 6 * second + 1, Self.timeouts)?.next == .close)
    }

    @Test("reading a head → closing at the header timeout (408), however the head trickles")
    func readingHead_timesOut() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("GET /echo HTTP/1.1\r\n", at: 2 * second)
        _ = machine.read("X-A: b\r\n", at: 2 * second + 900_000_000)
        #expect(machine.timerFired(now: 3 * second, Self.timeouts)?.next == nil)
        let fired = machine.timerFired(now: 3 * second + 1, Self.timeouts)?.next
        #expect(fired == .refuse(.timedOut, RequestArrival(startedAt: 2 * second, bytes: 0)))
        #expect(machine.state == .closing(peerClosed: false))
    }

    @Test("reading a body → closing when the body stalls (408)")
    func readingBody_stalls() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc", at: 2 * second)
        #expect(machine.timerFired(now: 4 * second, Self.timeouts)?.next == nil)
        #expect(machine.timerFired(now: 4 * second + 1, Self.timeouts)?.next.isTimeout == true)
    }

    @Test("reading a body → closing at the body deadline, however steadily it trickles (408)")
    func readingBody_passesItsDeadline() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n", at: 2 * second)
        for elapsed in 1...10 {
            _ = machine.read(String(repeating: "b", count: 200), at: UInt64(2 + elapsed) * second)
            #expect(machine.timerFired(now: UInt64(2 + elapsed) * second, Self.timeouts)?.next == nil, "after \(elapsed) s")
        }
        #expect(machine.timerFired(now: 12 * second + second / 2, Self.timeouts)?.next.isTimeout == true)
    }

    @Test("reading a body → closing below the minimum body rate once its grace is over (408)")
    func readingBody_tooSlow() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n", at: 2 * second)
        for time in 3...6 {
            _ = machine.read(String(repeating: "b", count: 10), at: UInt64(time) * second)
        }
        #expect(machine.timerFired(now: 6 * second + second / 2, Self.timeouts)?.next == nil, "40 B in 4.5 s: within the grace")
        for time in 7...8 {
            _ = machine.read(String(repeating: "b", count: 10), at: UInt64(time) * second)
        }
        #expect(machine.timerFired(now: 8 * second + second / 2, Self.timeouts)?.next.isTimeout == true, "60 B in 6.5 s")
    }

    @Test("writing → reset when the client stops reading its answer (write timeout)")
    func output_stalls() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read(Self.get, at: 2 * second)
        _ = machine.answer(100_000, at: 2 * second)
        _ = machine.write(room: 1_000, at: 2 * second)
        #expect(machine.timerFired(now: 5 * second, Self.timeouts)?.next == nil)
        #expect(machine.timerFired(now: 5 * second + 1, Self.timeouts)?.next == .reset(.slowReader))
        #expect(machine.state == .closed)
    }

    @Test("writing → reset when the client reads slower than the minimum send rate, a rolling rate over the answer")
    func output_tooSlow() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read(Self.get, at: 2 * second)
        _ = machine.answer(1_000_000, at: 2 * second)
        for time in 3...5 {
            _ = machine.write(room: 200, at: UInt64(time) * second)
        }
        #expect(machine.timerFired(now: 5 * second + second / 2, Self.timeouts)?.next == nil, "600 B in 3.5 s: 0.5 s past the grace")
        _ = machine.write(room: 200, at: 6 * second)
        #expect(machine.timerFired(now: 6 * second + second / 2, Self.timeouts)?.next == .reset(.slowReader), "800 B in 4.5 s")
    }

    @Test("lingering → closed once the linger time has passed and everything is acknowledged")
    func lingering_endsAfterTheLinger() {
        var machine = Self.lingering(at: 2 * second)
        #expect(machine.acknowledged(queued: 0, now: 2 * second)?.next == nil)
        #expect(machine.timerFired(now: 3 * second, Self.timeouts)?.next == nil)
        #expect(machine.timerFired(now: 3 * second + 1, Self.timeouts)?.next == .close)
    }

    @Test("lingering → reset when the peer stops acknowledging the last answer for the write timeout (no orphan left to the kernel)")
    func lingering_unacknowledged_isReset() {
        var machine = Self.lingering(answer: 100, at: 2 * second)
        #expect(machine.output.kernelQueued == 100)
        #expect(machine.timerFired(now: 5 * second, Self.timeouts)?.next == nil)
        _ = machine.acknowledged(queued: 50, now: 4 * second)?.next
        #expect(machine.timerFired(now: 7 * second, Self.timeouts)?.next == nil, "it acknowledged some at 4 s")
        #expect(machine.timerFired(now: 7 * second + 1, Self.timeouts)?.next == .reset(.orphan))
    }

    @Test("awaiting an answer: no timer fires while the pool works (the drain deadline bounds it)")
    func awaitingAnswer_hasNoTimer() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("GET /pooled HTTP/1.1\r\nHost: t\r\n\r\n", at: 2 * second)
        _ = machine.handedToPool(machine.lendOutput(), now: 2 * second).next
        #expect(machine.timerFired(now: 1_000 * second, Self.timeouts)?.next == nil)
    }

    @Test("drain began: answers close the connection, and an idle connection closes once idle for a second")
    func drainBegan_closesWhenIdle() {
        var recent = ConnectionStateMachine.opened(at: second)
        #expect(recent.drainBegan(now: second + second / 2) == nil)
        guard case .answer(_, _, let mayKeepAlive) = recent.read(Self.get, at: second + second / 2) else {
            Issue.record("no answer asked")
            return
        }
        #expect(!mayKeepAlive)
        var idle = ConnectionStateMachine.opened(at: second)
        #expect(idle.drainBegan(now: 3 * second)?.next == .close)
        var quiet = ConnectionStateMachine.opened(at: second)
        _ = quiet.drainBegan(now: second)
        #expect(quiet.timerFired(now: 2 * second - 1, Self.timeouts)?.next == nil)
        #expect(quiet.timerFired(now: 2 * second, Self.timeouts)?.next == .close)
    }
}

extension ConnectionAction {
    /// A `.refuse` for a request not received in time.
    var isTimeout: Bool {
        if case .refuse(.timedOut, _) = self { true } else { false }
    }
}
