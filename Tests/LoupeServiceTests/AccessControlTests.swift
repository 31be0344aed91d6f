import Foundation
import LoupeHTTP
import LoupeJSON
import LoupePlanner
import LoupeTestClient
import Testing
@testable import LoupeService

@Suite("CORS, API keys and access logs")
struct AccessControlTests {
    @Test("a CORS preflight from an allowed origin gets the allow headers")
    func preflight_allowedOrigin() throws {
        let service = try TestService { $0.corsOrigins = ["https://app.test"] }
        let response = try Curl.request(
            "OPTIONS", service.baseURL + "/healthz",
            headers: [
                "Origin: https://app.test", "Access-Control-Request-Method: GET"
            ])
        #expect(response.status == 204)
        #expect(response.header("Access-Control-Allow-Origin") == "https://app.test")
        #expect(response.header("Access-Control-Allow-Methods")?.contains("GET") == true)
        #expect(response.header("Access-Control-Max-Age") == "600")
        #expect(response.header("Vary") == "Origin")
    }

    @Test("an origin outside the allow-list gets no CORS headers")
    func preflight_disallowedOrigin() throws {
        let service = try TestService { $0.corsOrigins = ["https://app.test"] }
        let preflight = try Curl.request(
            "OPTIONS", service.baseURL + "/healthz",
            headers: [
                "Origin: https://evil.test", "Access-Control-Request-Method: GET"
            ])
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        let simple = try service.get("/healthz", headers: ["Origin: https://evil.test"])
        #expect(simple.status == 200)
        #expect(simple.header("Access-Control-Allow-Origin") == nil)
    }

    @Test("by default any origin is allowed")
    func defaultOrigins_allowAny() throws {
        let service = try TestService()
        let response = try service.get("/healthz", headers: ["Origin: https://anything.test"])
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Access-Control-Expose-Headers")?.contains("X-Request-ID") == true)
    }

    /// Issue 42 §1 (regression): the grant was sent only to requests with an Origin, without
    /// `Vary: Origin`, so nginx handed an answer stored for curl to a browser without its grant.
    @Test("by default every answer says Access-Control-Allow-Origin: *, Origin or not, and does not vary on Origin")
    func defaultOrigins_grantEveryAnswer() throws {
        let service = try TestService()
        let response = try service.get("/healthz")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Vary") == nil)
    }

    @Test("OPTIONS without a preflight answers 204 with Allow")
    func options_answersAllow() throws {
        let service = try TestService()
        let response = try Curl.request("OPTIONS", service.baseURL + "/metrics")
        #expect(response.status == 204)
        #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
    }

    @Test("with API keys set, health, readiness and metrics stay open")
    func apiKeys_leaveOperationalRoutesOpen() throws {
        let service = try TestService { $0.apiKeys = ["secret"] }
        for path in ["/healthz", "/readyz", "/metrics", "/version", "/openapi.yaml"] {
            #expect(try service.get(path).status == 200, "\(path) must not need a key")
        }
    }

    @Test("access logs are one JSON object per request with the documented fields")
    func accessLog_isOneJSONLinePerRequest() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        let sink = LogSink(fd: pipe[1])
        let service = try TestService(logSink: sink)
        _ = try service.get("/healthz", headers: ["X-Request-ID: log-test-1"])
        sink.close()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(pipe[0], &buffer, buffer.count)
        let lines = String(decoding: buffer[..<max(0, count)], as: UTF8.self).split(separator: "\n")
        let line = try #require(lines.first { $0.contains("log-test-1") })
        let entry = try JSONReader.parse(Array(line.utf8))
        #expect(entry["msg"] == .string("request"))
        #expect(entry["method"] == .string("GET"))
        #expect(entry["path"] == .string("/healthz"))
        #expect(entry["status"] == .number(200))
        #expect(entry["requestId"] == .string("log-test-1"))
        for field in ["time", "bytesIn", "bytesOut", "micros", "peer", "level"] {
            #expect(entry[field] != nil, "\(field) missing")
        }
        close(pipe[0])
        close(pipe[1])
    }

    @Test("a log output that fails does not stop serving")
    func closedLogOutput_doesNotStopServing() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        close(pipe[0])  // nobody reads: every write fails with EPIPE
        let sink = LogSink(fd: pipe[1])
        let service = try TestService(logSink: sink)
        for _ in 0..<20 { #expect(try service.get("/healthz").status == 200) }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(sink.failedWriteCount > 0)
        close(pipe[1])
    }

    @Test("several Authorization fields are refused with a detail asking for exactly one")
    func severalAuthorizationFields_areRefused() {
        func request(_ authorization: [String]) -> HTTPRequest {
            HTTPRequest(method: "POST", target: "/v1/plans", headers: HTTPHeaders(authorization.map { ("Authorization", $0) }))
        }
        let keys = APIKeys(["secret"])
        let twice = request(["Bearer secret", "Bearer secret"])
        #expect(keys.refusal(of: twice)?.contains("exactly one Authorization field") == true)
        #expect(keys.refusal(of: request(["Bearer secret", "Bearer other"])) == keys.refusal(of: twice))
        #expect(keys.refusal(of: request(["Bearer secret"])) == nil)
        #expect(keys.refusal(of: request([]))?.contains("Authorization: Bearer <key>") == true)
        #expect(APIKeys([]).refusal(of: twice) == nil, "an open API ignores Authorization")
    }

    @Test("constant-time comparison agrees with ordinary equality")
    func constantTimeEquality() {
        func equals(_ lhs: String, _ rhs: String) -> Bool {
            APIKeys.constantTimeEquals(Array(lhs.utf8), Array(rhs.utf8))
        }
        #expect(equals("abc", "abc"))
        #expect(!equals("abc", "abd"))
        #expect(!equals("abc", "abcd"))
        #expect(!equals("", "a"))
        #expect(equals("", ""))
    }
}
