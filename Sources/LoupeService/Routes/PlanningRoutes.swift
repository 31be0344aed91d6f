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
        // computed on the event loop and only a large rendering goes to the pool; scripts can
        // cost tens of milliseconds to play, so they always go to the pool (unless cached).
        [
            route("/v1/plans", PlanEndpoint.self, limits: limits, cache: cache, inlineWork: true),
            route("/v1/lifecycle", LifecycleEndpoint.self, limits: limits, cache: cache, inlineWork: false),
            route("/v1/timelines", TimelineEndpoint.self, limits: limits, cache: cache, inlineWork: false)
        ]
    }

    private static func route<Endpoint: RenderedEndpoint>(
        _ path: String, _ endpoint: Endpoint.Type, limits: WorkLimits, cache: AnswerCache, inlineWork: Bool
    ) -> Route {
        Route(
            path: path, requiresAPIKey: true,
            screenHead: { request throws(Problem) in
                try JSONBody.require(request)
                _ = try FormatNegotiation(request, offered: Endpoint.formats)
            },
            handlers: ["POST": RenderedRoute.handler(endpoint, limits: limits, cache: cache, inlineWork: inlineWork)])
    }
}
