import Testing

@testable import LoupeHTTP

/// A connection's state machine driven as the event loop drives it, with no socket: each test
/// is one transition (issue 37 §1), named by the states it leaves and reaches. The application
/// is played by the test (an answer is so many bytes), and a write by the socket taking so many
/// bytes. Closing, timers and the memory budget are in `ConnectionClosingTests`.
@Suite("ConnectionStateMachine: reading, answering, pipelining")
struct ConnectionStateMachineTests {
    static let get = "GET /echo HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test("idle → reading a head: the first bytes start the header timer")
    func idle_toReadingHead() {
        var machine = ConnectionStateMachine.opened()
        #expect(machine.state == .idle)
        #expect(machine.read("GET /echo HT", at: 2 * second) == .read)
        #expect(machine.state == .readingHead(RequestArrival(startedAt: 2 * second, bytes: 0)))
    }

    @Test("reading a head → reading a body: the body's clock starts when the head is complete (with what came with the head)")
    func readingHead_toReadingBody() {
        var machine = ConnectionStateMachine.opened()
        let head = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n"
        #expect(machine.read("POST /echo HT", at: 2 * second) == .read)
        #expect(machine.read(String(head.dropFirst(13)) + "abc", at: 3 * second) == .read)
        let arrival = RequestArrival(startedAt: 2 * second, bytes: head.utf8.count + 3)
        #expect(machine.state == .readingBody(arrival, body: BodyArrival(startedAt: 3 * second, bytesBefore: arrival.bytes)))
        #expect(machine.read("defg", at: 4 * second) == .read)
        #expect(
            machine.state
                == .readingBody(
                    RequestArrival(startedAt: 2 * second, bytes: head.utf8.count + 7),
                    body: BodyArrival(startedAt: 3 * second, bytesBefore: arrival.bytes)))
    }

    @Test("reading a head → answering: a complete request goes to the application, with its first byte's time and its size")
    func readingHead_toAnswering() throws {
        var machine = ConnectionStateMachine.opened()
        let action = machine.read("GET /echo?a HTTP/1.1\r\nHost: t\r\n\r\n", at: 2 * second)
        guard case .answer(let request, let arrival, let mayKeepAlive) = action else {
            Issue.record("\(action)")
            return
        }
        #expect(request.target == "/echo?a")
        #expect(arrival == RequestArrival(startedAt: 2 * second, bytes: 33))
        #expect(mayKeepAlive)
        #expect(machine.state == .answering)
    }

    @Test("reading a body → answering: the request keeps the time of its first byte")
    func readingBody_toAnswering() throws {
        var machine = ConnectionStateMachine.opened()
        let head = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n"
        #expect(machine.read(head + "abc", at: 2 * second) == .read)
        let action = machine.read("defghij", at: 3 * second)
        guard case .answer(let request, let arrival, _) = action else {
            Issue.record("\(action)")
            return
        }
        #expect(request.body == Array("abcdefghij".utf8))
        #expect(arrival == RequestArrival(startedAt: 2 * second, bytes: head.utf8.count + 10))
    }

    @Test("answering → idle: an answer that keeps the connection is written, then the connection reads again")
    func answering_toIdle() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read(Self.get, at: 2 * second)
        #expect(machine.answer(100, at: 2 * second) == .write)
        #expect(machine.state == .idle)
        #expect(machine.output.pending == 100)
        #expect(machine.write(at: 2 * second) == .read)
        #expect(machine.output.pending == 0)
    }

    @Test("answering → closing: an answer that ends the connection is its last; nothing after it is framed")
    func answering_toClosing() {
        var machine = ConnectionStateMachine.opened()
        #expect(machine.read(Self.get + Self.get, at: 2 * second).request != nil)
        #expect(machine.answer(100, keepAlive: false, at: 2 * second) == .write)
        #expect(machine.state == .closing(peerClosed: false))
        #expect(machine.write(at: 2 * second) == .sendFIN)
    }

    @Test("answering → awaiting an answer: work goes to the pool and nothing more is framed until its answer is queued")
    func answering_toAwaitingAnswer() {
        var machine = ConnectionStateMachine.opened()
        #expect(machine.read("GET /pooled HTTP/1.1\r\nHost: t\r\n\r\n" + Self.get, at: 2 * second).request?.path == "/pooled")
        #expect(machine.handedToPool(machine.lendOutput(), now: 2 * second).next == .hold)
        #expect(machine.state == .awaitingAnswer)
        #expect(machine.input.unread == Self.get.utf8.count, "the pipelined request waits unframed")
        #expect(machine.read("GET /late HTTP/1.1\r\n", at: 3 * second) == .hold, "and so does anything that arrives meanwhile")
    }

    @Test("awaiting an answer → idle: the pool's answer is queued with its reservation, then the request behind it is framed (pipelining order)")
    func awaitingAnswer_toIdle() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        _ = machine.read("GET /pooled HTTP/1.1\r\nHost: t\r\n\r\nGET /second HTTP/1.1\r\nHost: t\r\n\r\n", at: 2 * second)
        _ = machine.handedToPool(machine.lendOutput(), now: 2 * second).next
        #expect(budget.reserve(100_000), "the compute job's reservation")
        let action = machine.answerReady(OutgoingBytes(Array(repeating: 0x61, count: 300)), keepAlive: true, reserved: 100_000, now: 3 * second)?.next
        #expect(action?.request?.path == "/second")
        #expect(machine.output.pending == 300)
        #expect(budget.inUse == machine.charge.bytes, "the reservation is settled to what the answer holds")
        #expect(machine.charge.bytes < 100_000)
    }

    @Test("an answer from the pool for a connection that has moved on is dropped, and its reservation given back")
    func answerReady_whenNotAwaiting_isDropped() {
        let budget = MemoryBudget(limit: 1 << 30)
        var machine = ConnectionStateMachine.opened(budget: budget)
        #expect(budget.reserve(100_000))
        #expect(machine.answerReady([1, 2, 3], keepAlive: true, reserved: 100_000, now: 2 * second)?.next == nil)
        #expect(budget.inUse == 0)
        #expect(machine.output.pending == 0)
    }

    @Test("pipelined requests are framed one at a time, in order, each once the answer before it is queued")
    func pipelinedRequests_areFramedInOrder() {
        var machine = ConnectionStateMachine.opened()
        let requests = (1...3).map { "GET /\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
        #expect(machine.read(requests, at: 2 * second).request?.path == "/1")
        #expect(machine.answer(10, at: 2 * second).request?.path == "/2")
        #expect(machine.answer(10, at: 2 * second).request?.path == "/3")
        #expect(machine.answer(10, at: 2 * second) == .write)
        #expect(machine.output.pending == 30, "the three answers go out together")
    }

    @Test("answering → reading a head: a partial pipelined request after a complete one waits for its rest")
    func partialPipelinedRequest_waitsForItsRest() {
        var machine = ConnectionStateMachine.opened()
        #expect(machine.read("GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHo", at: 2 * second).request?.path == "/a")
        #expect(machine.answer(10, at: 2 * second) == .write)
        #expect(machine.state == .readingHead(RequestArrival(startedAt: 2 * second, bytes: 0)))
        #expect(machine.write(at: 2 * second) == .read)
        #expect(machine.read("st: t\r\n\r\n", at: 3 * second).request?.path == "/b")
    }

    @Test("idle → writing: past 16 KiB of waiting answers no further pipelined request is framed, and reading stops")
    func idle_toWriting() {
        var machine = ConnectionStateMachine.opened()
        #expect(machine.read(Self.get + Self.get + Self.get, at: 2 * second).request != nil)
        #expect(machine.answer(20_000, at: 2 * second) == .write)
        #expect(machine.state == .writing)
        #expect(machine.input.unread == 2 * Self.get.utf8.count)
        #expect(machine.write(room: 1_000, at: 2 * second) == .hold, "19,000 bytes still wait")
    }

    @Test("writing → idle: once less than 16 KiB waits, the requests held back are framed, in order")
    func writing_toIdle_belowTheThreshold() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\n", at: 2 * second)
        _ = machine.answer(20_000, at: 2 * second)
        #expect(machine.write(room: 5_000, at: 3 * second).request?.path == "/2")
    }

    @Test("writing → idle: output drained frames the requests held back")
    func writing_toIdle_drained() {
        var machine = ConnectionStateMachine.opened()
        _ = machine.read("GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\n", at: 2 * second)
        _ = machine.answer(200_000, at: 2 * second)
        #expect(machine.state == .writing)
        #expect(machine.write(at: 3 * second).request?.path == "/2")
    }

    @Test(
        "reading → closing: a malformed request, smuggling included, is answered with its status and nothing after it is framed",
        arguments: RejectionTests.cases)
    func malformedRequest_isRefused(name: String, request: String, status: Int) {
        var machine = ConnectionStateMachine.opened()
        let action = machine.read(request + Self.get, at: 2 * second)
        guard case .refuse(let refusal, _) = action else {
            Issue.record("\(name): \(action)")
            return
        }
        #expect(refusal.status.code == status, "\(name)")
        #expect(machine.state == .closing(peerClosed: false), "\(name)")
        #expect(machine.input.unread == 0, "\(name): the request after it is dropped")
        #expect(machine.refused(machine.lendOutput() + Self.refusal, now: 2 * second).next == .write)
        #expect(machine.write(at: 2 * second) == .sendFIN, "\(name)")
    }

    @Test("reading a body: a head that expects 100-continue is screened, then 100 Continue is queued and the body read")
    func expectContinue_isScreenedThenInvited() {
        var machine = ConnectionStateMachine.opened()
        let head = "POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"
        let action = machine.read(head, at: 2 * second)
        guard case .screen(let screened, let arrival) = action else {
            Issue.record("\(action)")
            return
        }
        #expect(screened.path == "/echo" && screened.body.isEmpty)
        #expect(arrival == RequestArrival(startedAt: 2 * second, bytes: head.utf8.count))
        #expect(machine.screened(machine.lendOutput(), refused: false, now: 2 * second).next == .write)
        #expect(machine.unwritten == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(machine.write(at: 2 * second) == .read)
        #expect(machine.read("data", at: 3 * second).request?.body == Array("data".utf8))
    }

    @Test("reading a body → closing: a head refused by the screen gets its refusal as the last answer, and its body is never read")
    func expectContinue_refused_closes() {
        var machine = ConnectionStateMachine.opened()
        let head = "POST /refused HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"
        guard case .screen = machine.read(head, at: 2 * second) else {
            Issue.record("not screened")
            return
        }
        #expect(machine.screened(machine.lendOutput() + Self.refusal, refused: true, now: 2 * second).next == .write)
        #expect(machine.state == .closing(peerClosed: false))
        #expect(machine.write(at: 2 * second) == .sendFIN)
        #expect(machine.finSent(now: 2 * second).next == .read)
        #expect(machine.read("data", at: 3 * second) == .read)
        #expect(machine.input.unread == 0, "the body is discarded")
    }

    @Test("a head that expects 100-continue with an oversize body is refused with 413, never invited")
    func expectContinue_oversize_isRefused() {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 10
        var machine = ConnectionStateMachine.opened(limits: limits)
        let action = machine.read("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n", at: 2 * second)
        #expect(action == .refuse(.malformed(.bodyTooLarge(limit: 10)), RequestArrival(startedAt: 2 * second, bytes: 0)))
    }

    @Test("issue 46 §2: an event in a state it cannot come in resets the connection (release builds; debug builds trap), whatever the event")
    func illegalMoves_resetTheConnection() {
        func reporting() -> ConnectionStateMachine {
            ConnectionStateMachine(
                limits: HTTPLimits(), budget: MemoryBudget(limit: 1 << 30), kernelQueueCap: 256 << 10, now: second, trapsOnIllegalMoves: false)
        }
        var answered = reporting()
        #expect(answered.answered(answered.lendOutput() + [0x61], keepAlive: true, now: 2 * second) == .reset(.illegalMove))
        #expect(answered.state == .closed && answered.charge.bytes == 0, "its charge is given back")
        var pooled = reporting()
        #expect(pooled.handedToPool(pooled.lendOutput(), now: 2 * second) == .reset(.illegalMove))
        var screened = reporting()
        #expect(screened.screened(screened.lendOutput(), refused: false, now: 2 * second) == .reset(.illegalMove))
        var refused = reporting()
        #expect(refused.refused(refused.lendOutput(), now: 2 * second) == .reset(.illegalMove))
        var fin = reporting()
        #expect(fin.finSent(now: 2 * second) == .reset(.illegalMove), "once returned quietly as a wait")
        #expect(fin.state == .closed)
        // The same events in their own states are legal moves.
        var legal = reporting()
        #expect(legal.read(Self.get, at: 2 * second).request != nil)
        #expect(legal.answered(legal.lendOutput() + [0x61], keepAlive: false, now: 2 * second) == .framing(.write))
        _ = legal.write(at: 2 * second)
        #expect(legal.finSent(now: 2 * second) == .read)
    }

    static let refusal = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
}

