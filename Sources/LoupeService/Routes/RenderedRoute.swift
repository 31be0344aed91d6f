import LoupeHTTP
import LoupePlanner

/// The HTTP side every /v1 POST shares: the JSON body check, format negotiation, the ETag and
/// `If-None-Match`, caching headers, and the answer in the chosen format.
///
/// Order: 415 (the body is not declared JSON) → 406 (no offered format is acceptable) → 400
/// (not JSON) → 304 (`If-None-Match` names this request's tag: nothing is computed) → the
/// endpoint's 422s → 200, or 304 for `If-None-Match: *` now that an answer exists.
///
/// A route is one line: `RenderedRoute.handler(PlanEndpoint.self)` for an endpoint with
/// renderings, or `RenderedRoute.handler(json: SomeEndpoint.answer)` for a JSON-only one.
enum RenderedRoute {
    /// 200s may be stored but must be revalidated (`no-cache`): revalidation is cheap (the tag
    /// comes from the request, so a 304 costs a hash, not a plan), and it keeps a client from
    /// reusing an answer across a deploy that changed the engine without changing the version.
    static let cacheControl = "no-cache"

    /// The work of one route: the raw body, the parsed document and the chosen format in, the
    /// answer's bytes out.
    typealias Render = @Sendable (_ body: [UInt8], _ document: JSONValue, _ format: RenderingFormat) throws(Problem) -> [UInt8]

    /// A route for an endpoint with renderings: computes once, renders the chosen format,
    /// within the work limits.
    static func handler<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, limits: WorkLimits) -> RouteHandler {
        handler(formats: Endpoint.formats) { _, document, format throws(Problem) in
            try Endpoint.answer(document, as: format, limits: limits)
        }
    }

    /// A route for a JSON-only endpoint that takes the body itself (it parses it again; request
    /// bodies are small next to the work).
    static func handler(json answer: @escaping @Sendable ([UInt8]) throws(Problem) -> [UInt8]) -> RouteHandler {
        handler(formats: [.json]) { body, _, _ throws(Problem) in try answer(body) }
    }

    static func handler(formats: [RenderingFormat], render: @escaping Render) -> RouteHandler {
        { request, _ in try respond(to: request, formats: formats, render: render) }
    }

    static func respond(to request: HTTPRequest, formats: [RenderingFormat], render: Render) throws(Problem) -> HTTPResponse {
        try PlanningRoutes.requireJSON(request)
        let negotiation = try FormatNegotiation(request, offered: formats)
        let document = try RequestDocument.parse(request.body)
        let tag = EntityTag(path: request.path, format: negotiation.format, document: document)
        var headers = HTTPHeaders()
        headers.set("ETag", tag.description)
        headers.set("Cache-Control", cacheControl)
        if negotiation.variesOnAccept { headers.add("Vary", "Accept") }

        let conditions = request.headers.values("If-None-Match")
        if EntityTag.list(conditions, contains: tag) { return HTTPResponse(status: .notModified, headers: headers) }
        let body = try render(request.body, document, negotiation.format)
        if EntityTag.isWildcard(conditions) { return HTTPResponse(status: .notModified, headers: headers) }
        return HTTPResponse(status: .ok, contentType: negotiation.format.contentType, body: body, headers: headers)
    }
}
