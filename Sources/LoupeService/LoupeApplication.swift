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

    public init(configuration: ServiceConfiguration, logger: Logger) {
        self.configuration = configuration
        self.state = ServiceState(configuration: configuration, logger: logger)
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
        guard let route = router.route(for: request.path) else {
            return Problem(.notFound, detail: "There is no resource at \(request.path). See /openapi.yaml for the routes.").response()
        }
        if request.method == "OPTIONS" {
            return cors.preflight(request, allowedMethods: route.allowedMethods)
        }
        guard let handler = route.handler(for: request.method) else {
            var headers = HTTPHeaders()
            headers.set("Allow", route.allowedMethods.joined(separator: ", "))
            return Problem(.methodNotAllowed, detail: "\(request.path) allows \(route.allowedMethods.joined(separator: ", ")), not \(request.method).")
                .response(headers: headers)
        }
        if route.requiresAPIKey && !apiKeys.authorizes(request) {
            var headers = HTTPHeaders()
            headers.set("WWW-Authenticate", "Bearer realm=\"loupe\"")
            return Problem(.unauthorized, detail: "Send 'Authorization: Bearer <key>' with one of the service's API keys.")
                .response(headers: headers)
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

    public func respond(to failure: HTTPFailure, context: RequestContext) -> HTTPResponse {
        Problem.from(failure).response()
    }

    public func didRespond(_ record: ExchangeRecord) {
        state.metrics.record(route: router.label(for: record.path), method: record.method, status: record.status, seconds: Double(record.microseconds) / 1e6)
        logger.access(record)
    }
}
