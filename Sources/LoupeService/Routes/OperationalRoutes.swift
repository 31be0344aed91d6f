import LoupeHTTP
import LoupeJSON
import LoupePlanner

/// Liveness, readiness, metrics, version and the contract: the routes operators and
/// orchestrators use. They never require an API key.
enum OperationalRoutes {
    static func all(state: ServiceState) -> [Route] {
        [
            Route(
                path: "/healthz",
                handlers: [
                    "GET": { _, _ in
                        // Liveness: the process answers. Nothing else is checked on purpose, so a
                        // slow dependency can never get a healthy instance restarted.
                        alive
                    }
                ]),
            Route(
                path: "/readyz",
                handlers: [
                    "GET": { _, _ in
                        if state.isDraining {
                            throw Problem(.shuttingDown, detail: "This instance is shutting down and takes no new work.")
                        }
                        return json(.ok) { $0.member("status", "ready") }
                    }
                ]),
            Route(
                path: "/metrics",
                handlers: [
                    "GET": { _, _ in
                        let text = state.metrics.render(
                            server: state.serverStatistics, cache: state.answerCache.statistics, ready: !state.isDraining,
                            logDropped: state.logger.sink.droppedLines, version: BuildInfo.version)
                        return HTTPResponse(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text)
                    }
                ]),
            Route(
                path: "/version",
                handlers: [
                    "GET": { _, _ in
                        json(.ok) {
                            $0.member("name", BuildInfo.name)
                            $0.member("version", BuildInfo.version)
                            $0.member("apiVersion", BuildInfo.apiVersion)
                        }
                    }
                ]),
            Route(
                path: "/openapi.yaml",
                handlers: [
                    "GET": { _, _ in
                        var headers = HTTPHeaders()
                        headers.set("Cache-Control", "public, max-age=300")
                        return HTTPResponse(status: .ok, contentType: "application/yaml", body: EmbeddedOpenAPI.bytes, headers: headers)
                    }
                ])
        ]
    }

    /// The liveness answer, made once: probes and load balancers ask for it constantly.
    private static let alive = json(.ok) { $0.member("status", "ok") }

    /// A small JSON object response.
    static func json(_ status: HTTPStatus, _ body: (inout JSONWriter) -> Void) -> HTTPResponse {
        var writer = JSONWriter(capacity: 64)
        writer.beginObject()
        body(&writer)
        writer.endObject()
        var headers = HTTPHeaders()
        headers.set("Cache-Control", "no-store")
        return HTTPResponse(status: status, contentType: "application/json", body: writer.bytes, headers: headers)
    }
}
