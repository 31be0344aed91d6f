import Testing

@testable import LoupeHTTP

/// A connection's charge on the memory budget through its transitions, with no socket (issue 37
/// §1): every growth is a reservation, the kernel's share is charged until acknowledged, and a
/// connection whose refusal does not fit is reset (issue 34 §2, §3).
@Suite("ConnectionStateMachine: the memory charge")
struct ConnectionChargeTests {
    static let get = ConnectionStateMachineTests.get
    static let promise = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n"

    @Test("reading a body: a body is charged whole as soon as its head promises it")
    func body_isChargedWhenPromised() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        #expect(machine.read(Self.promise, at: 2 * second) == .read)
        #expect(machine.charge.bytes >= 100_000)
        #expect(budget.inUse == machine.charge.bytes)
    }

    @Test("reading → closing: a body the budget cannot hold is refused with 503 before it arrives")
    func body_thatDoesNotFit_isRefused() {
        let budget = MemoryBudget(limit: 64 << 10)
        var machine = ConnectionStateMachine.opened(budget: budget)
        let action = machine.read(Self.promise, at: 2 * second)
        #expect(action == .refuse(.busy(.memoryBudget), RequestArrival(startedAt: 2 * second, bytes: Self.promise.utf8.count)))
        #expect(budget.inUse == 0, "nothing of the refused body is charged")
        #expect(machine.refused(machine.lendOutput() + ConnectionStateMachineTests.refusal, now: 2 * second).next == .write)
        #expect(budget.inUse == machine.charge.bytes && budget.inUse > 0, "the refusal is")
    }

    @Test("answering: an answer the budget cannot hold is not admitted; one no larger than a refusal may use the headroom")
    func admission_usesTheHeadroomOnlyForSmallAnswers() {
        let budget = MemoryBudget(limit: 64 << 10)
        var machine = ConnectionStateMachine.opened(budget: budget)
        #expect(machine.read(Self.get, at: 2 * second).request != nil)
        #expect(budget.reserve(budget.limit - budget.refusalHeadroom - budget.inUse), "other clients fill the budget")
        let lent = machine.lendOutput()
        let charged = machine.charge.bytes
        let large = machine.admit(lent + [UInt8](repeating: 0x61, count: 10_000))
        #expect(!large)
        #expect(machine.charge.bytes == charged, "nothing charged for the refused answer")
        let small = machine.admit(lent + [UInt8](repeating: 0x61, count: 1_000))
        #expect(small, "a probe's answer still fits")
        #expect(budget.inUse <= budget.limit)
    }

    @Test("answering → reset: a connection whose answer does not fit even in the refusal headroom is reset unanswered")
    func answerBeyondTheHeadroom_resets() {
        let budget = MemoryBudget(limit: 64 << 10)
        var machine = ConnectionStateMachine.opened(budget: budget)
        #expect(machine.read(Self.get, at: 2 * second).request != nil)
        let charged = machine.charge.bytes
        #expect(budget.reserveRefusal(budget.limit - budget.inUse), "the whole budget is taken")
        #expect(machine.answer(1_000, keepAlive: false, at: 2 * second) == .reset(.memory))
        #expect(machine.state == .closed)
        #expect(machine.charge.bytes == 0)
        #expect(budget.inUse == budget.limit - charged)
    }

    @Test("writing: the kernel's share is charged as soon as an answer is queued, needs no room to write, and shrinks as the peer acknowledges")
    func kernelShare_isChargedUntilAcknowledged() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        _ = machine.read(Self.get, at: 2 * second)
        _ = machine.answer(50_000, at: 2 * second)
        #expect(machine.charge.bytes >= 100_000, "the answer and the kernel's share of it")
        let queued = budget.inUse
        #expect(machine.write(room: 10_000, at: 2 * second) == .hold)
        #expect(budget.inUse == queued, "writing moves bytes into the kernel: no new room")
        #expect(machine.write(at: 2 * second) == .read)
        let input = machine.input.heldBytes
        #expect(machine.charge.bytes == input + 50_000, "the buffer is freed; the kernel's share stays")
        #expect(machine.acknowledged(queued: 20_000, now: 3 * second)?.next == nil)
        #expect(machine.charge.bytes == input + 20_000)
        _ = machine.acknowledged(queued: 0, now: 4 * second)?.next
        #expect(machine.charge.bytes == input)
        #expect(budget.inUse == machine.charge.bytes)
    }

    /// Issue 42 §3 (regression): an acknowledged answer a peer on this host never read stayed in
    /// its receive buffer, kernel memory the budget no longer charged; 1,000 such clients grew
    /// the kernel's TCP memory by half again the budget.
    @Test("writing: what the peer acknowledged but has not read (its window shrunk) stays charged, and is given back as the window reopens")
    func peerShare_isChargedUntilRead() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        machine.peerWindowAtAccept(64_000)
        _ = machine.read(Self.get, at: 2 * second)
        _ = machine.answer(50_000, at: 2 * second)
        #expect(machine.write(at: 2 * second) == .read)
        let input = machine.input.heldBytes
        // All of it acknowledged, the window shrunk by 40,000: the peer holds it unread.
        #expect(machine.acknowledged(queued: 0, peerWindow: 24_000, now: 3 * second)?.next == nil)
        #expect(machine.output.peerHeld >= 40_000 && machine.output.peerHeld <= 50_000 + 200, "\(machine.output.peerHeld)")
        #expect(machine.charge.bytes == input + machine.output.peerHeld)
        #expect(budget.inUse == machine.charge.bytes)
        // A shrinking of under 4 KiB is a peer reading as it goes.
        _ = machine.acknowledged(queued: 0, peerWindow: 62_000, now: 4 * second)?.next
        #expect(machine.output.peerHeld == 0 && machine.charge.bytes == input)
        #expect(budget.inUse == machine.charge.bytes)
    }

    @Test("awaiting acknowledgement: a closing connection waits for its answer to be read, not only acknowledged, then closes")
    func closing_waitsForThePeerToRead() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        machine.peerWindowAtAccept(64_000)
        _ = machine.read(Self.get, at: 2 * second)
        _ = machine.answer(30_000, keepAlive: false, at: 2 * second)
        _ = machine.write(at: 2 * second)
        _ = machine.finSent(now: 2 * second).next
        #expect(machine.peerClosed(now: 3 * second).next == .checkAcknowledged)
        #expect(machine.acknowledged(queued: 0, peerWindow: 34_000, now: 3 * second)?.next == nil, "acknowledged, not read")
        #expect(machine.charge.bytes > 0)
        #expect(machine.timerFired(now: 4 * second, ConnectionClosingTests.timeouts)?.next == nil, "within the write timeout it waits")
        #expect(machine.acknowledged(queued: 0, peerWindow: 64_000, now: 5 * second)?.next == .close)
        #expect(machine.charge.bytes == 0 && budget.inUse == 0)
    }

    @Test("any state → closed: the whole charge is given back")
    func close_givesTheChargeBack() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        _ = machine.read(Self.get + Self.promise, at: 2 * second)
        _ = machine.answer(50_000, at: 2 * second)
        #expect(budget.inUse > 0)
        #expect(machine.close().next == .close)
        #expect(machine.state == .closed)
        #expect(budget.inUse == 0)
    }
}
