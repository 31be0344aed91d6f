import LoupeHTTP
import LoupePlanner

extension Problem {
    /// The problem as an HTTP response: application/problem+json, never cached.
    public func response(headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.set("Cache-Control", "no-store")
        return HTTPResponse(
            status: HTTPStatus(kind.status, Self.reason(kind.status)), contentType: "application/problem+json",
            body: bytes(), headers: headers)
    }

    static func reason(_ status: Int) -> String {
        // The API's own statuses (`ProblemKind.status`); the transport's refusals carry their
        // `HTTPStatus` already (`TransportProblem`).
        let known: [HTTPStatus] = [
            .badRequest, .unauthorized, .notFound, .methodNotAllowed, .notAcceptable, .uriTooLong, .unsupportedMediaType,
            .unprocessableContent, .internalServerError, .serviceUnavailable
        ]
        return known.first { $0.code == status }?.reason ?? "Error"
    }
}

extension TransportRefusal {
    /// The refusal as problem+json: its type, title and status are the transport's own
    /// (`TransportProblem`); `loupe plan` reports an oversize file with it too, so both say the same.
    public func problemDocument() -> [UInt8] {
        Problem.document(type: problem.rawValue, title: problem.title, status: Int(problem.status.code), detail: detail)
    }

    /// The refusal as an HTTP response: application/problem+json, never cached.
    func response(headers: HTTPHeaders) -> HTTPResponse {
        var headers = headers
        headers.set("Cache-Control", "no-store")
        return HTTPResponse(status: problem.status, contentType: "application/problem+json", body: problemDocument(), headers: headers)
    }
}
