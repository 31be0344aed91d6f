import LoupeHTTP
import LoupePlanner

/// The /v1 API: plans, lifecycle traces and timelines. Each needs an API key when keys are
/// configured, takes a JSON body and answers in a negotiated format (`RenderedRoute`); the work
/// itself is the planner's (`PlanEndpoint` and `LifecycleEndpoint`, shared with the command line,
/// and `TimelineEndpoint`).
enum PlanningRoutes {
    /// The routes, each computing on the compute pool within `limits`, and answering repeated
    /// requests from `cache` on the event loop.
    static func all(limits: WorkLimits, cache: AnswerCache) -> [Route] {
        // A plan's computation is bounded small (2,400 keyframes), so a small plan request is
        // triaged on the event loop and only a large rendering goes to the pool; scripts can
        // cost tens of milliseconds to play, so they always go to the pool.
        var plans = route("/v1/plans", PlanEndpoint.self, limits: limits, cache: cache)
        plans.placement = .triage
        plans.triage = RenderedRoute.triage(PlanEndpoint.self, limits: limits, cache: cache)
        return [
            plans,
            route("/v1/lifecycle", LifecycleEndpoint.self, limits: limits, cache: cache),
            route("/v1/timelines", TimelineEndpoint.self, limits: limits, cache: cache),
        ]
    }

    private static func route<Endpoint: RenderedEndpoint>(
        _ path: String, _ endpoint: Endpoint.Type, limits: WorkLimits, cache: AnswerCache
    ) -> Route {
        Route(
            path: path, requiresAPIKey: true, placement: .computePool,
            isAnsweredInline: { request in RenderedRoute.isCached(request, formats: Endpoint.formats, cache: cache) },
            screenHead: { request throws(Problem) in
                try requireJSON(request)
                _ = try FormatNegotiation(request, offered: Endpoint.formats)
            },
            handlers: ["POST": RenderedRoute.handler(endpoint, limits: limits, cache: cache)])
    }

    /// Accepts `application/json` and any `application/*+json`, with parameters such as charset
    /// (RFC 9110 §8.3.1: type and subtype are case-insensitive). JSON is UTF-8 (RFC 8259 §8.1), so a
    /// charset other than utf-8 is refused rather than decoded as if it were UTF-8.
    /// - Throws: `Problem` 415 `unsupportedMediaType` otherwise, including when it is missing.
    static func requireJSON(_ request: HTTPRequest) throws(Problem) {
        let value = request.headers["Content-Type"] ?? ""
        guard let mediaType = MediaType(value), mediaType.isJSON else {
            let given = value.isEmpty ? "no Content-Type" : "Content-Type \"\(String(value.prefix(100)))\""
            throw Problem(.unsupportedMediaType, detail: "Send the body as application/json; the request has \(given).")
        }
        if let charset = mediaType.values(of: "charset").first(where: { $0.lowercased() != "utf-8" }) {
            throw Problem(.unsupportedMediaType, detail: "JSON is UTF-8 (RFC 8259 §8.1): send charset=utf-8 or no charset, not charset \"\(String(charset.prefix(100)))\".")
        }
    }
}
