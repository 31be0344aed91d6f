import CLoupeSystem
/// Everything the HTTP server can be told, with production defaults.
///
/// Timeouts are in seconds. Tests shrink them to milliseconds so timeout behaviour is
/// exercised without waiting.
public struct ServerConfiguration: Sendable, Equatable {
    /// Address to bind: a numeric IPv4/IPv6 address or a host name. Default: "0.0.0.0".
    public var host: String
    /// Port to bind; 0 picks a free one (tests). Default: 8080.
    public var port: UInt16
    public var limits: HTTPLimits
    /// Time allowed from a request's first byte to the end of its header section
    /// (defeats slowloris). Default: 10 s.
    public var headerTimeout: Double
    /// How long an idle keep-alive connection is kept. Default: 60 s.
    public var idleTimeout: Double
    /// Longest pause allowed while a request body is arriving. Default: 30 s.
    public var bodyTimeout: Double
    /// Longest pause allowed while the client is not reading its response. Default: 30 s.
    public var writeTimeout: Double
    /// Most connections open at once; beyond it new ones get 503 and are closed. Default: 10,000.
    public var maxConnections: Int
    /// How long in-flight requests get to finish after shutdown begins. Default: 10 s.
    public var shutdownGracePeriod: Double
    /// Event-loop threads; each runs one epoll loop. Default: the number of cores.
    public var eventLoops: Int

    public init(
        host: String = "0.0.0.0", port: UInt16 = 8080, limits: HTTPLimits = HTTPLimits(),
        headerTimeout: Double = 10, idleTimeout: Double = 60, bodyTimeout: Double = 30, writeTimeout: Double = 30,
        maxConnections: Int = 10_000, shutdownGracePeriod: Double = 10, eventLoops: Int = ServerConfiguration.coreCount
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.writeTimeout = writeTimeout
        self.maxConnections = maxConnections
        self.shutdownGracePeriod = shutdownGracePeriod
        self.eventLoops = eventLoops
    }

    public static var coreCount: Int {
        max(1, loupe_core_count())
    }

    /// How often loops look for expired deadlines: fine enough for the shortest timeout.
    var sweepInterval: Double {
        let shortest = [headerTimeout, idleTimeout, bodyTimeout, writeTimeout].min() ?? 1
        return min(0.25, max(0.005, shortest / 5))
    }
}
