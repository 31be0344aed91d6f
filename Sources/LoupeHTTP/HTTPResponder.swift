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

/// What the responder decided for one request, in its one call (`HTTPResponder.handle`).
public enum Handling: Sendable {
    /// The response, built on the event loop: probes, static files, refusals, cached answers
    /// and work the responder knows to be small. A loop answering inline holds every connection
    /// it owns, so this must cost microseconds.
    case response(HTTPResponse)
    /// Work that grows with the request: run on the compute pool, behind admission control
    /// (the queue and the memory budget); its result is the response. It carries whatever the
    /// responder already decided (route, format, cache key), so nothing is decided twice.
    case compute(@Sendable () -> HTTPResponse)
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
    /// The responder's name for the exchange (`HTTPResponse.label`), handed back untouched:
    /// the route a metric is counted under, decided when the request was handled.
    public var label: String?
}

/// The application on top of the server. Every call runs on an event loop and must not
/// block; the work a `.compute` handling carries runs on a compute worker.
public protocol HTTPResponder: Sendable {
    /// Decides, once, what `request` gets: its response now, or the work that builds it. The
    /// one call between transport and application for each request: admission, routing,
    /// negotiation and caching happen here, and what they decided travels with the work.
    func handle(_ request: HTTPRequest, context: RequestContext) -> Handling
    /// Builds the response for a failure the server detected itself.
    func respond(to failure: HTTPFailure, context: RequestContext) -> HTTPResponse
    /// Called once per response, after it has been queued.
    func didRespond(_ record: ExchangeRecord)
    /// Asked when a head arrives with `Expect: 100-continue`, before the body is invited: a
    /// response here is final and is sent instead of `100 Continue` (RFC 9110 §10.1.1), so a
    /// client whose request will be refused (401, 415, 404) never sends its body. `request`
    /// has an empty body.
    func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse?
}

extension HTTPResponder {
    public func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? { nil }
}
