import LoupeHTTP
import LoupePlanner

/// A route handler: what a request to the route gets, decided once on the event loop: its
/// answer, or the work that builds it on the compute pool (`Handling`). Throwing a `Problem`
/// produces the problem+json answer; anything else thrown is a 500 with no internals leaked.
public typealias RouteHandler = @Sendable (HTTPRequest, RequestContext) throws -> Handling
