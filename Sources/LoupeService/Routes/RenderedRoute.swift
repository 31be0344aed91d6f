import LoupeHTTP
import LoupeJSON
import LoupePlanner

/// The HTTP side every /v1 answer shares, however it was asked for (POST, QUERY, or a GET of its
/// address): the JSON body check, format negotiation, the answer cache, the ETag and
/// `If-None-Match`, the caching headers, the answer's address (Content-Location) and the answer in
/// the chosen format.
///
/// Order: 415 (the body is not declared JSON; POST and QUERY) → 406 (no offered format is
/// acceptable) → a cached answer (200, or 304 when `If-None-Match` names its tag: nothing parsed)
/// → 400 (not JSON) → 304 (`If-None-Match` names this request's tag: nothing is computed) → the
/// endpoint's 422s → 200, or 304 for `If-None-Match: *` now that an answer exists. Each step runs
/// once per request; the steps before the work are decided on the event loop, and the work itself
/// runs there only when it is estimated within `WorkEstimate.inlineCeiling`.
enum RenderedRoute {
    /// Bodies up to this size are read on the event loop (a tape and its ETag, about 80 µs at
    /// most) for an endpoint that estimates its work, to decide where the rest runs; larger ones
    /// go to the pool unread. An address holding a larger body is decompressed on the pool too.
    static let inlineBodyBytes = 8 * 1024

    /// What every route of an endpoint shares.
    struct Settings: Sendable {
        var limits: WorkLimits
        var cache: AnswerCache
        var caching: SharedCaching
        var addressing: AnswerAddress
        var maxBodyBytes: Int
        /// Whether the endpoint estimates its work (plans), so a cheap answer is built on the loop.
        var estimatesWork: Bool
    }

    /// What every step after negotiation needs: decided once, on the event loop, and carried
    /// to the pool with the work.
    private struct Exchange: Sendable {
        var request: HTTPRequest
        var asking: SharedCaching.Asking
        var negotiation: FormatNegotiation
        var conditions: [String]
        /// The request as the cache knows it, and its key; nil when the cache is off.
        var cached: (request: AnswerCache.Request, key: Hash128)?
        var settings: Settings
    }

    // MARK: - Handlers

