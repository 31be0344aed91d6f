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
/// once per request, in one sequence wherever it runs (`Placement`): on the event loop as far as
/// each step is cheap enough for it, the work itself only when it is estimated within
/// `InlineWork.ceiling`, and the rest on the pool.
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

    /// How far an answer got before its steps moved to the pool: the request, and its body
    /// read when it was.
    private typealias StepsDone = (negotiated: NegotiatedRequest, parsed: Parsed?)

    /// The event loop, which holds every connection it owns while it works: only steps that cost
    /// microseconds run here (`InlineWork`), and the first that costs more moves itself and the
    /// rest to the pool.
    private static func onTheLoop<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type) -> Placement<StepsDone, Handling> {
        Placement(
            answered: { .answer($0) },
            moving: { progress in
                .compute {
                    answering { () throws(Problem) in try uncached(progress.negotiated, parsed: progress.parsed, endpoint, placed: onThePool) }
                }
            })
    }

    /// A compute worker: every step runs.
    private static let onThePool = Placement<StepsDone, HTTPResponse>(answered: { $0 }, moving: nil)

    // MARK: - Handlers

    /// The handler of POST or QUERY on the endpoint's collection (`/v1/plans`): the body is the request.
    static func collectionHandler<Endpoint: RenderedEndpoint>(
        _ endpoint: Endpoint.Type, asking: SharedCaching.Asking, settings: Settings
    ) -> RouteHandler {
        { request, _ in
            try JSONBody.require(request)
            return try handling(request, asking: asking, endpoint, settings: settings, placed: onTheLoop(endpoint))
        }
    }

    /// The handler of GET on an address (`/v1/plans/{key}`): the key holds the request
    /// (`AnswerAddress`), answered as if it had been sent to `collection`. A key holding more
    /// than `inlineBodyBytes` (and within the address body limit) is decompressed on the pool.
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
            let maxBodyBytes = settings.addressing.maxBodyBytes
            switch try AnswerAddress.contents(ofKey: key, upTo: min(inlineBodyBytes, maxBodyBytes)) {
            case .body(let body):
                inner.body = body
                return try handling(inner, asking: .address, endpoint, settings: settings, placed: onTheLoop(endpoint))
            case .longer where maxBodyBytes > inlineBodyBytes:
                let collectionRequest = inner
                return .compute {
                    answering { () throws(Problem) in
                        var request = collectionRequest
                        request.body = try AnswerAddress.body(ofKey: key, maxBodyBytes: maxBodyBytes)
                        return try handling(request, asking: .address, endpoint, settings: settings, placed: onThePool)
                    }
                }
            case .longer:
                throw AnswerAddress.tooLong(maxBodyBytes: maxBodyBytes)
            }
        }
    }

    // MARK: - The one sequence

    /// 406 and the cache key, then a cached answer (or its 304) at once; else the steps of an
    /// answer the cache does not hold (`uncached`).
    private static func handling<Endpoint: RenderedEndpoint, Outcome>(
        _ request: HTTPRequest, asking: SharedCaching.Asking, _ endpoint: Endpoint.Type, settings: Settings,
        placed placement: Placement<StepsDone, Outcome>
    ) throws(Problem) -> Outcome {
        let negotiated = try negotiate(request, asking: asking, Endpoint.formats, settings: settings)
        if let cached = cachedAnswer(negotiated) { return placement.answered(cached) }
        return try uncached(negotiated, endpoint, placed: placement)
    }

    /// In order, each once: 400 and the ETag, 304 (nothing computed), the endpoint's answer and
    /// its 422s, then 200 (or 304 for `If-None-Match: *`). On the event loop the body is read only
    /// for an endpoint that estimates its work (`estimatesWork`: plans) and a body up to
    /// `inlineBodyBytes`, and a 304 or an answer is built only when its whole work, the address
    /// included, is estimated within `InlineWork.ceiling` (issue 34 §1). The first step that costs
    /// more moves to the pool with what is done (`StepsDone`), where the same steps run on.
    private static func uncached<Endpoint: RenderedEndpoint, Outcome>(
        _ negotiated: NegotiatedRequest, parsed: Parsed? = nil, _ endpoint: Endpoint.Type, placed placement: Placement<StepsDone, Outcome>
    ) throws(Problem) -> Outcome {
        let bodyBytes = negotiated.request.body.count
        let readingWork =
            negotiated.settings.estimatesWork && bodyBytes <= inlineBodyBytes ? WorkEstimate.reading(bodyBytes: bodyBytes) : .unbounded
        if parsed == nil, let moved = placement.moved((negotiated, nil), ifOver: readingWork) { return moved }
        let parsed = if let parsed { parsed } else { try parse(negotiated) }
        // The address (compressing the body) is part of the work: a hostile body compresses slowly.
        let addressWork = addressWork(negotiated)
        if let tag = parsed.tag, EntityTag.list(negotiated.conditions, contains: tag) {
            if let moved = placement.moved((negotiated, parsed), ifOver: addressWork) { return moved }
            return placement.answered(notModified(negotiated, tag: tag, address: address(negotiated, Endpoint.formats)))
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
        if let moved = placement.moved((negotiated, parsed), ifOver: work + addressWork) { return moved }
        let body = try Endpoint.answer(try decoded.get(), as: format, limits: negotiated.settings.limits)
        let tag = parsed.tag ?? tag(negotiated, parsed.document)
        return placement.answered(try finish(negotiated, tag: tag, address: address(negotiated, Endpoint.formats), body: body))
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
