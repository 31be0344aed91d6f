import Foundation
import LoupeHTTP
import LoupeService
import LoupeTestClient

/// The whole service (application, routes, server) on an ephemeral loopback port.
final class TestService: @unchecked Sendable {
    let application: LoupeApplication
    let running: RunningServer
    var baseURL: String { running.baseURL }
    var port: UInt16 { running.port }

    /// - Parameter configure: adjusts the service configuration (API keys, CORS, limits...).
    init(logSink: LogSink? = nil, configure: (inout ServiceConfiguration) -> Void = { _ in }) throws {
        var configuration = ServiceConfiguration()
        configuration.logLevel = logSink == nil ? .off : .info
        configure(&configuration)
        let sink = logSink ?? LogSink(fd: open("/dev/null", O_WRONLY))
        application = LoupeApplication(configuration: configuration, logger: Logger(level: configuration.logLevel, sink: sink))
        var server = configuration.server
        server.host = "127.0.0.1"
        server.port = 0
        server.eventLoops = 2
        let serverConfiguration = server
        running = try RunningServer(application: application) { $0 = serverConfiguration }
        let http = running.server
        application.state.attach { http.statistics }
    }

    func get(_ path: String, headers: [String] = []) throws -> CurlResponse {
        try Curl.request("GET", baseURL + path, headers: headers)
    }

    func post(_ path: String, json: String, headers: [String] = ["Content-Type: application/json"]) throws -> CurlResponse {
        try Curl.request("POST", baseURL + path, headers: headers, body: Array(json.utf8))
    }

    deinit { running.stop() }
}
