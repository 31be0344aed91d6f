import LoupeHTTP
import LoupePlanner

/// The /v1 API: plans and lifecycle traces. Both need an API key when keys are configured, take a
/// JSON body and answer JSON; the work itself is the planner's (`PlanEndpoint`,
/// `LifecycleEndpoint`), shared with the command line.
enum PlanningRoutes {
    static func all() -> [Route] {
        [
            Route(path: "/v1/plans", requiresAPIKey: true, handlers: ["POST": { request, _ in
                try answer(request, PlanEndpoint.answer)
            }]),
            Route(path: "/v1/lifecycle", requiresAPIKey: true, handlers: ["POST": { request, _ in
                try answer(request, LifecycleEndpoint.answer)
            }]),
        ]
    }

    private static func answer(_ request: HTTPRequest, _ endpoint: ([UInt8]) throws(Problem) -> [UInt8]) throws(Problem) -> HTTPResponse {
        try requireJSON(request)
        let body = try endpoint(request.body)
        return HTTPResponse(status: .ok, contentType: "application/json", body: body)
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
