import Foundation
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
            FileHandle.standardError.write(Data("loupe: \(error)\n".utf8))
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
        let server = HTTPServer(configuration: configuration.server, responder: application)
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("loupe: cannot start: \(error)\n".utf8))
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
        logger.event(.info, "shutting down", [("signal", received == SIGTERM ? "SIGTERM" : "SIGINT")])
        // /readyz turns 503 and answers say Connection: close, so the load balancer and the
        // clients move on while requests are still served; then the listener closes.
        application.state.beginDraining()
        server.beginDraining()
        if configuration.shutdownDrainDelay > 0 {
            usleep(UInt32(min(configuration.shutdownDrainDelay, 3600) * 1_000_000))
        }
        server.shutdown()
        server.waitUntilStopped()
        logger.event(.info, "stopped")
        logger.sink.close()
        return 0
    }
}
