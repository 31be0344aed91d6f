import LoupeHTTP
import LoupePlanner

extension Problem {
    /// The problem as an HTTP response: application/problem+json, never cached.
    public func response(headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.set("Cache-Control", "no-store")
        return HTTPResponse(
            status: HTTPStatus(kind.status, Self.reason(kind.status)), contentType: "application/problem+json",
            body: encoded(), headers: headers)
    }

    static func reason(_ status: Int) -> String {
        let known: [HTTPStatus] = [
            .badRequest, .unauthorized, .notFound, .methodNotAllowed, .notAcceptable, .requestTimeout,
            .contentTooLarge, .uriTooLong, .unsupportedMediaType, .expectationFailed, .unprocessableContent,
            .headerFieldsTooLarge, .internalServerError, .notImplemented, .serviceUnavailable, .versionNotSupported,
        ]
        return known.first { $0.code == status }?.reason ?? "Error"
    }

    /// The problem for a failure the HTTP layer detected itself; `loupe plan` reports an
    /// oversize file with it too, so both say the same.
    public static func from(_ failure: HTTPFailure) -> Problem {
        switch failure {
        case .timedOut:
            return Problem(.requestTimeout, detail: "The request was not received completely within the server's timeout.")
        case .overCapacity:
            return Problem(.overCapacity, detail: "The server has reached its connection limit; retry shortly.")
        case .busy(.computeQueueFull):
            return Problem(.serverBusy, detail: "Every worker is busy and the queue in front of them is full; retry after the time in Retry-After.")
        case .busy(.memoryBudget):
            return Problem(.serverBusy, detail: "The server's memory budget cannot hold this request and its answer now; retry after the time in Retry-After.")
        case .malformed(let error):
            let kind = ProblemKind(rawValue: error.code) ?? .malformedRequest
            return Problem(kind, detail: String(describing: error).prefix(1).uppercased() + String(describing: error).dropFirst() + ".")
        }
    }
}