    /// The handler of POST or QUERY on the endpoint's collection (`/v1/plans`): the body is the request.
    static func handler<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, asking: SharedCaching.Asking, settings: Settings) -> RouteHandler {
        { request, _ in
            try JSONBody.require(request)
            return try handling(request, asking: asking, endpoint, settings: settings)
        }
    }

    /// The handler of GET on an address (`/v1/plans/{key}`): the key holds the request
    /// (`AnswerAddress`), answered as if it had been sent to `collection`. A key holding more
    /// than `inlineBodyBytes` is decompressed on the pool.
    static func addressHandler<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, collection: String, settings: Settings) -> RouteHandler {
        { request, _ in
            guard request.target.utf8.count <= settings.addressing.maxBytes else {
                throw Problem(
                    .addressTooLong,
                    detail:
                        "The address is \(request.target.utf8.count) bytes; this server reads addresses up to \(settings.addressing.maxBytes) (--max-address-bytes)."
                )
            }
            let key = Substring(request.path.utf8.dropFirst(collection.utf8.count + 1))
            var inner = request
            inner.path = collection
            guard let body = try bodyOnTheLoop(key, settings: settings) else {
                let collectionRequest = inner
                return .compute {
                    answering { () throws(Problem) in
                        var request = collectionRequest
                        request.body = try AnswerAddress.body(ofKey: key, maxBodyBytes: settings.maxBodyBytes)
                        let exchange = try begin(request, asking: .address, Endpoint.formats, settings: settings)
                        if let cached = cachedResponse(exchange) { return cached }
                        return try respond(to: exchange, endpoint)
                    }
                }
            }
            inner.body = body
            return try handling(inner, asking: .address, endpoint, settings: settings)
        }
    }

    /// The body `key` holds when it is at most `inlineBodyBytes` (decompressing that much costs
    /// microseconds), nil when it holds more and the body limit allows more: that one is
    /// decompressed on the pool.
    private static func bodyOnTheLoop(_ key: Substring, settings: Settings) throws(Problem) -> [UInt8]? {
        do {
            return try AnswerAddress.body(ofKey: key, maxBodyBytes: min(inlineBodyBytes, settings.maxBodyBytes))
        } catch {
            guard error.kind == .addressTooLong, settings.maxBodyBytes > inlineBodyBytes else { throw error }
            return nil
        }
    }

    /// In order, each once: 406, the cache key; a cached answer (or its 304) is answered at once.
    /// Then, for an endpoint that estimates its work (`estimatesWork`: plans) and a body up to
    /// `inlineBodyBytes`, the body is read and its ETag checked here, and the answer is built here
    /// only when the whole of its work is estimated within `WorkEstimate.inlineCeiling` (issue 34
    /// §1); anything else goes to the pool.
    private static func handling<Endpoint: RenderedEndpoint>(
        _ request: HTTPRequest, asking: SharedCaching.Asking, _ endpoint: Endpoint.Type, settings: Settings
    ) throws(Problem) -> Handling {
        let exchange = try begin(request, asking: asking, Endpoint.formats, settings: settings)
        if let cached = cachedResponse(exchange) { return .response(cached) }
        guard settings.estimatesWork, request.body.count <= inlineBodyBytes else {
            return .compute { answering { () throws(Problem) in try respond(to: exchange, endpoint) } }
        }
        // The address (compressing the body) is part of the work: a hostile body compresses slowly.
        let (document, tag) = try parse(exchange)
        let addressing = addressWork(exchange)
        if EntityTag.list(exchange.conditions, contains: tag) {
            guard addressing <= .inlineCeiling else {
                return .compute { notModified(exchange, tag: tag, address: address(exchange, Endpoint.formats)) }
            }
            return .response(notModified(exchange, tag: tag, address: address(exchange, Endpoint.formats)))
        }
        let format = exchange.negotiation.format
        let build = { @Sendable () throws(Problem) -> HTTPResponse in
            let body = try Endpoint.answer(document, as: format, limits: settings.limits)
            return try finish(exchange, tag: tag, address: address(exchange, Endpoint.formats), body: body)
        }
        let work = Endpoint.estimatedWork(of: document, bodyBytes: request.body.count, as: format) + addressing
        guard work <= .inlineCeiling else { return .compute { answering(build) } }
        return .response(try build())
    }

    /// The rest of an exchange whose answer is not cached: parse, 304, compute, render, keep.
    private static func respond<Endpoint: RenderedEndpoint>(to exchange: Exchange, _ endpoint: Endpoint.Type) throws(Problem) -> HTTPResponse {
        let (document, tag) = try parse(exchange)
        let address = address(exchange, Endpoint.formats)
        if EntityTag.list(exchange.conditions, contains: tag) { return notModified(exchange, tag: tag, address: address) }
        let body = try Endpoint.answer(document, as: exchange.negotiation.format, limits: exchange.settings.limits)
        return try finish(exchange, tag: tag, address: address, body: body)
    }

    // MARK: - Steps

    /// 406, then the cache key.
    private static func begin(
        _ request: HTTPRequest, asking: SharedCaching.Asking, _ formats: [RenderingFormat], settings: Settings
    ) throws(Problem) -> Exchange {
        let negotiation = try FormatNegotiation(request, offered: formats)
        var cached: (AnswerCache.Request, Hash128)?
        if settings.cache.isEnabled {
            let identity = AnswerCache.Request(path: request.path, format: negotiation.format, body: request.body)
            cached = (identity, settings.cache.key(identity))
        }
        return Exchange(
            request: request, asking: asking, negotiation: negotiation, conditions: request.headers.values("If-None-Match"), cached: cached,
            settings: settings)
    }

    /// The cached answer (200, or 304 for a matching `If-None-Match`), or nil.
    private static func cachedResponse(_ exchange: Exchange) -> HTTPResponse? {
        guard let identity = exchange.cached, let cached = exchange.settings.cache.lookup(identity.key, for: identity.request) else { return nil }
        let headers = headers(exchange, tag: cached.tag, address: cached.address)
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

    /// The answer's address, for a body that parsed: nil for a GET of one, and when it would be too long.
    private static func address(_ exchange: Exchange, _ formats: [RenderingFormat]) -> String? {
        guard exchange.asking != .address, let defaultFormat = formats.first else { return nil }
        let request = exchange.request
        return exchange.settings.addressing.address(
            collection: request.path, body: request.body, format: exchange.negotiation.format, defaultFormat: defaultFormat)
    }

    /// What making the address will cost (nothing for a GET of one).
    private static func addressWork(_ exchange: Exchange) -> WorkEstimate {
        exchange.asking == .address ? WorkEstimate(microseconds: 0) : AnswerAddress.estimatedWork(bodyBytes: exchange.request.body.count)
    }

    /// The 304 for a request whose `If-None-Match` names its tag: nothing is computed.
    private static func notModified(_ exchange: Exchange, tag: EntityTag, address: String?) -> HTTPResponse {
        HTTPResponse(status: .notModified, headers: headers(exchange, tag: tag, address: address))
    }

    /// Checks the rendered size, keeps the answer in the cache, and answers 200 (or 304 for
    /// `If-None-Match: *`, now that an answer exists).
    private static func finish(_ exchange: Exchange, tag: EntityTag, address: String?, body: [UInt8]) throws(Problem) -> HTTPResponse {
        try exchange.settings.limits.check(body.count, format: exchange.negotiation.format, estimated: false)
        if let identity = exchange.cached {
            exchange.settings.cache.store(AnswerCache.Entry(request: identity.request, body: body, tag: tag, address: address), for: identity.key)
        }
        let headers = headers(exchange, tag: tag, address: address)
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

    /// The headers of a 200 or 304 (RFC 9110 §15.4.5: a 304 carries what the 200 would have of
    /// ETag, Cache-Control, Vary and Content-Location).
    private static func headers(_ exchange: Exchange, tag: EntityTag, address: String?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.set("ETag", tag.description)
        let caching = exchange.settings.caching
        headers.set("Cache-Control", caching.cacheControl(exchange.asking))
        if exchange.negotiation.variesOnAccept { headers.add("Vary", "Accept") }
        if caching.variesOnAuthorization(exchange.asking) { headers.add("Vary", "Authorization") }
        if let address, exchange.asking != .address { headers.set("Content-Location", address) }
        return headers
    }
}
