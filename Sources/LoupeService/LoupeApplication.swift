import LoupeHTTP
import LoupePlanner

/// The service: routes, access control, CORS, metrics and logs around the planner.
///
/// It is the `HTTPApplication` the server calls on its event loops, once per request
/// (`handle`). It holds no per-request state, so any number of instances behind a load
/// balancer answer identically.
public final class LoupeApplication: HTTPApplication {
    public let configuration: ServiceConfiguration
    public let state: ServiceState
    public var logger: Logger { state.logger }
    private let cors: CORSPolicy
    private let apiKeys: APIKeys
    private let router: Router

    public convenience init(configuration: ServiceConfiguration, logger: Logger) {
        self.init(configuration: configuration, logger: logger, cacheKeying: nil)
    }

    /// - Parameter cacheKeying: how the answer cache keys a request; nil: MurmurHash3 (tests
    ///   inject a hasher that collides on purpose).
    init(configuration: ServiceConfiguration, logger: Logger, cacheKeying: AnswerCache.Keying?) {
        self.configuration = configuration
        self.state = ServiceState(configuration: configuration, logger: logger, cacheKeying: cacheKeying)
        self.cors = CORSPolicy(origins: configuration.corsOrigins)
        self.apiKeys = APIKeys(configuration.apiKeys)
        self.router = Router(Routes.all(state: state))
    }

    // MARK: - HTTPApplication

    /// The one call per request: the route is looked up once, admitted (404, CORS preflight,
    /// 405, 401), and its handler decides the rest (an answer now, or work for the pool, which
    /// carries what the handler decided). CORS decorates the answer either way, and the
    /// route's path labels it for the metrics.
    public func handle(_ request: HTTPRequest, context: RequestContext) -> Handling {
        let (route, request, conflict) = router.route(for: request)
        let label = route?.path ?? Router.unroutedLabel
        let acceptQuery = route?.acceptQuery
        let handling: Handling
        switch admit(request, route: route, conflict: conflict) {
        case .refused(let response), .preflight(let response):
            handling = .answer(response)
        case .admitted(let handler):
            do {
                handling = try handler(request, context)
            } catch {
                handling = .answer(failed(error, context: context))
            }
        }
        switch handling {
        case .answer(var response):
            finish(&response, for: request, label: label, acceptQuery: acceptQuery)
            return .answer(response)
        case .compute(let work):
            return .compute { [self] in
                var response = work()
                finish(&response, for: request, label: label, acceptQuery: acceptQuery)
                return response
            }
        }
    }

    /// The answer to a handler's error: its problem, or a 500 that leaks nothing.
    private func failed(_ error: any Error, context: RequestContext) -> HTTPResponse {
        if let problem = error as? Problem { return problem.response() }
        logger.event(.error, "handler failed", [("requestId", context.requestID), ("error", String(describing: error))])
        return Problem(.internalError, detail: "The request could not be completed; the request id identifies it in the logs.").response()
    }

    /// What every answer gets: CORS, the metrics label, and `Accept-Query` where the route takes
    /// QUERY (on every answer, its 405 and OPTIONS included, so a client learns it from any of them).
    private func finish(_ response: inout HTTPResponse, for request: HTTPRequest, label: String, acceptQuery: String?) {
        cors.decorate(&response, for: request)
        if let acceptQuery { response.headers.set("Accept-Query", acceptQuery) }
        response.label = label
    }

    private enum Admission {
        case admitted(RouteHandler)
        case preflight(HTTPResponse)
        case refused(HTTPResponse)
    }

    /// The checks every request passes before its handler runs, in order: the route (404),
    /// CORS preflight, the method (405), the API key (401), and a format named twice, by the
    /// path and by the query (406, `Router.route(for:)`).
    private func admit(_ request: HTTPRequest, route: Route?, conflict: Problem?) -> Admission {
        guard let route else {
            return .refused(Problem(.notFound, detail: "There is no resource at \(request.path). See /openapi.yaml for the routes.").response())
        }
        if request.method == "OPTIONS" {
            return .preflight(cors.preflight(request, allowedMethods: route.allowedMethods))
        }
        guard let handler = route.handler(for: request.method) else {
            var headers = HTTPHeaders()
            headers.set("Allow", route.allowedMethods.joined(separator: ", "))
            return .refused(
                Problem(.methodNotAllowed, detail: "\(request.path) allows \(route.allowedMethods.joined(separator: ", ")), not \(request.method).")
                    .response(headers: headers))
        }
        if route.requiresAPIKey, let detail = apiKeys.refusal(of: request) {
            var headers = HTTPHeaders()
            headers.set("WWW-Authenticate", "Bearer realm=\"loupe\"")
            return .refused(Problem(.unauthorized, detail: detail).response(headers: headers))
        }
        if let conflict { return .refused(conflict.response()) }
        return .admitted(handler)
    }

    /// `Expect: 100-continue`: every refusal that does not need the body (404, 405, 401, 415,
    /// 406) is sent before the body is invited.
    public func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? {
        let (route, request, conflict) = router.route(for: request)
        var response: HTTPResponse
        switch admit(request, route: route, conflict: conflict) {
        case .refused(let refusal):
            response = refusal
        case .preflight:
            return nil
        case .admitted:
            guard let check = route?.screenHead else { return nil }
            do {
                try check(request)
                return nil
            } catch {
                response = error.response()
            }
        }
        finish(&response, for: request, label: route?.path ?? Router.unroutedLabel, acceptQuery: route?.acceptQuery)
        return response
    }

    public func answer(_ refusal: TransportRefusal, context: RequestContext) -> HTTPResponse {
        var headers = HTTPHeaders()
        switch refusal {
        case .busy, .overCapacity:
            // Short: a full queue or budget drains in well under a second.
            headers.set("Retry-After", "1")
        case .malformed, .timedOut:
            break
        }
        return refusal.response(headers: headers)
    }

    public func didAnswer(_ record: AccessRecord) {
        state.metrics.record(
            route: record.label ?? Router.unroutedLabel, method: record.method, status: record.status,
            seconds: Double(record.microseconds) / 1e6)
        logger.access(record)
    }
}
