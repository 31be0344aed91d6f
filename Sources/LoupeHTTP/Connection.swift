/// The state of one client connection. It lives on exactly one event-loop thread, which is
/// the only code that touches it, so it needs no locks.
final class Connection {
    let fd: Int32
    let peer: String

    /// Received bytes not yet consumed by the parser, from `inputStart` on.
    var input: [UInt8] = []
    var inputStart = 0
    /// Encoded responses not yet written, from `outputStart` on.
    var output: [UInt8] = []
    var outputStart = 0

    var parser: RequestParser
    /// When the first byte of the request being read arrived (monotonic ns), or nil.
    var requestStartedAt: UInt64?
    /// Bytes of the current request consumed so far (for the access log).
    var requestBytes = 0
    var lastReadAt: UInt64
    var lastWriteAt: UInt64
    /// No further requests are read; close once `output` is written.
    var closeAfterWrite = false
    /// The peer shut its sending side; answer what it sent, then close.
    var peerClosed = false
    /// Our side has sent FIN and is discarding input until the peer closes (lingering close).
    var lingeringSince: UInt64?
    /// Parsing stopped because too much output was queued; resume once it drains.
    var heldBack = false
    /// The epoll events currently registered.
    var interest: UInt32 = 0

    init(fd: Int32, peer: String, limits: HTTPLimits, now: UInt64) {
        self.fd = fd
        self.peer = peer
        self.parser = RequestParser(limits: limits)
        self.lastReadAt = now
        self.lastWriteAt = now
    }

    var unreadInput: Int { input.count - inputStart }
    var pendingOutput: Int { output.count - outputStart }

    /// True when nothing of any request is buffered or owed: safe to close at once.
    var isIdle: Bool {
        unreadInput == 0 && pendingOutput == 0 && parser.phase == .idle
    }

    /// Drops consumed input so the buffer never grows beyond one request's worth.
    func compactInput() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
            inputStart = 0
        } else if inputStart > 32 * 1024 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }

    func resetOutput() {
        output.removeAll(keepingCapacity: output.capacity <= 256 * 1024)
        outputStart = 0
    }
}
