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
        let requestID = request.headers["X-Request-ID"].flatMap { RequestID.isWellFormed($0) ? $0 : nil } ?? requestIDs.next()
        let response = responder.respond(to: request, context: RequestContext(requestID: requestID, peer: peer))
        let keepAlive = mayKeepAlive && request.wantsKeepAlive && !response.closesConnection
        let before = output.count
        encoder.encode(
            response, requestID: requestID, headOnly: request.method == "HEAD", keepAlive: keepAlive,
            http10: request.version == .http1_0, into: &output)
        record(request.method, request.path, response.status, requestID, peer, startedAt: startedAt, bytesIn: bytesIn, bytesOut: output.count - before)
        return keepAlive
    }

    /// Answers a failure the server detected (always closing the connection).
    mutating func answer(_ failure: HTTPFailure, peer: String, startedAt: UInt64?, bytesIn: Int, into output: inout [UInt8]) {
        let requestID = requestIDs.next()
        let response = responder.respond(to: failure, context: RequestContext(requestID: requestID, peer: peer))
        let before = output.count
        encoder.encode(response, requestID: requestID, headOnly: false, keepAlive: false, http10: false, into: &output)
        record("-", "-", response.status, requestID, peer, startedAt: startedAt, bytesIn: bytesIn, bytesOut: output.count - before)
    }

    private func record(
        _ method: String, _ path: String, _ status: HTTPStatus, _ requestID: String, _ peer: String,
        startedAt: UInt64?, bytesIn: Int, bytesOut: Int
    ) {
        let now = MonotonicClock.now()
        let elapsed = now &- (startedAt ?? now)
        responder.didRespond(ExchangeRecord(
            method: method, path: path, status: status.code, requestID: requestID, peer: peer,
            bytesIn: bytesIn, bytesOut: bytesOut, microseconds: Int(elapsed / 1000)))
    }
}
