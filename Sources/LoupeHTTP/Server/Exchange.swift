/// One request and its answer on a connection: from the request framed to its answer queued,
/// with everything the answer needs, so that any thread can finish it: an event loop for an
/// answer built inline, a compute worker for work.
struct Exchange: Sendable {
    let request: HTTPRequest
    let context: RequestContext
    let mayKeepAlive: Bool
    let startedAt: UInt64?
    let bytesIn: Int
    private let application: any HTTPApplication
    private var closeAfter = false

    init(
        application: any HTTPApplication, request: HTTPRequest, context: RequestContext, mayKeepAlive: Bool, startedAt: UInt64?,
        bytesIn: Int
    ) {
        self.application = application
        self.request = request
        self.context = context
        self.mayKeepAlive = mayKeepAlive
        self.startedAt = startedAt
        self.bytesIn = bytesIn
    }

    /// Answers `refusal` instead (the request found no room), closing.
    func refuse(_ refusal: TransportRefusal, writer: inout ResponseWriter, into output: inout OutgoingBytes) {
        var closing = self
        closing.closeAfter = true
        _ = closing.finish(application.answer(refusal, context: context), writer: &writer, into: &output)
    }

    /// Appends `response` with its framing headers and reports the exchange.
    ///
    /// `admit` is shown the output with the answer in it before anything is reported: when it
    /// says no (the memory budget cannot hold it), the answer is taken back out and the request
    /// is answered 503 `server-busy` instead, closing. So an answer built anywhere, on a loop or
    /// on the pool, is either within the budget or refused (issue 34 §2).
    /// - Returns: whether the connection stays open after it.
    func finish(
        _ response: HTTPResponse, writer: inout ResponseWriter, into output: inout OutgoingBytes,
        admit: (_ output: OutgoingBytes) -> Bool = { _ in true }
    ) -> Bool {
        let keepAlive = mayKeepAlive && !closeAfter && request.wantsKeepAlive && !response.closesConnection
        let before = output.count
        writer.write(
            response, requestID: context.requestID, headOnly: request.method == "HEAD", keepAlive: keepAlive,
            http10: request.version == .http1_0, into: &output)
        guard admit(output) else {
            // Give the room back too: a buffer kept at the refused answer's capacity would hold
            // what the budget just refused.
            output.truncate(to: before)
            refuse(.busy(.memoryBudget), writer: &writer, into: &output)
            return false
        }
        application.didAnswer(
            AccessRecord(
                method: request.method, path: request.path, status: response.status.code, requestID: context.requestID,
                peer: context.peer, bytesIn: bytesIn, bytesOut: output.count - before,
                microseconds: AccessRecord.microseconds(since: startedAt), label: response.label))
        return keepAlive
    }
}
