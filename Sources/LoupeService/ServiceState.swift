import LoupeHTTP

/// What the operational routes report on: readiness, counters, the logger. Shared by the
/// application and its routes; every field is either immutable or locked.
public final class ServiceState: Sendable {
    public let configuration: ServiceConfiguration
    public let metrics = Metrics()
    public let logger: Logger
    /// Recent /v1 answers (`--answer-cache-bytes`).
    let answerCache: AnswerCache
    private let draining = Locked(false)
    private let statisticsSource = Locked<(@Sendable () -> ServerStatistics)?>(nil)

    /// - Parameter cacheKeying: how the answer cache keys a request (tests force collisions).
    init(configuration: ServiceConfiguration, logger: Logger, cacheKeying: AnswerCache.Keying? = nil) {
        self.configuration = configuration
        self.logger = logger
        self.answerCache = AnswerCache(capacity: configuration.answerCacheBytes, keying: cacheKeying)
    }

    /// Connects /metrics to the server's own counters once the server exists.
    public func attach(statistics: @escaping @Sendable () -> ServerStatistics) {
        statisticsSource.withLock { $0 = statistics }
    }

    /// Marks the instance as shutting down: /readyz answers 503 from now on.
    public func beginDraining() {
        draining.withLock { $0 = true }
    }

    public var isDraining: Bool { draining.current }

    var serverStatistics: ServerStatistics {
        statisticsSource.current?() ?? ServerStatistics()
    }
}