let second: UInt64 = 1_000_000_000

extension ConnectionStateMachine {
    /// A connection accepted at `now`.
    static func opened(
        at now: UInt64 = second, budget: MemoryBudget = MemoryBudget(limit: 1 << 30), limits: HTTPLimits = HTTPLimits(),
        kernelQueueCap: Int = 256 << 10
    ) -> Self {
        ConnectionStateMachine(limits: limits, budget: budget, kernelQueueCap: kernelQueueCap, now: now)
    }

    /// `text` arrived at `now`.
    mutating func read(_ text: String, at now: UInt64) -> ConnectionAction {
        Array(text.utf8).withUnsafeBufferPointer { bytesRead($0, now: now).next }
    }

    /// The application answers the request it was handed with `count` bytes.
    mutating func answer(_ count: Int, keepAlive: Bool = true, at now: UInt64) -> ConnectionAction {
        var output = lendOutput()
        output.append(copying: [UInt8](repeating: UInt8(ascii: "a"), count: count))
        return answered(output, keepAlive: keepAlive, now: now).next
    }

    /// The socket takes up to `room` bytes of the output, and the write reports as the loop's does.
    mutating func write(room: Int = .max, at now: UInt64) -> ConnectionAction {
        let count = min(room, output.pending)
        if count > 0 { sent(count, now: now) }
        return (output.pending == 0 ? outputDrained(now: now) : writeBlocked(now: now)).next
    }

    /// The output not yet written, as text.
    var unwritten: String { output.withUnwritten { pieces in pieces.map { String(decoding: $0, as: UTF8.self) }.joined() } }
}

extension ConnectionAction {
    /// The request an `.answer` hands to the application.
    var request: HTTPRequest? {
        if case .answer(let request, _, _) = self { request } else { nil }
    }
}
