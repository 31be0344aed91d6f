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
        // A plan estimates its work from its request (`PlanEndpoint.estimatedWork`), so a plan
        // whose whole work is within the loop's ceiling is built on the event loop; scripts cost
        // what their events ask for, so they always go to the pool (unless cached).
        [
            route("/v1/plans", PlanEndpoint.self, limits: limits, cache: cache, estimatesWork: true),
            route("/v1/lifecycle", LifecycleEndpoint.self, limits: limits, cache: cache, estimatesWork: false),
            route("/v1/timelines", TimelineEndpoint.self, limits: limits, cache: cache, estimatesWork: false)
        ]
    }

    private static func route<Endpoint: RenderedEndpoint>(
        _ path: String, _ endpoint: Endpoint.Type, limits: WorkLimits, cache: AnswerCache, estimatesWork: Bool
    ) -> Route {
        Route(
            path: path, requiresAPIKey: true,
            screenHead: { request throws(Problem) in
                try JSONBody.require(request)
                _ = try FormatNegotiation(request, offered: Endpoint.formats)
            },
            handlers: ["POST": RenderedRoute.handler(endpoint, limits: limits, cache: cache, estimatesWork: estimatesWork)])
    }
}
