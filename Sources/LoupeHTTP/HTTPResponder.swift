/// What the server knows about the exchange a handler is answering.
public struct RequestContext: Sendable {
    /// The echoed or generated X-Request-ID.
    public var requestID: String
    /// The client's address, "127.0.0.1:50432" or "[::1]:50432".
    public var peer: String

    public init(requestID: String, peer: String) {
        self.requestID = requestID
        self.peer = peer
    }
}

/// Where a request's response is built.
public enum Placement: Sendable, Equatable {
    /// On the event loop, inline: for answers that cost microseconds (probes, metrics,
    /// static files, refusals). A loop answering inline holds every connection it owns.
    case eventLoop
    /// On the compute pool, behind admission control: for work that grows with the request.
    case computePool
    /// Started on the event loop with `triage(_:context:)`, which either answers (the work
    /// turned out small: a hop to the pool would cost more than the work) or hands the rest
    /// of the work to the compute pool.
    case triage
}

/// What `HTTPResponder.triage` decided.
public enum Triage: Sendable {
    /// The response, built on the event loop.
    case answered(HTTPResponse)
    /// The rest of the work, to run on the compute pool; its result is the response.
    case offload(@Sendable () -> HTTPResponse)
}

/// One finished exchange, for access logs and metrics.
public struct ExchangeRecord: Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var requestID: String
    public var peer: String
    /// Request bytes on the wire (head and body).
    public var bytesIn: Int
    /// Response bytes queued (head and body).
    public var bytesOut: Int
    /// From the request's first byte to its response being queued.
    public var microseconds: Int
}

/// The application on top of the server. `respond(to:context:)` runs on an event loop or on
/// a compute worker, as `placement(for:)` says; the other calls run on event loops and must
/// not block.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse
    /// Builds the response for a failure the server detected itself.
    func respond(to failure: HTTPFailure, context: RequestContext) -> HTTPResponse
    /// Called once per response, after it has been queued.
    func didRespond(_ record: ExchangeRecord)
    /// Where `request` is answered. Asked on the event loop with the whole request, so it
    /// must be cheap (a look at the method and path).
    func placement(for request: HTTPRequest) -> Placement
    /// For requests placed `.triage`: answer now, on the event loop, if the work is known to
    /// be small, or return the rest of it for the pool. It must bound its own work on the loop
    /// (a few hundred microseconds at most).
    func triage(_ request: HTTPRequest, context: RequestContext) -> Triage
    /// Asked when a head arrives with `Expect: 100-continue`, before the body is invited: a
    /// response here is final and is sent instead of `100 Continue` (RFC 9110 §10.1.1), so a
    /// client whose request will be refused (401, 415, 404) never sends its body. `request`
    /// has an empty body.
    func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse?
}

extension HTTPResponder {
    public func placement(for request: HTTPRequest) -> Placement { .eventLoop }
    public func triage(_ request: HTTPRequest, context: RequestContext) -> Triage {
        .offload { self.respond(to: request, context: context) }
    }
    public func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? { nil }
}
