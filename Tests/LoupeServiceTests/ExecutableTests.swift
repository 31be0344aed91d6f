import Foundation
import LoupePlanner
import LoupeService
import LoupeTestClient
import Testing

@Suite("The loupe executable")
struct ExecutableTests {
    @Test("serve starts, answers, passes its own health check, and exits 0 on SIGTERM after finishing a request in flight")
    func serve_shutsDownGracefullyOnSIGTERM() throws {
        let server = try ServeProcess()
        #expect(try Curl.request("GET", "http://127.0.0.1:\(server.port)/healthz").status == 200)
        let probe = try LoupeExecutable.run(["healthcheck", "--port", String(server.port)])
        #expect(probe.status == 0)

        let inFlight = try RawConnection(port: server.port)
        try inFlight.send("POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab")
        Thread.sleep(forTimeInterval: 0.1)
        server.signal(SIGTERM)
        Thread.sleep(forTimeInterval: 0.2)
        try inFlight.send("cd")
        let response = try #require(inFlight.readResponse())
        #expect(response.status == 405, "the request in flight is answered")
        #expect(response.header("Connection") == "close")
        #expect(server.waitForExit(timeout: 5) == 0)
        let log = server.remainingOutput()
        #expect(log.contains("\"msg\":\"shutting down\""))
        #expect(log.contains("\"msg\":\"stopped\""))
    }

    @Test("SIGINT stops the service too")
    func serve_stopsOnSIGINT() throws {
        let server = try ServeProcess()
        server.signal(SIGINT)
        #expect(server.waitForExit(timeout: 5) == 0)
    }

    @Test("healthcheck fails when nothing listens")
    func healthcheck_failsWithoutServer() throws {
        let probe = try LoupeExecutable.run(["healthcheck", "--port", "1"])
        #expect(probe.status == 1)
    }

    @Test("invalid configuration stops start-up with one line naming the setting and exit code 2",
          arguments: [
            (["serve", "--port", "99999"], [String: String](), "--port"),
            (["serve"], ["PORT": "eighty"], "--port"),
            (["serve", "--log-level", "loud"], [:], "--log-level"),
            (["serve", "--header-timeout", "0"], [:], "--header-timeout"),
            (["serve", "--bogus", "1"], [:], "--bogus"),
          ])
    func invalidConfiguration_exits2(arguments: [String], environment: [String: String], setting: String) throws {
        let result = try LoupeExecutable.run(arguments, environment: environment)
        #expect(result.status == 2)
        let message = String(decoding: result.stderr, as: UTF8.self)
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.contains(setting))
    }

    @Test("--help documents every option and its environment variable")
    func help_documentsEverySetting() throws {
        let result = try LoupeExecutable.run(["serve", "--help"])
        #expect(result.status == 0)
        let text = String(decoding: result.stdout, as: UTF8.self)
        for setting in Setting.all {
            #expect(text.contains(setting.flag), "\(setting.flag) missing from --help")
            #expect(text.contains(setting.environment), "\(setting.environment) missing from --help")
        }
    }

    @Test("version prints the release")
    func version_printsRelease() throws {
        let result = try LoupeExecutable.run(["version"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains(BuildInfo.version))
    }
}
