/// The state of one client connection. It lives on exactly one event-loop thread, which is
/// the only code that touches it, so it needs no locks.
final class Connection {
    let fd: Int32
    let peer: String
    /// Tells this connection from a later one that reuses its descriptor, so an answer
    /// computed for a client that has gone is never written to the next one.
    let serial: UInt64

    /// Received bytes not yet consumed by the parser, from `inputStart` on.
    var input: [UInt8] = []
    var inputStart = 0
    /// Answers written and not yet sent, from `outputStart` on.
    var output: [UInt8] = []
    var outputStart = 0

    var parser: RequestParser
    /// When the first byte of the request being read arrived (monotonic ns), or nil.
    var requestStartedAt: UInt64?
    /// Bytes of the current request consumed so far (for the access log).
    var requestBytes = 0
    /// When the current request's body began (its head was complete), and `requestBytes`
    /// then: the body deadline and minimum rate are measured from here.
    var bodyStartedAt: UInt64?
    var bytesBeforeBody = 0
    var lastReadAt: UInt64
    var lastWriteAt: UInt64
    /// When output began to wait to be written (monotonic ns), and the bytes written since:
    /// the minimum send rate is a rolling rate over them. nil while nothing is owed.
    var sendingSince: UInt64?
    var sentSinceSending = 0
    /// Bytes of output the kernel still holds for this connection (written, not yet
    /// acknowledged): counted as written, re-measured by the sweep, charged to the budget.
    var kernelQueued = 0
    /// When the sweep last saw the peer acknowledge some of `kernelQueued` (monotonic ns): a
    /// closing connection waits for its last answer to be acknowledged while this moves.
    var lastAcknowledgedAt: UInt64 = 0
    /// No further requests are read; close once `output` is written.
    var closeAfterWrite = false
    /// The peer shut its sending side; answer what it sent, then close.
    var peerClosed = false
    /// Our side has sent FIN and is discarding input until the peer closes (lingering close).
    var lingeringSince: UInt64?
    /// Parsing stopped because too much output was queued; resume once it drains.
    var heldBack = false
    /// Its output waits for the loop's pass over ready events to end (write coalescing).
    var writeHeld = false
    /// A request of this connection is being answered on the compute pool; nothing else is
    /// read or parsed until its answer is queued, which keeps pipelined answers in order.
    var awaitingAnswer = false
    /// Bytes this connection holds that are charged to the server's memory budget.
    var charged = 0
    /// The connection has been closed: whatever still refers to it stops.
    var isClosed = false
    /// The epoll events currently registered, and whether the descriptor is registered.
    var interest: UInt32 = 0
    var isRegistered = false

    init(fd: Int32, peer: String, serial: UInt64, limits: HTTPLimits, kernelQueueCap: Int, now: UInt64) {
        self.fd = fd
        self.kernelQueueCap = kernelQueueCap
        self.peer = peer
        self.serial = serial
        self.parser = RequestParser(limits: limits)
        self.lastReadAt = now
        self.lastWriteAt = now
    }

    var unreadInput: Int { input.count - inputStart }
    var pendingOutput: Int { output.count - outputStart }

    /// True when nothing of any request is buffered, owed or being computed: safe to close.
    var isIdle: Bool {
        unreadInput == 0 && pendingOutput == 0 && parser.phase == .idle && !awaitingAnswer
    }

    /// The most the kernel's send queue holds for one connection (`ServerConfiguration`).
    let kernelQueueCap: Int

    /// Bytes this connection holds now, its kernel send queue included: what the memory
    /// budget charges it.
    var heldBytes: Int { heldBytes(outputCapacity: output.capacity, pendingOutput: pendingOutput) }

    /// What the connection would hold with an output buffer of `outputCapacity` bytes, of which
    /// `pendingOutput` are still to be written: asked before an answer is kept (`EventLoop`'s
    /// admission), so an answer the budget cannot hold is refused instead of charged.
    func heldBytes(outputCapacity: Int, pendingOutput: Int) -> Int {
        input.capacity + outputCapacity + parser.bufferedBodyBytes + kernelCharge(pendingOutput: pendingOutput)
    }

    /// The kernel's share: everything owed (queued here or held by the kernel), up to what the
    /// kernel may hold. It is whole as soon as output is queued and never grows while that
    /// output is written (the bytes only move from here into the kernel), so writing needs no
    /// new room from the budget; it shrinks as the peer acknowledges.
    func kernelCharge(pendingOutput: Int) -> Int { min(pendingOutput + kernelQueued, kernelQueueCap) }

    /// Buffers larger than this are freed, not kept, once empty: an idle keep-alive
    /// connection costs at most twice this (charged to the memory budget), not the largest
    /// answer it ever had, so 10,000 idle connections hold 40 MiB at most.
    static let retainedBufferBytes = 2 * 1024

    /// Drops consumed input so the buffer never grows beyond one request's worth.
    func compactInput() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= Self.retainedBufferBytes)
            inputStart = 0
        } else if inputStart > 32 * 1024 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }

    func resetOutput() {
        output.removeAll(keepingCapacity: output.capacity <= Self.retainedBufferBytes)
        outputStart = 0
        sendingSince = nil
        sentSinceSending = 0
    }

    /// The request in progress is finished (answered or refused): its timers end.
    func endRequest() {
        requestStartedAt = nil
        requestBytes = 0
        bodyStartedAt = nil
        bytesBeforeBody = 0
    }
}
