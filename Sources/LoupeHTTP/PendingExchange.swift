/// One request on its way to its answer, with everything the answer needs, so that any
/// thread can finish it: an event loop for an answer built inline, a compute worker for work.
struct PendingExchange: Sendable {
    let request: HTTPRequest
    let context: RequestContext
    let mayKeepAlive: Bool
    let startedAt: UInt64?
    let bytesIn: Int
    private let responder: any HTTPResponder
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

    /// Answers `failure` instead (the request found no room), closing.
    func refuse(_ failure: HTTPFailure, writer: inout ResponseWriter, into output: inout [UInt8]) {
        var closing = self
        closing.closeAfter = true
        _ = closing.finish(responder.respond(to: failure, context: context), writer: &writer, into: &output)
    }

    /// Appends `response` with its framing headers and reports the exchange.
    /// - Returns: whether the connection stays open after it.
    func finish(_ response: HTTPResponse, writer: inout ResponseWriter, into output: inout [UInt8]) -> Bool {
        let keepAlive = mayKeepAlive && !closeAfter && request.wantsKeepAlive && !response.closesConnection
        let before = output.count
        writer.write(
            response, requestID: context.requestID, headOnly: request.method == "HEAD", keepAlive: keepAlive,
            http10: request.version == .http1_0, into: &output)
        responder.didRespond(
            ExchangeRecord(
                method: request.method, path: request.path, status: response.status.code, requestID: context.requestID,
                peer: context.peer, bytesIn: bytesIn, bytesOut: output.count - before,
                microseconds: ExchangeRecord.microseconds(since: startedAt), label: response.label))
        return keepAlive
    }
}
