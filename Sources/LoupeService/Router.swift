import LoupeHTTP
import LoupePlanner

/// A route handler: what a request to the route gets, decided once on the event loop: its
/// response, or the work that builds it on the compute pool (`Handling`). Throwing a `Problem`
/// produces the problem+json answer; anything else thrown is a 500 with no internals leaked.
public typealias RouteHandler = @Sendable (HTTPRequest, RequestContext) throws -> Handling

/// One path and what each method does on it.
public struct Route: Sendable {
    public let path: String
    public let handlers: [String: RouteHandler]
    /// Whether the API-key check applies (the /v1 API; never health or metrics).
    public let requiresAPIKey: Bool
    /// Checks a request's head before its body is read (for `Expect: 100-continue`): the
    /// content type and the format, so a body that would be refused is never sent.
    public let screenHead: (@Sendable (HTTPRequest) throws(Problem) -> Void)?

    public init(
        path: String, requiresAPIKey: Bool = false, screenHead: (@Sendable (HTTPRequest) throws(Problem) -> Void)? = nil,
        handlers: [String: RouteHandler]
    ) {
        self.path = path
        self.requiresAPIKey = requiresAPIKey
        self.screenHead = screenHead
        self.handlers = handlers
    }

    /// A handler whose response costs microseconds: built on the event loop.
    public static func inline(_ respond: @escaping @Sendable (HTTPRequest, RequestContext) throws -> HTTPResponse) -> RouteHandler {
        { request, context in .response(try respond(request, context)) }
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
/// strings (equal lengths first) cost less than hashing the path. A request looks its route
/// up once (`LoupeApplication.handle`); the route's path then travels with the response as its
/// label, for the metrics.
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

    /// The metrics label of a request no route has.
    public static let unroutedLabel = "other"
}
