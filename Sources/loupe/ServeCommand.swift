#if canImport(Glibc)
    import Glibc
#endif
import LoupeHTTP
import LoupeService

/// `loupe serve`: start the server, wait for SIGTERM or SIGINT, shut down gracefully.
enum ServeCommand {
    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Usage.text)
            return 0
        }
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment)
        } catch {
            StandardStreams.writeError("loupe: \(error)\n")
            return 2
        }

        // Block the shutdown signals before any thread exists, so every thread inherits the
        // mask and only `sigwait` below ever sees them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let logger = Logger(level: configuration.logLevel, sink: LogSink())
        let application = LoupeApplication(configuration: configuration, logger: logger)
        let server = HTTPServer(configuration: configuration.server, application: application)
        do {
            try server.start()
        } catch {
            StandardStreams.writeError("loupe: cannot start: \(error)\n")
            return 1
        }
        application.state.attach { server.statistics }
        logger.event(
            .info, "listening",
            [
                ("host", configuration.server.host), ("port", String(server.port)), ("version", BuildInfo.version),
                ("eventLoops", String(configuration.server.eventLoops))
            ])

        var received: Int32 = 0
        sigwait(&signals, &received)
        logger.event(.info, "shutting down", [("signal", name(of: received))])
        // /readyz turns 503 and answers say Connection: close, so the load balancer and the
        // clients move on while requests are still served; then the listener closes. A second
        // SIGTERM, or a SIGINT (Ctrl-C), ends that delay at once.
        application.state.beginDraining()
        server.beginDraining()
        if configuration.shutdownDrainDelay > 0, let again = waitForSignal(signals, seconds: configuration.shutdownDrainDelay) {
            logger.event(.info, "drain delay cut short", [("signal", name(of: again))])
        }
        server.shutdown()
        server.waitUntilStopped()
        logger.event(.info, "stopped")
        logger.sink.close()
        return 0
    }

    /// Waits up to `seconds` for one of the blocked `signals`; the signal, or nil once the time
    /// is up.
    private static func waitForSignal(_ signals: sigset_t, seconds: Double) -> Int32? {
        var signals = signals
        let deadline = MonotonicClock.now() + UInt64(min(seconds, 86_400) * 1e9)
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { return nil }
            let left = deadline - now
            var timeout = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            let signal = sigtimedwait(&signals, nil, &timeout)
            if signal > 0 { return signal }
            if errno != EINTR { return nil }
        }
    }

    private static func name(of signal: Int32) -> String {
        signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
    }
}
