import LoupeHTTP
import LoupePlanner

/// The /v1 API: plans, lifecycle traces and timelines. Each needs an API key when keys are
/// configured, takes a JSON body and answers in a negotiated format (`RenderedRoute`); the work
/// itself is the planner's (`PlanEndpoint` and `LifecycleEndpoint`, shared with the command line,
/// and `TimelineEndpoint`).
enum PlanningRoutes {
    static func all() -> [Route] {
        [
            Route(path: "/v1/plans", requiresAPIKey: true, handlers: ["POST": RenderedRoute.handler(PlanEndpoint.self)]),
            Route(path: "/v1/lifecycle", requiresAPIKey: true, handlers: ["POST": RenderedRoute.handler(LifecycleEndpoint.self)]),
            Route(path: "/v1/timelines", requiresAPIKey: true, handlers: ["POST": RenderedRoute.handler(TimelineEndpoint.self)]),
        ]
    }

    /// Accepts `application/json` and any `application/*+json`, with parameters such as charset
    /// (RFC 9110 §8.3.1: type and subtype are case-insensitive).
    /// - Throws: `Problem` 415 `unsupportedMediaType` otherwise, including when it is missing.
    static func requireJSON(_ request: HTTPRequest) throws(Problem) {
        let value = request.headers["Content-Type"] ?? ""
        let mediaType = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() } ?? ""
        if mediaType == "application/json" { return }
        if mediaType.hasPrefix("application/"), mediaType.hasSuffix("+json"), mediaType.count > "application/+json".count {
            return
        }
        let given = value.isEmpty ? "no Content-Type" : "Content-Type \"\(String(value.prefix(100)))\""
        throw Problem(.unsupportedMediaType, detail: "Send the body as application/json; the request has \(given).")
    }
}
