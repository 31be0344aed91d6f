import Foundation
import LoupeHTTP
import LoupeJSON
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

        let response = try Self.answerInFlight(across: SIGTERM, to: server)
        #expect(response.status == 405, "the request in flight is answered")
        #expect(response.header("Connection") == "close")
        #expect(server.waitForExit(timeout: 5) == 0)
        let log = server.remainingOutput()
        #expect(log.contains("\"msg\":\"shutting down\""))
        #expect(log.contains("\"msg\":\"stopped\""))
    }

    @Test(
        "regression: a second SIGTERM, or a SIGINT, during the drain delay ends it at once; requests in flight still finish",
        arguments: [SIGTERM, SIGINT])
    func secondSignal_endsTheDrainDelay(second: Int32) throws {
        let server = try ServeProcess(arguments: ["--shutdown-drain-delay", "60"])
        server.signal(SIGTERM)
        let started = Date()
        var ready = 200
        while ready != 503, Date().timeIntervalSince(started) < 5 {
            ready = (try? Curl.request("GET", "http://127.0.0.1:\(server.port)/readyz").status) ?? 0
        }
        #expect(ready == 503, "the drain began")
        #expect(try Self.answerInFlight(across: second, to: server).status == 405, "the request in flight is answered")
        #expect(server.waitForExit(timeout: 10) == 0)
        #expect(Date().timeIntervalSince(started) < 20, "the 60 s drain delay was not cut short")
        #expect(server.remainingOutput().contains("\"msg\":\"drain delay cut short\""))
    }

    /// The answer to a request whose body is half sent when `signal` arrives, and finished after.
    static func answerInFlight(across signal: Int32, to server: ServeProcess) throws -> RawResponse {
        let inFlight = try RawConnection(port: server.port)
        try inFlight.send("POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab")
        Thread.sleep(forTimeInterval: 0.1)
        server.signal(signal)
        Thread.sleep(forTimeInterval: 0.2)
        try inFlight.send("cd")
        return try #require(inFlight.readResponse())
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

    @Test(
        "invalid configuration stops start-up with one line naming the setting and exit code 2",
        arguments: [
            (["serve", "--port", "99999"], [String: String](), "--port"),
            (["serve"], ["PORT": "eighty"], "PORT: "),
            // Issue 34 §6: the variable is named, not its flag; timeouts are at least 0.01 s.
            (["serve"], ["PORT": "0x10"], "invalid configuration: PORT: "),
            (["serve", "--header-timeout", "0.000000001"], [:], "--header-timeout: must be a number of seconds from 0.01"),
            (["serve", "--log-level", "loud"], [:], "--log-level"),
            (["serve", "--header-timeout", "0"], [:], "--header-timeout"),
            (["serve", "--bogus", "1"], [:], "--bogus"),
            (["serve", "--api-keys", ","], [:], "--api-keys"),
            (["serve"], ["LOUPE_API_KEYS": " , "], "LOUPE_API_KEYS: "),
            (["serve", "--host", "example.com"], [:], "--host"),
            (["serve", "--body-timeout", "0x10"], [:], "--body-timeout")
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

    // MARK: - plan and lifecycle

    @Test(
        "a request over the 1 MiB body limit exits 1 with the service's 413 problem, without reading it all",
        arguments: ["/dev/zero", "sparse"])
    func oversizeRequest_exits1WithBodyTooLarge(source: String) throws {
        let file = try TemporaryFile()
        if source == "sparse" {
            #expect(truncate(file.path, 100 << 20) == 0)  // 100 MB that cost no disk
        }
        let path = source == "sparse" ? file.path : source
        let result = try LoupeExecutable.run(["plan", path])
        #expect(result.status == 1)
        let expected = TransportRefusal.malformed(.bodyTooLarge(limit: HTTPLimits().maxBodyBytes)).problemDocument() + [0x0A]
        #expect(Array(result.stderr) == expected, "\(String(decoding: result.stderr, as: UTF8.self))")
        #expect(result.stdout.isEmpty)
    }

    @Test("a request of exactly 1 MiB is read whole, as the service would")
    func requestAtTheLimit_isRead() throws {
        let file = try TemporaryFile()
        let plan = Array(#"{"transition":"push","container":{"width":393,"height":852}}"#.utf8)
        try Data(plan + [UInt8](repeating: 0x20, count: HTTPLimits().maxBodyBytes - plan.count)).write(to: URL(fileURLWithPath: file.path))
        let result = try LoupeExecutable.run(["plan", file.path])
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    }

    @Test(
        "an empty request is the malformed-json problem and exit 1, from a file, /dev/null or stdin",
        arguments: ["empty file", "/dev/null", "-"])
    func emptyRequest_exits1WithMalformedJSON(source: String) throws {
        let file = try TemporaryFile()
        let path = source == "empty file" ? file.path : source
        let result = try LoupeExecutable.run(["lifecycle", path], stdin: Data())
        #expect(result.status == 1)
        let problem = try JSONReader.parse(Array(result.stderr))
        #expect(problem["type"] == .string("https://loupe.dev/problems/malformed-json"))
    }

    @Test("a file that cannot be read exits 2 saying why")
    func unreadableFile_exits2WithTheReason() throws {
        let missing = try LoupeExecutable.run(["plan", "/nonexistent/request.json"])
        #expect(missing.status == 2)
        #expect(String(decoding: missing.stderr, as: UTF8.self) == "loupe: cannot read /nonexistent/request.json: No such file or directory\n")
        let directory = try LoupeExecutable.run(["plan", "/"])
        #expect(directory.status == 2)
        #expect(String(decoding: directory.stderr, as: UTF8.self) == "loupe: cannot read /: Is a directory\n")
    }

    @Test(
        "an unknown option is named, not mistaken for a second file",
        arguments: [
            ["plan", "--bogus", "request.json"], ["lifecycle", "request.json", "-x"]
        ])
    func unknownOption_exits2NamingIt(arguments: [String]) throws {
        let result = try LoupeExecutable.run(arguments)
        #expect(result.status == 2)
        let option = try #require(arguments.first { $0.hasPrefix("-") })
        #expect(String(decoding: result.stderr, as: UTF8.self) == "loupe: unknown option \(option)\n")
    }

    @Test("version prints the release")
    func version_printsRelease() throws {
        let result = try LoupeExecutable.run(["version"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains(BuildInfo.version))
    }
}

/// An empty file in the temporary directory, removed when the value goes away.
final class TemporaryFile {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/loupe-test-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        close(descriptor)
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { unlink(path) }
}
