import LoupeHTTP
import LoupePlanner

/// A route handler: pure request in, response out. Throwing a `Problem` produces the
/// problem+json answer; anything else thrown is a 500 with no internals leaked.
public typealias RouteHandler = @Sendable (HTTPRequest, RequestContext) throws -> HTTPResponse

/// A route's triage on the event loop (`Placement.triage`): answer a small request at once,
/// or hand the rest of its work to the compute pool. A thrown `Problem` is the answer.
public typealias TriageHandler = @Sendable (HTTPRequest, RequestContext) throws(Problem) -> Triage

/// One path and what each method does on it.
///
/// A class, not a struct: a request looks its route up several times (placement, admission,
/// triage), and handing out a reference is one retain where a copy retained every closure.
public final class Route: Sendable {
    public let path: String
    public let handlers: [String: RouteHandler]
    /// Whether the API-key check applies (the /v1 API; never health or metrics).
    public let requiresAPIKey: Bool
    /// Where the handlers run: the /v1 work on the compute pool, so that probes and metrics,
    /// answered on the event loops, never wait behind it.
    public let placement: Placement
    /// Whether a request placed on the compute pool can be answered on the event loop after
    /// all, because its answer is cached (a look-up, not work).
    public let isAnsweredInline: (@Sendable (HTTPRequest) -> Bool)?
    /// The triage of a POST placed `.triage`.
    public let triage: TriageHandler?
    /// Checks a request's head before its body is read (for `Expect: 100-continue`): the
    /// content type and the format, so a body that would be refused is never sent.
    public let screenHead: (@Sendable (HTTPRequest) throws(Problem) -> Void)?

    public init(
        path: String, requiresAPIKey: Bool = false, placement: Placement = .eventLoop,
        isAnsweredInline: (@Sendable (HTTPRequest) -> Bool)? = nil, triage: TriageHandler? = nil,
        screenHead: (@Sendable (HTTPRequest) throws(Problem) -> Void)? = nil, handlers: [String: RouteHandler]
    ) {
        self.path = path
        self.requiresAPIKey = requiresAPIKey
        self.placement = placement
        self.isAnsweredInline = isAnsweredInline
        self.triage = triage
        self.screenHead = screenHead
        self.handlers = handlers
    }

    /// The methods to list in Allow: the handled ones, HEAD wherever GET is, and OPTIONS.
    public var allowedMethods: [String] {
        var methods = Set(handlers.keys)
        if methods.contains("GET") { methods.insert("HEAD") }
        methods.insert("OPTIONS")
        let order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        return order.filter(methods.contains)
    }

    func handler(for method: String) -> RouteHandler? {
        if let handler = handlers[method] { return handler }
        return method == "HEAD" ? handlers["GET"] : nil
    }
}

/// Fixed paths, matched exactly: Loupe has a handful of endpoints, and an exact match is
/// clearer than any pattern language. They are found by a scan: a few comparisons of short
/// strings (equal lengths first) cost less than hashing the path, and a request looks its
/// route up several times.
public struct Router: Sendable {
    private let routes: [Route]

    /// - Parameter routes: a later route replaces an earlier one with the same path.
    public init(_ routes: [Route]) {
        var unique: [Route] = []
        for route in routes {
            unique.removeAll { $0.path == route.path }
            unique.append(route)
        }
        self.routes = unique
    }

    public func route(for path: String) -> Route? {
        routes.first { $0.path == path }
    }

    /// The metrics label for `path`: the route itself, or "other" for unknown paths.
    public func label(for path: String) -> String {
        route(for: path)?.path ?? "other"
    }
}
