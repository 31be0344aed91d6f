/// Turns one framed request (or a failure the server found itself) into response bytes:
/// picks the request id, calls the responder, adds the framing headers and reports the
/// exchange. The event loops and `InProcessConnection` share it, so a benchmark or test
/// without sockets runs exactly the code a real connection runs.
struct Exchanger {
    private let responder: any HTTPResponder
    private var encoder = ResponseEncoder()
    private var requestIDs = RequestIDGenerator()

    init(responder: any HTTPResponder) {
        self.responder = responder
    }

    /// Answers `request`, appending the response to `output`.
    ///
    /// - Parameters:
    ///   - mayKeepAlive: false when the connection will close anyway (shutdown, peer gone).
    ///   - startedAt: monotonic time of the request's first byte, for the latency record.
    ///   - bytesIn: the request's size on the wire.
    /// - Returns: whether the connection stays open after this response.
    mutating func answer(
        _ request: HTTPRequest, peer: String, mayKeepAlive: Bool, startedAt: UInt64?, bytesIn: Int, into output: inout [UInt8]
    ) -> Bool {
        let exchange = prepare(request, peer: peer, mayKeepAlive: mayKeepAlive, startedAt: startedAt, bytesIn: bytesIn)
        return exchange.run(encoder: &encoder, into: &output)
    }

    /// Everything needed to answer `request` on another thread (a compute worker).
    mutating func prepare(
        _ request: HTTPRequest, peer: String, mayKeepAlive: Bool, startedAt: UInt64?, bytesIn: Int
    ) -> PendingExchange {
        let requestID = request.headers["X-Request-ID"].flatMap { RequestID.isWellFormed($0) ? $0 : nil } ?? requestIDs.next()
        return PendingExchange(
            responder: responder, request: request, context: RequestContext(requestID: requestID, peer: peer),
            mayKeepAlive: mayKeepAlive, startedAt: startedAt, bytesIn: bytesIn)
    }

    /// Answers a failure the server detected (always closing the connection).
    mutating func answer(_ failure: HTTPFailure, peer: String, startedAt: UInt64?, bytesIn: Int, into output: inout [UInt8]) {
        let requestID = requestIDs.next()
        let response = responder.respond(to: failure, context: RequestContext(requestID: requestID, peer: peer))
        answer(response, requestID: requestID, method: "-", path: "-", peer: peer, startedAt: startedAt, bytesIn: bytesIn, into: &output)
    }

    /// Sends the responder's final answer to a head that asked for `100 Continue`, if it has
    /// one; the body is never read, so the connection closes after it.
    /// - Returns: whether a final response was queued.
    mutating func screen(_ head: HTTPRequest, peer: String, startedAt: UInt64?, bytesIn: Int, into output: inout [UInt8]) -> Bool {
        let requestID = head.headers["X-Request-ID"].flatMap { RequestID.isWellFormed($0) ? $0 : nil } ?? requestIDs.next()
        guard let response = responder.screen(head, context: RequestContext(requestID: requestID, peer: peer)) else { return false }
        answer(
            response, requestID: requestID, method: head.method, path: head.path, peer: peer, startedAt: startedAt,
            bytesIn: bytesIn, into: &output)
        return true
    }

    private mutating func answer(
        _ response: HTTPResponse, requestID: String, method: String, path: String, peer: String, startedAt: UInt64?,
        bytesIn: Int, into output: inout [UInt8]
    ) {
        let before = output.count
        encoder.encode(response, requestID: requestID, headOnly: false, keepAlive: false, http10: false, into: &output)
        responder.didRespond(
            ExchangeRecord(
                method: method, path: path, status: response.status.code, requestID: requestID, peer: peer,
                bytesIn: bytesIn, bytesOut: output.count - before, microseconds: ExchangeRecord.microseconds(since: startedAt)))
    }
}

/// One request on its way to an answer, with everything the answer needs; it can run on any
/// thread, so a compute worker builds the response bytes and the loop only writes them.
struct PendingExchange: Sendable {
    let responder: any HTTPResponder
    let request: HTTPRequest
    let context: RequestContext
    let mayKeepAlive: Bool
    let startedAt: UInt64?
    let bytesIn: Int

    /// Answers the request (or runs the work `triage` handed over), appending the response to
    /// `output`.
    /// - Returns: whether the connection stays open after this response.
    func run(encoder: inout ResponseEncoder, into output: inout [UInt8]) -> Bool {
        let response = work?() ?? responder.respond(to: request, context: context)
        return finish(response, encoder: &encoder, into: &output)
    }

    /// Asks the responder to triage the request on this thread: the answer, or this exchange
    /// with the rest of the work attached, for the pool.
    func triage() -> (answer: HTTPResponse?, remaining: PendingExchange?) {
        switch responder.triage(request, context: context) {
        case .answered(let response):
            return (response, nil)
        case .offload(let work):
            var remaining = self
            remaining.work = work
            return (nil, remaining)
        }
    }

    /// The work `triage` handed to the pool, if any.
    private var work: (@Sendable () -> HTTPResponse)?

    /// Answers with the response to `failure` instead (the request found no room), closing.
    func refuse(_ failure: HTTPFailure, encoder: inout ResponseEncoder, into output: inout [UInt8]) {
        var closing = self
        closing.closeAfter = true
        _ = closing.finish(responder.respond(to: failure, context: context), encoder: &encoder, into: &output)
    }

    private var closeAfter = false

    init(
        responder: any HTTPResponder, request: HTTPRequest, context: RequestContext, mayKeepAlive: Bool, startedAt: UInt64?,
        bytesIn: Int
    ) {
        self.responder = responder
        self.request = request
        self.context = context
        self.mayKeepAlive = mayKeepAlive
        self.startedAt = startedAt
        self.bytesIn = bytesIn
    }

    /// Appends `response` (built by `run`, or by `triage` on the loop) with its framing headers.
    /// - Returns: whether the connection stays open after it.
    func finish(_ response: HTTPResponse, encoder: inout ResponseEncoder, into output: inout [UInt8]) -> Bool {
        let keepAlive = mayKeepAlive && !closeAfter && request.wantsKeepAlive && !response.closesConnection
        let before = output.count
        encoder.encode(
            response, requestID: context.requestID, headOnly: request.method == "HEAD", keepAlive: keepAlive,
            http10: request.version == .http1_0, into: &output)
        responder.didRespond(
            ExchangeRecord(
                method: request.method, path: request.path, status: response.status.code, requestID: context.requestID,
                peer: context.peer, bytesIn: bytesIn, bytesOut: output.count - before,
                microseconds: ExchangeRecord.microseconds(since: startedAt)))
        return keepAlive
    }
}

extension ExchangeRecord {
    /// Microseconds from `startedAt` (a monotonic time) to now; 0 when unknown.
    static func microseconds(since startedAt: UInt64?) -> Int {
        let now = MonotonicClock.now()
        return Int((now &- (startedAt ?? now)) / 1000)
    }
}
