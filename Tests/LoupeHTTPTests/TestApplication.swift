import LoupeHTTP
import LoupeTestClient

/// A minimal application for transport tests: it knows nothing of Loupe's routes, so these
/// tests pin the HTTP layer alone.
///
/// - `/echo` answers 200 with "METHOD PATH BODYLENGTH" and echoes the body's bytes after a newline.
/// - `/close` answers 200 and asks for the connection to close.
/// - `/big?n=N` answers N bytes.
/// - `/pooled` answers as `/echo` does, built on the compute pool (`Handling.compute`).
/// - a head for `/refused` with `Expect: 100-continue` is refused with 401 before its body.
/// - anything else answers 404.
struct TestApplication: HTTPApplication {
    func handle(_ request: HTTPRequest, context: RequestContext) -> Handling {
        guard request.path == "/pooled" else { return .answer(answer(to: request)) }
        return .compute {
            let text = "\(request.method) \(request.target) \(request.body.count) pooled\n"
            return HTTPResponse(status: .ok, contentType: "text/plain", body: Array(text.utf8) + request.body)
        }
    }

    func screen(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? {
        request.path == "/refused" ? HTTPResponse(status: .unauthorized, contentType: "text/plain", text: "refused") : nil
    }

    private func answer(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/echo":
            let text = "\(request.method) \(request.target) \(request.body.count)\n"
            return HTTPResponse(status: .ok, contentType: "text/plain", body: Array(text.utf8) + request.body)
        case "/close":
            var response = HTTPResponse(status: .ok, contentType: "text/plain", text: "bye")
            response.closesConnection = true
            return response
        case "/big":
            let count = Int(request.queryParameter("n") ?? "0") ?? 0
            return HTTPResponse(status: .ok, contentType: "application/octet-stream", body: [UInt8](repeating: 0x61, count: count))
        default:
            return HTTPResponse(status: .notFound, contentType: "text/plain", text: "not found")
        }
    }

    func answer(_ refusal: TransportRefusal, context: RequestContext) -> HTTPResponse {
        HTTPResponse(status: refusal.status, contentType: "text/plain", text: "\(refusal)")
    }

    func didAnswer(_ record: AccessRecord) {}
}

extension RunningServer {
    /// A transport-test server with `TestApplication`.
    static func make(configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> RunningServer {
        try RunningServer(application: TestApplication(), configure: configure)
    }
}
