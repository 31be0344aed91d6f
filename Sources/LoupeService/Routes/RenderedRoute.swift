import LoupeHTTP
import LoupePlanner

/// The HTTP side every /v1 POST shares: the JSON body check, format negotiation, the answer
/// cache, the ETag and `If-None-Match`, caching headers, and the answer in the chosen format.
///
/// Order: 415 (the body is not declared JSON) → 406 (no offered format is acceptable) → a
/// cached answer (200, or 304 when `If-None-Match` names its tag: nothing parsed) → 400 (not
/// JSON) → 304 (`If-None-Match` names this request's tag: nothing is computed) → the
/// endpoint's 422s → 200, or 304 for `If-None-Match: *` now that an answer exists.
enum RenderedRoute {
    /// 200s may be stored but must be revalidated (`no-cache`): revalidation is cheap (the tag
    /// comes from the request, so a 304 costs a hash, not a plan), and it keeps a client from
    /// reusing an answer across a deploy that changed the engine without changing the version.
    static let cacheControl = "no-cache"

    /// The work of one route: the parsed document and the chosen format in, the answer's bytes out.
    typealias Render = @Sendable (_ document: JSONValue, _ format: RenderingFormat) throws(Problem) -> [UInt8]

    /// A route handler for an endpoint with renderings: computes once, renders the chosen
    /// format within the work limits, and keeps the answer in `cache`.
    static func handler<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, limits: WorkLimits, cache: AnswerCache) -> RouteHandler {
        { request, _ in
            try respond(to: request, formats: Endpoint.formats, cache: cache) { document, format throws(Problem) in
                try Endpoint.answer(document, as: format, limits: limits)
            }
        }
    }

    /// Whether the answer to `request` is cached: then it costs a hash and a copy, and is
    /// answered on the event loop rather than queued for a worker.
    static func isCached(_ request: HTTPRequest, formats: [RenderingFormat], cache: AnswerCache) -> Bool {
        guard cache.isEnabled, let negotiation = try? FormatNegotiation(request, offered: formats) else { return false }
        return cache.contains(AnswerCache.key(path: request.path, format: negotiation.format, body: request.body))
    }

    static func respond(to request: HTTPRequest, formats: [RenderingFormat], cache: AnswerCache, render: Render) throws(Problem) -> HTTPResponse {
        try PlanningRoutes.requireJSON(request)
        let negotiation = try FormatNegotiation(request, offered: formats)
        let conditions = request.headers.values("If-None-Match")
        let key = cache.isEnabled ? AnswerCache.key(path: request.path, format: negotiation.format, body: request.body) : nil
        if let key, let cached = cache.lookup(key) {
            let headers = headers(tag: cached.tag, negotiation: negotiation)
            if EntityTag.list(conditions, contains: cached.tag) || EntityTag.isWildcard(conditions) {
                return HTTPResponse(status: .notModified, headers: headers)
            }
            return HTTPResponse(status: .ok, contentType: negotiation.format.contentType, body: cached.body, headers: headers)
        }

        let document = try RequestDocument.parse(request.body)
        let tag = EntityTag(path: request.path, format: negotiation.format, document: document)
        let headers = headers(tag: tag, negotiation: negotiation)
        if EntityTag.list(conditions, contains: tag) { return HTTPResponse(status: .notModified, headers: headers) }
        let body = try render(document, negotiation.format)
        if let key { cache.store(AnswerCache.Entry(body: body, tag: tag), for: key) }
        if EntityTag.isWildcard(conditions) { return HTTPResponse(status: .notModified, headers: headers) }
        return HTTPResponse(status: .ok, contentType: negotiation.format.contentType, body: body, headers: headers)
    }

    private static func headers(tag: EntityTag, negotiation: FormatNegotiation) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.set("ETag", tag.description)
        headers.set("Cache-Control", cacheControl)
        if negotiation.variesOnAccept { headers.add("Vary", "Accept") }
        return headers
    }
}
