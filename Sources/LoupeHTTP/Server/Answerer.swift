/// Turns one framed request (or a refusal the transport made itself) into answer bytes: picks
/// the request id, asks the application, adds the framing headers and reports the exchange.
/// The event loops and `InProcessConnection` share it, so a benchmark or test without sockets
/// runs exactly the code a real connection runs.
struct Answerer {
    private let application: any HTTPApplication
    private var writer = ResponseWriter()
    private var requestIDs = RequestIDGenerator()

    init(application: any HTTPApplication) {
        self.application = application
    }

    /// Asks the application what `request` gets (its one call per request): an answer now,
    /// appended to `output`, or the exchange with the work to run on the pool.
    ///
    /// - Parameters:
    ///   - mayKeepAlive: false when the connection will close anyway (shutdown, peer gone).
    ///   - startedAt: monotonic time of the request's first byte, for the latency record.
    ///   - bytesIn: the request's size on the wire.
    ///   - admit: whether the output with an answer built now may be kept (the memory budget);
    ///     when not, the request is answered 503 `server-busy` instead (`Exchange.finish`).
    mutating func handle(
        _ request: HTTPRequest, peer: String, mayKeepAlive: Bool, startedAt: UInt64?, bytesIn: Int, into output: inout OutgoingBytes,
        admit: (_ output: OutgoingBytes) -> Bool = { _ in true }
    ) -> Disposition {
        let exchange = prepare(request, peer: peer, mayKeepAlive: mayKeepAlive, startedAt: startedAt, bytesIn: bytesIn)
        switch application.handle(request, context: exchange.context) {
        case .answer(let response):
            return .answered(keepAlive: exchange.finish(response, writer: &writer, into: &output, admit: admit))
        case .compute(let work):
            return .compute(exchange, work: work)
        }
    }

    /// Runs the work `handle` handed over with `exchange`, on this thread (in-process
    /// connections; the event loops hand both to a compute job instead), appending its answer.
    /// - Returns: whether the connection stays open after it.
    mutating func run(_ exchange: Exchange, work: @Sendable () -> HTTPResponse, into output: inout OutgoingBytes) -> Bool {
        exchange.finish(work(), writer: &writer, into: &output)
    }

    /// Answers `refusal` for `exchange` instead of running its work (no room for it).
    mutating func refuse(_ refusal: TransportRefusal, insteadOf exchange: Exchange, into output: inout OutgoingBytes) {
        exchange.refuse(refusal, writer: &writer, into: &output)
    }

    /// What `handle` did with a request (its disposition: answered here, or work for the pool).
    enum Disposition {
        /// Its answer is in the output; whether the connection stays open after it.
        case answered(keepAlive: Bool)
        /// Its answer is to be built by `work`, on the compute pool, and finished by the
        /// exchange, the request's one name from here to its answer.
        case compute(Exchange, work: @Sendable () -> HTTPResponse)
    }

    /// Everything needed to answer `request` on another thread (a compute worker): its exchange.
    private mutating func prepare(
        _ request: HTTPRequest, peer: String, mayKeepAlive: Bool, startedAt: UInt64?, bytesIn: Int
    ) -> Exchange {
        let requestID = request.headers["X-Request-ID"].flatMap { RequestID.isWellFormed($0) ? $0 : nil } ?? requestIDs.next()
        return Exchange(
            application: application, request: request, context: RequestContext(requestID: requestID, peer: peer),
            mayKeepAlive: mayKeepAlive, startedAt: startedAt, bytesIn: bytesIn)
    }

    /// Answers a refusal the transport made itself while reading a request (always closing the
    /// connection).
    mutating func refuse(_ refusal: TransportRefusal, peer: String, startedAt: UInt64?, bytesIn: Int, into output: inout OutgoingBytes) {
        let requestID = requestIDs.next()
        let response = application.answer(refusal, context: RequestContext(requestID: requestID, peer: peer))
        answer(response, requestID: requestID, method: "-", path: "-", peer: peer, startedAt: startedAt, bytesIn: bytesIn, into: &output)
    }

    /// Sends the application's final answer to a head that asked for `100 Continue`, if it has
    /// one; the body is never read, so the connection closes after it.
    /// - Returns: whether a final answer was queued.
    mutating func screen(_ head: HTTPRequest, peer: String, startedAt: UInt64?, bytesIn: Int, into output: inout OutgoingBytes) -> Bool {
        let requestID = head.headers["X-Request-ID"].flatMap { RequestID.isWellFormed($0) ? $0 : nil } ?? requestIDs.next()
        guard let response = application.screen(head, context: RequestContext(requestID: requestID, peer: peer)) else { return false }
        answer(
            response, requestID: requestID, method: head.method, path: head.path, peer: peer, startedAt: startedAt,
            bytesIn: bytesIn, into: &output)
        return true
    }

    /// Appends `response`, closing, and reports it.
    private mutating func answer(
        _ response: HTTPResponse, requestID: String, method: String, path: String, peer: String, startedAt: UInt64?,
        bytesIn: Int, into output: inout OutgoingBytes
    ) {
        let before = output.count
        writer.write(response, requestID: requestID, headOnly: false, keepAlive: false, http10: false, into: &output)
        application.didAnswer(
            AccessRecord(
                method: method, path: path, status: response.status.code, requestID: requestID, peer: peer,
                bytesIn: bytesIn, bytesOut: output.count - before, microseconds: AccessRecord.microseconds(since: startedAt),
                label: response.label))
    }
}
