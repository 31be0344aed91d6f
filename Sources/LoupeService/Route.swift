import LoupeHTTP
import LoupePlanner

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

    /// A handler whose answer costs microseconds: built on the event loop.
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
