import LoupeHTTP
import LoupePlanner

/// The service: routes, access control, CORS, metrics and logs around the planner.
///
/// It is the `HTTPResponder` the server calls on its event loops. It holds no per-request
/// state, so any number of instances behind a load balancer answer identically.
public final class LoupeApplication: HTTPResponder {
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

    // MARK: - HTTPResponder

    public func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        var response = route(request, context: context)
        cors.decorate(&response, for: request)
        return response
    }

    private func route(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        let handler: RouteHandler
        switch admit(request) {
        case .refused(let response): return response
        case .preflight(let response): return response
        case .admitted(let admitted): handler = admitted
        }
        do {
            return try handler(request, context)
        } catch let problem as Problem {
            return problem.response()
        } catch {
            logger.event(.error, "handler failed", [("requestId", context.requestID), ("error", String(describing: error))])
            return Problem(.internalError, detail: "The request could not be completed; the request id identifies it in the logs.").response()
        }
    }

    private enum Admission {
        case admitted(RouteHandler)
        case preflight(HTTPResponse)
        case refused(HTTPResponse)
    }

    /// The checks every request passes before its handler runs, in order: the route (404),
    /// CORS preflight, the method (405), the API key (401).
    private func admit(_ request: HTTPRequest) -> Admission {
        guard let route = router.route(for: request.path) else {
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
        return .admitted(handler)
    }

    public func placement(for request: HTTPRequest) -> Placement {
        guard let route = router.route(for: request.path), route.placement != .eventLoop,
            route.handler(for: request.method) != nil
        else { return .eventLoop }
        if let isAnsweredInline = route.isAnsweredInline, isAnsweredInline(request) { return .eventLoop }
        return route.placement
    }

    /// Refusals and the route's own triage are answered here, on the event loop; what the
    /// route hands over runs on the pool. CORS decorates both.
    public func triage(_ request: HTTPRequest, context: RequestContext) -> Triage {
        let outcome: Triage
        switch admit(request) {
        case .refused(let response), .preflight(let response):
            outcome = .answered(response)
        case .admitted:
            guard let triage = router.route(for: request.path)?.triage else {
                return .offload { self.respond(to: request, context: context) }
            }
            do {
                outcome = try triage(request, context)
            } catch {
                outcome = .answered(error.response())
            }
        }
        switch outcome {
        case .answered(var response):
            cors.decorate(&response, for: request)
            return .answered(response)
        case .offload(let work):
            return .offload { [cors] in
                var response = work()
                cors.decorate(&response, for: request)
                return response
            }
        }
    }

    /// `Expect: 100-continue`: every refusal that does not need the body (404, 405, 401, 415,
    /// 406) is sent before the body is invited.
    public func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? {
        var response: HTTPResponse
        switch admit(request) {
        case .refused(let refusal):
            response = refusal
        case .preflight:
            return nil
        case .admitted:
            guard let check = router.route(for: request.path)?.screenHead else { return nil }
            do {
                try check(request)
                return nil
            } catch {
                response = error.response()
            }
        }
        cors.decorate(&response, for: request)
        return response
    }

    public func respond(to failure: HTTPFailure, context: RequestContext) -> HTTPResponse {
        var headers = HTTPHeaders()
        switch failure {
        case .busy, .overCapacity:
            // Short: a full queue or budget drains in well under a second.
            headers.set("Retry-After", "1")
        case .malformed, .timedOut:
            break
        }
        return failure.response(headers: headers)
    }

    public func didRespond(_ record: ExchangeRecord) {
        state.metrics.record(
            route: router.label(for: record.path), method: record.method, status: record.status, seconds: Double(record.microseconds) / 1e6)
        logger.access(record)
    }
}
