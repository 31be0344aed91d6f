import LoupeHTTP
import LoupeJSON
import LoupePlanner

/// The HTTP side every /v1 POST shares: the JSON body check, format negotiation, the answer
/// cache, the ETag and `If-None-Match`, caching headers, and the answer in the chosen format.
///
/// Order: 415 (the body is not declared JSON) → 406 (no offered format is acceptable) → a
/// cached answer (200, or 304 when `If-None-Match` names its tag: nothing parsed) → 400 (not
/// JSON) → 304 (`If-None-Match` names this request's tag: nothing is computed) → the
/// endpoint's 422s → 200, or 304 for `If-None-Match: *` now that an answer exists. Each step
/// runs once per request; the steps before the work are decided on the event loop, and the work
/// itself runs there only when it is estimated within `WorkEstimate.inlineCeiling`.
enum RenderedRoute {
    /// 200s may be stored but must be revalidated (`no-cache`): revalidation is cheap (the tag
    /// comes from the request, so a 304 costs a hash, not a plan), and it keeps a client from
    /// reusing an answer across a deploy that changed the engine without changing the version.
    static let cacheControl = "no-cache"

    /// Bodies up to this size are read on the event loop (a tape and its ETag, about 80 µs at
    /// most) for an endpoint that estimates its work, to decide where the rest runs; larger ones
    /// go to the pool unread.
    static let inlineBodyBytes = 8 * 1024

    /// What every step after negotiation needs: decided once, on the event loop, and carried
    /// to the pool with the work.
    private struct Exchange: Sendable {
        var request: HTTPRequest
        var negotiation: FormatNegotiation
        var conditions: [String]
        /// The request as the cache knows it, and its key; nil when the cache is off.
        var cached: (request: AnswerCache.Request, key: Hash128)?
        var cache: AnswerCache
    }

    /// A route handler for an endpoint with renderings. In order, each once: 415, 406, the cache
    /// key; a cached answer (or its 304) is answered at once. Then, for an endpoint that estimates
    /// its work (`estimatesWork`: plans) and a body up to `inlineBodyBytes`, the body is read and
    /// its ETag checked here, and the answer is built here only when the whole of its work is
    /// estimated within `WorkEstimate.inlineCeiling` (issue 34 §1); anything else goes to the
    /// pool. The work within `limits`, the answer kept in `cache`.
    static func handler<Endpoint: RenderedEndpoint>(
        _ endpoint: Endpoint.Type, limits: WorkLimits, cache: AnswerCache, estimatesWork: Bool
    ) -> RouteHandler {
        { request, _ in
            let exchange = try begin(request, formats: Endpoint.formats, cache: cache)
            if let cached = cachedResponse(exchange) { return .response(cached) }
            guard estimatesWork, request.body.count <= inlineBodyBytes else {
                return .compute { answering { () throws(Problem) in try respond(to: exchange, endpoint, limits: limits) } }
            }
            let (document, tag) = try parse(exchange)
            if let notModified = notModified(exchange, tag: tag) { return .response(notModified) }
            let format = exchange.negotiation.format
            let build = { @Sendable () throws(Problem) -> HTTPResponse in
                try finish(exchange, tag: tag, body: Endpoint.answer(document, as: format, limits: limits), limits: limits)
            }
            guard Endpoint.estimatedWork(of: document, bodyBytes: request.body.count, as: format) <= .inlineCeiling else {
                return .compute { answering(build) }
            }
            return .response(try build())
        }
    }

    /// The rest of an exchange whose answer is not cached: parse, 304, compute, render, keep.
    private static func respond<Endpoint: RenderedEndpoint>(
        to exchange: Exchange, _ endpoint: Endpoint.Type, limits: WorkLimits
    ) throws(Problem) -> HTTPResponse {
        let (document, tag) = try parse(exchange)
        if let notModified = notModified(exchange, tag: tag) { return notModified }
        return try finish(exchange, tag: tag, body: Endpoint.answer(document, as: exchange.negotiation.format, limits: limits), limits: limits)
    }

    // MARK: - Steps

    /// 415, then 406, then the cache key.
    private static func begin(_ request: HTTPRequest, formats: [RenderingFormat], cache: AnswerCache) throws(Problem) -> Exchange {
        try JSONBody.require(request)
        let negotiation = try FormatNegotiation(request, offered: formats)
        var cached: (AnswerCache.Request, Hash128)?
        if cache.isEnabled {
            let identity = AnswerCache.Request(path: request.path, format: negotiation.format, body: request.body)
            cached = (identity, cache.key(identity))
        }
        return Exchange(
            request: request, negotiation: negotiation, conditions: request.headers.values("If-None-Match"), cached: cached, cache: cache)
    }

    /// The cached answer (200, or 304 for a matching `If-None-Match`), or nil.
    private static func cachedResponse(_ exchange: Exchange) -> HTTPResponse? {
        guard let identity = exchange.cached, let cached = exchange.cache.lookup(identity.key, for: identity.request) else { return nil }
        let headers = headers(tag: cached.tag, negotiation: exchange.negotiation)
        if EntityTag.list(exchange.conditions, contains: cached.tag) || EntityTag.isWildcard(exchange.conditions) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        return HTTPResponse(status: .ok, contentType: exchange.negotiation.format.contentType, body: cached.body, headers: headers)
    }

    /// 400 for a body that is not JSON; else the document and its tag.
    private static func parse(_ exchange: Exchange) throws(Problem) -> (JSONDocument, EntityTag) {
        let document = try RequestDocument.parse(exchange.request.body)
        return (document, EntityTag(path: exchange.request.path, format: exchange.negotiation.format, document: document))
    }

    /// 304 when `If-None-Match` names the tag: nothing is computed.
    private static func notModified(_ exchange: Exchange, tag: EntityTag) -> HTTPResponse? {
        guard EntityTag.list(exchange.conditions, contains: tag) else { return nil }
        return HTTPResponse(status: .notModified, headers: headers(tag: tag, negotiation: exchange.negotiation))
    }

    /// Checks the rendered size, keeps the answer in the cache, and answers 200 (or 304 for
    /// `If-None-Match: *`, now that an answer exists).
    private static func finish(_ exchange: Exchange, tag: EntityTag, body: [UInt8], limits: WorkLimits) throws(Problem) -> HTTPResponse {
        try limits.check(body.count, format: exchange.negotiation.format, estimated: false)
        if let identity = exchange.cached {
            exchange.cache.store(AnswerCache.Entry(request: identity.request, body: body, tag: tag), for: identity.key)
        }
        let headers = headers(tag: tag, negotiation: exchange.negotiation)
        if EntityTag.isWildcard(exchange.conditions) { return HTTPResponse(status: .notModified, headers: headers) }
        return HTTPResponse(status: .ok, contentType: exchange.negotiation.format.contentType, body: body, headers: headers)
    }

    /// The answer of `step`, or of the problem it throws.
    private static func answering(_ step: () throws(Problem) -> HTTPResponse) -> HTTPResponse {
        do {
            return try step()
        } catch {
            return error.response()
        }
    }

    private static func headers(tag: EntityTag, negotiation: FormatNegotiation) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.set("ETag", tag.description)
        headers.set("Cache-Control", cacheControl)
        if negotiation.variesOnAccept { headers.add("Vary", "Accept") }
        return headers
    }
}
