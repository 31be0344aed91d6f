import LoupeHTTP

/// A real server on an ephemeral loopback port, for end-to-end tests. `stop()` may be
/// called from another thread (shutdown tests do), and `HTTPServer` is thread-safe.
public final class RunningServer: @unchecked Sendable {
    public let server: HTTPServer
    public var port: UInt16 { server.port }
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private var stopped = false

    /// Starts `application` behind a server whose configuration `configure` may adjust;
    /// the port is always ephemeral and the host loopback unless `configure` changes it.
    public init(application: any HTTPApplication, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 2)
        configure(&configuration)
        server = HTTPServer(configuration: configuration, application: application)
        try server.start()
    }

    /// Graceful shutdown, waiting until every loop has stopped.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        server.shutdown()
        server.waitUntilStopped()
    }

    deinit { stop() }
}
