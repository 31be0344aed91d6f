/// The application on top of the server. Every call runs on an event loop and must not
/// block; the work a `.compute` handling carries runs on a compute worker.
public protocol HTTPApplication: Sendable {
    /// Decides, once, what `request` gets: its answer now, or the work that builds it. The
    /// one call between transport and application for each request: admission, routing,
    /// negotiation and caching happen here, and what they decided travels with the work.
    func handle(_ request: HTTPRequest, context: RequestContext) -> Handling
    /// Builds the answer to a refusal the transport made itself (malformed, timed out, no room).
    func answer(_ refusal: TransportRefusal, context: RequestContext) -> HTTPResponse
    /// Called once per answer, after it has been queued.
    func didAnswer(_ record: AccessRecord)
    /// Asked when a head arrives with `Expect: 100-continue`, before the body is invited: an
    /// answer here is final and is sent instead of `100 Continue` (RFC 9110 §10.1.1), so a
    /// client whose request will be refused (401, 415, 404) never sends its body. `request`
    /// has an empty body.
    func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse?
}

extension HTTPApplication {
    public func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? { nil }
}
