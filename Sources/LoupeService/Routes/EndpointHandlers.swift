import LoupeHTTP
import LoupeJSON
import LoupePlanner

/// The route handlers of each /v1 endpoint (POST and QUERY on its collection, GET of an answer's
/// address), and the HTTP side every /v1 answer shares however it was asked for: the JSON body
/// check, format negotiation, the answer cache, the ETag and `If-None-Match`, the caching headers,
/// the answer's address (Content-Location) and the answer in the chosen format.
///
/// Order: 415 (the body is not declared JSON; POST and QUERY) → 406 (no offered format is
/// acceptable) → a cached answer (200, or 304 when `If-None-Match` names its tag: nothing parsed)
/// → 400 (not JSON) → 304 (`If-None-Match` names this request's tag: nothing is computed) → the
/// endpoint's 422s → 200, or 304 for `If-None-Match: *` now that an answer exists. Each step runs
/// once per request, in one sequence wherever it runs (`Place`): on the event loop as far as each
/// step is cheap enough for it, the work itself only when it is estimated within
/// `WorkEstimate.inlineCeiling`, and the rest on the pool.
enum EndpointHandlers {
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
        /// Whether the endpoint estimates its work (plans), so a cheap answer is built on the loop.
        var estimatesWork: Bool
    }

    /// A request with its format negotiated and its cache key made: what every step after
    /// negotiation needs, decided once, on the event loop, and carried to the pool with the work.
    private struct NegotiatedRequest: Sendable {
        var request: HTTPRequest
        var asking: SharedCaching.Asking
        var negotiation: FormatNegotiation
        var conditions: [String]
        /// The request as the cache knows it, and its key; nil when the cache is off.
        var cached: (request: AnswerCache.Request, key: Hash128)?
        var settings: Settings
    }

    /// The body read into a document, and the ETag derived from it when `If-None-Match` needs it
    /// before the answer does (otherwise it is derived for the 200 alone: a request refused with
    /// a 422 never pays for the canonical form of its body).
    private typealias Parsed = (document: JSONDocument, tag: EntityTag?)

    /// Where the steps of an answer run.
    private enum Place {
        /// The event loop, which holds every connection it owns while it works: only steps that
        /// cost microseconds run here, and the first that costs more moves itself and the rest to
        /// the pool.
        case eventLoop
        /// A compute worker: every step runs.
        case pool

        /// Whether a step estimated at `work` runs here (estimated only on the loop).
        func runs(_ work: @autoclosure () -> WorkEstimate) -> Bool {
            self == .pool || work() <= .inlineCeiling
        }
    }

    // MARK: - Handlers

    /// The handler of POST or QUERY on the endpoint's collection (`/v1/plans`): the body is the request.
    static func collectionHandler<Endpoint: RenderedEndpoint>(
        _ endpoint: Endpoint.Type, asking: SharedCaching.Asking, settings: Settings
    ) -> RouteHandler {
        { request, _ in
            try JSONBody.require(request)
            return try handling(request, asking: asking, endpoint, settings: settings, on: .eventLoop)
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
                return onPool { () throws(Problem) in
                    var request = collectionRequest
                    request.body = try AnswerAddress.body(ofKey: key, maxBodyBytes: settings.addressing.maxBodyBytes)
                    return try handling(request, asking: .address, endpoint, settings: settings, on: .pool)
                }
            }
            inner.body = body
            return try handling(inner, asking: .address, endpoint, settings: settings, on: .eventLoop)
        }
    }

    /// The body `key` holds when it is at most `inlineBodyBytes` (decompressing that much costs
    /// microseconds), nil when it holds more and the address body limit allows more: that one is
    /// decompressed on the pool.
    private static func bodyOnTheLoop(_ key: Substring, settings: Settings) throws(Problem) -> [UInt8]? {
        do {
            return try AnswerAddress.body(ofKey: key, maxBodyBytes: min(inlineBodyBytes, settings.addressing.maxBodyBytes))
        } catch {
            guard error.kind == .addressTooLong, settings.addressing.maxBodyBytes > inlineBodyBytes else { throw error }
            return nil
        }
    }

    // MARK: - The one sequence

    /// 406 and the cache key, then a cached answer (or its 304) at once; else the steps of an
    /// answer the cache does not hold (`uncached`).
    private static func handling<Endpoint: RenderedEndpoint>(
        _ request: HTTPRequest, asking: SharedCaching.Asking, _ endpoint: Endpoint.Type, settings: Settings, on place: Place
    ) throws(Problem) -> Handling {
        let negotiated = try negotiate(request, asking: asking, Endpoint.formats, settings: settings)
        if let cached = cachedAnswer(negotiated) { return .answer(cached) }
        return try uncached(negotiated, endpoint, on: place)
    }

    /// In order, each once: 400 and the ETag, 304 (nothing computed), the endpoint's answer and
    /// its 422s, then 200 (or 304 for `If-None-Match: *`). On the event loop the body is read only
    /// for an endpoint that estimates its work (`estimatesWork`: plans) and a body up to
    /// `inlineBodyBytes`, and a 304 or an answer is built only when its whole work, the address
    /// included, is estimated within `WorkEstimate.inlineCeiling` (issue 34 §1). The first step
    /// that costs more goes to the pool with what is done (`parsed`), where the same steps run on.
    private static func uncached<Endpoint: RenderedEndpoint>(
        _ negotiated: NegotiatedRequest, parsed: Parsed? = nil, _ endpoint: Endpoint.Type, on place: Place
    ) throws(Problem) -> Handling {
        let bodyBytes = negotiated.request.body.count
        guard place == .pool || (negotiated.settings.estimatesWork && bodyBytes <= inlineBodyBytes) else {
            return onPool(negotiated, parsed: nil, endpoint)
        }
        let parsed = if let parsed { parsed } else { try parse(negotiated) }
        // The address (compressing the body) is part of the work: a hostile body compresses slowly.
        let addressWork = addressWork(negotiated)
        if let tag = parsed.tag, EntityTag.list(negotiated.conditions, contains: tag) {
            guard place.runs(addressWork) else { return onPool(negotiated, parsed: parsed, endpoint) }
            return .answer(notModified(negotiated, tag: tag, address: address(negotiated, Endpoint.formats)))
        }
        let format = negotiated.negotiation.format
        // Screened from the tape (work over the ceiling is refused before anything is decoded),
        // then decoded once, for the estimate and the answer. A request that does not decode is
        // estimated unbounded, so its 422 is written on the pool.
        let decoded = Result { () throws(Problem) in
            try Endpoint.screen(parsed.document, as: format, limits: negotiated.settings.limits)
            return try Endpoint.decode(parsed.document)
        }
        let work = (try? decoded.get()).map { Endpoint.estimatedWork(of: $0, bodyBytes: bodyBytes, as: format) } ?? .unbounded
        guard place.runs(work + addressWork) else {
            return onPool(negotiated, parsed: parsed, endpoint)
        }
        let body = try Endpoint.answer(try decoded.get(), as: format, limits: negotiated.settings.limits)
        let tag = parsed.tag ?? tag(negotiated, parsed.document)
        return .answer(try finish(negotiated, tag: tag, address: address(negotiated, Endpoint.formats), body: body))
    }

    /// `uncached`'s steps from `parsed` on, run on the pool.
    private static func onPool<Endpoint: RenderedEndpoint>(
        _ negotiated: NegotiatedRequest, parsed: Parsed?, _ endpoint: Endpoint.Type
    ) -> Handling {
        onPool { () throws(Problem) in try uncached(negotiated, parsed: parsed, endpoint, on: .pool) }
    }

    /// `steps` run on the pool, where every step runs, so they end in an answer.
    private static func onPool(_ steps: @escaping @Sendable () throws(Problem) -> Handling) -> Handling {
        .compute {
            answering { () throws(Problem) -> HTTPResponse in
                switch try steps() {
                case .answer(let response): return response
                case .compute(let work): return work()  // Not reached: no step leaves the pool.
                }
            }
        }
    }

    /// The answer of `step`, or of the problem it throws.
    private static func answering(_ step: () throws(Problem) -> HTTPResponse) -> HTTPResponse {
        do {
            return try step()
        } catch {
            return error.response()
        }
    }

    // MARK: - Steps

    /// 406, then the cache key.
    private static func negotiate(
        _ request: HTTPRequest, asking: SharedCaching.Asking, _ formats: [RenderingFormat], settings: Settings
    ) throws(Problem) -> NegotiatedRequest {
        let negotiation = try FormatNegotiation(request, offered: formats)
        var cached: (AnswerCache.Request, Hash128)?
        if settings.cache.isEnabled {
            let identity = AnswerCache.Request(path: request.path, format: negotiation.format, body: request.body)
            cached = (identity, settings.cache.key(identity))
        }
        return NegotiatedRequest(
            request: request, asking: asking, negotiation: negotiation, conditions: request.headers.values("If-None-Match"), cached: cached,
            settings: settings)
    }

    /// The cached answer (200, or 304 for a matching `If-None-Match`), or nil.
    private static func cachedAnswer(_ negotiated: NegotiatedRequest) -> HTTPResponse? {
        guard let identity = negotiated.cached, let cached = negotiated.settings.cache.lookup(identity.key, for: identity.request) else {
            return nil
        }
        let headers = headers(negotiated, tag: cached.tag, address: cached.address)
        if EntityTag.list(negotiated.conditions, contains: cached.tag) || EntityTag.isWildcard(negotiated.conditions) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        return HTTPResponse(status: .ok, contentType: negotiated.negotiation.format.contentType, body: cached.body, headers: headers)
    }

    /// 400 for a body that is not JSON; else the document, and its tag when `If-None-Match`
    /// may name it.
    private static func parse(_ negotiated: NegotiatedRequest) throws(Problem) -> Parsed {
        let document = try RequestDocument.parse(negotiated.request.body)
        return (document, negotiated.conditions.isEmpty ? nil : tag(negotiated, document))
    }

    /// The request's ETag: its canonical body, path, format and the release.
    private static func tag(_ negotiated: NegotiatedRequest, _ document: JSONDocument) -> EntityTag {
        EntityTag(path: negotiated.request.path, format: negotiated.negotiation.format, document: document)
    }

    /// The answer's address, for a body that parsed: nil for a GET of one, and when it would be too long.
    private static func address(_ negotiated: NegotiatedRequest, _ formats: [RenderingFormat]) -> String? {
        guard negotiated.asking != .address, let defaultFormat = formats.first else { return nil }
        let request = negotiated.request
        return negotiated.settings.addressing.address(
            collection: request.path, body: request.body, format: negotiated.negotiation.format, defaultFormat: defaultFormat)
    }

    /// What making the address will cost (nothing for a GET of one).
    private static func addressWork(_ negotiated: NegotiatedRequest) -> WorkEstimate {
        negotiated.asking == .address ? WorkEstimate(microseconds: 0) : AnswerAddress.estimatedWork(bodyBytes: negotiated.request.body.count)
    }

    /// The 304 for a request whose `If-None-Match` names its tag: nothing is computed.
    private static func notModified(_ negotiated: NegotiatedRequest, tag: EntityTag, address: String?) -> HTTPResponse {
        HTTPResponse(status: .notModified, headers: headers(negotiated, tag: tag, address: address))
    }

    /// Checks the rendered size, keeps the answer in the cache, and answers 200 (or 304 for
    /// `If-None-Match: *`, now that an answer exists).
    private static func finish(_ negotiated: NegotiatedRequest, tag: EntityTag, address: String?, body: [UInt8]) throws(Problem) -> HTTPResponse {
        try negotiated.settings.limits.check(body.count, format: negotiated.negotiation.format, estimated: false)
        if let identity = negotiated.cached {
            negotiated.settings.cache.store(AnswerCache.Entry(request: identity.request, body: body, tag: tag, address: address), for: identity.key)
        }
        let headers = headers(negotiated, tag: tag, address: address)
        if EntityTag.isWildcard(negotiated.conditions) { return HTTPResponse(status: .notModified, headers: headers) }
        return HTTPResponse(status: .ok, contentType: negotiated.negotiation.format.contentType, body: body, headers: headers)
    }

    /// The headers of a 200 or 304 (RFC 9110 §15.4.5: a 304 carries what the 200 would have of
    /// ETag, Cache-Control, Vary and Content-Location).
    private static func headers(_ negotiated: NegotiatedRequest, tag: EntityTag, address: String?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.set("ETag", tag.description)
        let caching = negotiated.settings.caching
        headers.set("Cache-Control", caching.cacheControl(negotiated.asking))
        if negotiated.negotiation.variesOnAccept { headers.addListMember("Vary", "Accept") }
        if caching.variesOnAuthorization(negotiated.asking) { headers.addListMember("Vary", "Authorization") }
        if let address, negotiated.asking != .address { headers.set("Content-Location", address) }
        if let warning = IgnoredQueryParameters.warning(for: negotiated.request) { headers.set(IgnoredQueryParameters.header, warning) }
        return headers
    }
}
