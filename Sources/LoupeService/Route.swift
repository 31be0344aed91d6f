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
    /// The `Accept-Query` field every answer from the route carries (RFC 10008 §3): the media
    /// types its QUERY takes; nil where there is no QUERY.
    public let acceptQuery: String?
    /// Whether a format's name may end the path (`/v1/plans.css` for `/v1/plans?format=css`):
    /// an operation per format, so a client generated from the contract knows what each answers
    /// (a generator reads one media type per operation).
    public let takesFormatSuffix: Bool

    public init(
        path: String, requiresAPIKey: Bool = false, acceptQuery: String? = nil, takesFormatSuffix: Bool = false,
        screenHead: (@Sendable (HTTPRequest) throws(Problem) -> Void)? = nil, handlers: [String: RouteHandler]
    ) {
        self.path = path
        self.requiresAPIKey = requiresAPIKey
        self.acceptQuery = acceptQuery
        self.takesFormatSuffix = takesFormatSuffix
        self.screenHead = screenHead
        self.handlers = handlers
    }

    /// A handler whose answer costs microseconds: built on the event loop.
    public static func inline(_ answer: @escaping @Sendable (HTTPRequest, RequestContext) throws -> HTTPResponse) -> RouteHandler {
        { request, context in .answer(try answer(request, context)) }
    }

    /// The methods to list in Allow: the handled ones, HEAD wherever GET is, and OPTIONS.
    public var allowedMethods: [String] {
        var methods = Set(handlers.keys)
        if methods.contains("GET") { methods.insert("HEAD") }
        methods.insert("OPTIONS")
        let order = ["GET", "HEAD", "POST", "QUERY", "PUT", "PATCH", "DELETE", "OPTIONS"]
        return order.filter(methods.contains)
    }

    /// The segment a path template ends with to take one path segment as its parameter.
    public static let keyParameter = "{key}"

    /// Whether the route answers `path`: its path exactly, or, for a template ending in
    /// `{key}`, its prefix followed by one non-empty segment (no "/").
    func matches(_ path: String) -> Bool {
        guard self.path.hasSuffix(Self.keyParameter) else { return self.path == path }
        let prefix = self.path.utf8.dropLast(Self.keyParameter.utf8.count)
        guard path.utf8.count > prefix.count, path.utf8.starts(with: prefix) else { return false }
        return !path.utf8.dropFirst(prefix.count).contains(UInt8(ascii: "/"))
    }

    func handler(for method: String) -> RouteHandler? {
        if let handler = handlers[method] { return handler }
        return method == "HEAD" ? handlers["GET"] : nil
    }
}
