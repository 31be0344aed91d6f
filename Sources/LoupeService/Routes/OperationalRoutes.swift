import LoupeHTTP
import LoupeJSON
import LoupePlanner
import LoupeWeb

/// Liveness, readiness, metrics, version and the contract: the routes operators and
/// orchestrators use. They never require an API key.
enum OperationalRoutes {
    static func all(state: ServiceState) -> [Route] {
        [
            Route(
                path: "/healthz",
                handlers: [
                    "GET": Route.inline { _, _ in
                        // Liveness: the process answers. Nothing else is checked on purpose, so a
                        // slow dependency can never get a healthy instance restarted.
                        alive
                    }
                ]),
            Route(
                path: "/readyz",
                handlers: [
                    "GET": Route.inline { _, _ in
                        if state.isDraining {
                            throw Problem(.shuttingDown, detail: "This instance is shutting down and takes no new work.")
                        }
                        return json(.ok) { $0.member("status", "ready") }
                    }
                ]),
            Route(
                path: "/metrics",
                handlers: [
                    "GET": Route.inline { _, _ in
                        let text = state.metrics.render(
                            server: state.serverStatistics, cache: state.answerCache.statistics, ready: !state.isDraining,
                            logDropped: state.logger.sink.droppedLines, version: BuildInfo.version)
                        // Counters of this instance now: no cache should keep them (REDbot).
                        var headers = HTTPHeaders()
                        headers.set("Cache-Control", "no-store")
                        return HTTPResponse(
                            status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(text.utf8), headers: headers)
                    }
                ]),
            Route(
                path: "/version",
                handlers: [
                    "GET": Route.inline { _, _ in
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
                    "GET": Route.inline { request, _ in
                        WebPrototypeRoutes.answer(request, asset: contract, tag: contractTag, cacheControl: "public, max-age=300")
                    }
                ]),
            Route(
                path: "/openapi-3.2.yaml",
                handlers: [
                    "GET": Route.inline { request, _ in
                        WebPrototypeRoutes.answer(request, asset: contract32, tag: contract32Tag, cacheControl: "public, max-age=300")
                    }
                ])
        ]
    }

    /// The contract, 133 KB: served with a strong tag, so a client revalidating it gets a 304.
    private static let contract = WebFiles.contract
    private static let contractTag = WebPrototypeRoutes.entityTag(contract.bytes)
    /// Its 3.2 edition, with QUERY (scripts/openapi-3.2).
    private static let contract32 = WebFiles.contract32
    private static let contract32Tag = WebPrototypeRoutes.entityTag(contract32.bytes)

    /// The liveness answer, made once: probes and load balancers ask for it constantly.
    private static let alive = json(.ok) { $0.member("status", "ok") }

    /// A small JSON object answer.
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
