import LoupeHTTP
import LoupePlanner

/// The /v1 API: plans, lifecycle traces, timelines and conformance verdicts. Each needs an API key when keys are
/// configured, takes a JSON body with POST or QUERY (RFC 10008: safe and idempotent, so caches
/// may key on it and proxies may retry it) and answers in a negotiated format; each answer has a
/// GET address under its collection (`/v1/plans/{key}`, `AnswerAddress`) that any replica
/// answers the same. The handlers and the HTTP side are `EndpointHandlers`'s; the work itself is the planner's
/// (`PlanEndpoint` and `LifecycleEndpoint`, shared with the command line, and `TimelineEndpoint`).
enum PlanningRoutes {
    /// The media type QUERY takes, advertised in `Accept-Query` (RFC 10008 §3; a structured-field
    /// list, in which `application/json` is a token).
    static let acceptQuery = "application/json"

    /// The routes, each computing on the compute pool within the configured limits, and answering
    /// repeated requests from the service's answer cache on the event loop.
    static func all(state: ServiceState) -> [Route] {
        let configuration = state.configuration
        // A plan estimates its work from its request (`PlanEndpoint.estimatedWork`), so a plan
        // whose whole work is within the loop's ceiling is built on the event loop; scripts cost
        // what their events ask for, so they always go to the pool (unless cached).
        func settings(estimatesWork: Bool) -> EndpointHandlers.Settings {
            EndpointHandlers.Settings(
                limits: configuration.workLimits, cache: state.answerCache,
                caching: SharedCaching(seconds: configuration.sharedCacheSeconds, keyed: !configuration.apiKeys.isEmpty),
                addressing: AnswerAddress(
                    maxBytes: configuration.maxAddressBytes,
                    maxBodyBytes: min(configuration.maxAddressBodyBytes, configuration.server.limits.maxBodyBytes)),
                estimatesWork: estimatesWork)
        }
        return routes("/v1/plans", PlanEndpoint.self, settings: settings(estimatesWork: true))
            + routes("/v1/lifecycle", LifecycleEndpoint.self, settings: settings(estimatesWork: false))
            + routes("/v1/timelines", TimelineEndpoint.self, settings: settings(estimatesWork: false))
            + routes("/v1/conformance", ConformanceEndpoint.self, settings: settings(estimatesWork: false))
    }

    /// The collection (POST and QUERY) and its addresses (GET).
    private static func routes<Endpoint: RenderedEndpoint>(
        _ path: String, _ endpoint: Endpoint.Type, settings: EndpointHandlers.Settings
    ) -> [Route] {
        [
            Route(
                path: path, requiresAPIKey: true, acceptQuery: acceptQuery, takesFormatSuffix: true,
                screenHead: { request throws(Problem) in
                    try JSONBody.require(request)
                    _ = try FormatNegotiation(request, offered: Endpoint.formats)
                },
                handlers: [
                    "POST": EndpointHandlers.collectionHandler(endpoint, asking: .post, settings: settings),
                    "QUERY": EndpointHandlers.collectionHandler(endpoint, asking: .query, settings: settings)
                ]),
            Route(
                path: path + "/" + Route.keyParameter, requiresAPIKey: true, takesFormatSuffix: true,
                screenHead: { request throws(Problem) in _ = try FormatNegotiation(request, offered: Endpoint.formats) },
                handlers: ["GET": EndpointHandlers.addressHandler(endpoint, collection: path, settings: settings)])
        ]
    }
}
