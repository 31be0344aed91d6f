import Foundation
import LoupeTestClient
import LoupeTestSupport
import Testing
@testable import LoupeService

/// Issue 36 §1: QUERY (RFC 10008) on the /v1 collections takes POST's bodies and gives POST's
/// answers, byte for byte; support is advertised; CORS lets browsers send it; POST is unchanged.
@Suite("QUERY")
struct QueryMethodTests {
    static let json = ["Content-Type: application/json"]

    @Test("§1 every example gets from QUERY the bytes, status and ETag POST gets, in every format its route offers")
    func query_answersAsPostDoes() throws {
        let service = try TestService()
        for name in try ExampleFiles.names() {
            let route = ExampleFiles.route(for: name)
            let body = try ExampleFiles.bytes(name)
            for format in Self.formats(route) {
                let post = try Curl.request("POST", service.baseURL + route + "?format=" + format, headers: Self.json, body: body)
                let query = try Curl.request("QUERY", service.baseURL + route + "?format=" + format, headers: Self.json, body: body)
                #expect(post.status == 200, "\(name) as \(format)")
                #expect(query.status == post.status && query.body == post.body, "\(name) as \(format)")
                #expect(query.header("ETag") == post.header("ETag"), "\(name) as \(format)")
                #expect(query.header("Content-Type") == post.header("Content-Type"))
            }
        }
    }

    @Test("§1 QUERY's problems and limits are POST's: 415, 400, 422, 406, 413")
    func query_refusesAsPostDoes() throws {
        let service = try TestService { $0.server.limits.maxBodyBytes = 64 * 1024 }
        let cases: [(query: String, headers: [String], body: [UInt8])] = [
            ("", ["Content-Type: text/plain"], Array("{}".utf8)),
            ("", Self.json, Array("{\"transition\":".utf8)),
            ("", Self.json, Array(#"{"transition":"push","container":{"width":-1,"height":852}}"#.utf8)),
            ("?format=xml", Self.json, Array("{}".utf8)),
            ("", Self.json, Array(repeating: UInt8(ascii: " "), count: 70 * 1024))
        ]
        for item in cases {
            let post = try Curl.request("POST", service.baseURL + "/v1/plans" + item.query, headers: item.headers, body: item.body)
            let query = try Curl.request("QUERY", service.baseURL + "/v1/plans" + item.query, headers: item.headers, body: item.body)
            #expect(post.status >= 400)
            #expect(query.status == post.status && query.body == post.body, "\(post.status): \(query.text)")
        }
    }

    @Test("§1 Accept-Query on every answer of a collection (200, 4xx, 405, OPTIONS); 405's Allow lists QUERY; none elsewhere")
    func acceptQuery_isAdvertised() throws {
        let service = try TestService()
        for route in ["/v1/plans", "/v1/lifecycle", "/v1/timelines", "/v1/conformance"] {
            let put = try Curl.request("PUT", service.baseURL + route, headers: Self.json, body: Array("{}".utf8))
            #expect(put.status == 405)
            #expect(put.header("Allow") == "POST, QUERY, OPTIONS")
            #expect(put.header("Accept-Query") == "application/json")
            let options = try Curl.request("OPTIONS", service.baseURL + route)
            #expect(options.header("Allow") == "POST, QUERY, OPTIONS")
            #expect(options.header("Accept-Query") == "application/json")
            let refused = try Curl.request("QUERY", service.baseURL + route, headers: Self.json, body: Array("[".utf8))
            #expect(refused.status == 400 && refused.header("Accept-Query") == "application/json")
        }
        let answered = try Curl.request("QUERY", service.baseURL + "/v1/plans", headers: Self.json, body: try ExampleFiles.bytes("push.json"))
        #expect(answered.header("Accept-Query") == "application/json")
        #expect(try service.get("/healthz").header("Accept-Query") == nil)
        let address = try #require(answered.header("Content-Location"))
        #expect(try service.get(address).header("Accept-Query") == nil, "an address takes GET, not QUERY")
    }

    @Test("§1 a CORS preflight for QUERY is allowed, and the answer exposes Content-Location")
    func corsPreflight_allowsQuery() throws {
        let service = try TestService { $0.corsOrigins = ["https://app.example"] }
        let preflight = try Curl.request(
            "OPTIONS", service.baseURL + "/v1/plans",
            headers: ["Origin: https://app.example", "Access-Control-Request-Method: QUERY", "Access-Control-Request-Headers: content-type"])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example")
        #expect(
            preflight.header("Access-Control-Allow-Methods")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains("QUERY")
                == true)
        let answer = try Curl.request(
            "QUERY", service.baseURL + "/v1/plans", headers: Self.json + ["Origin: https://app.example"], body: try ExampleFiles.bytes("push.json"))
        #expect(answer.header("Access-Control-Allow-Origin") == "https://app.example")
        #expect(answer.header("Access-Control-Expose-Headers")?.contains("Content-Location") == true)
    }

    @Test("§1 POST keeps working as before: the same bytes, no-cache, and now an address")
    func post_isUnchanged() throws {
        let service = try TestService()
        let post = try service.post("/v1/plans", json: PlanningRouteTests.validPlan)
        #expect(post.status == 200)
        #expect(post.header("Cache-Control") == "no-cache")
        #expect(post.header("Content-Location")?.hasPrefix("/v1/plans/1.") == true)
    }

    @Test("§1 QUERY is counted under its own method in the metrics")
    func query_isCountedByName() throws {
        let service = try TestService()
        _ = try Curl.request("QUERY", service.baseURL + "/v1/plans", headers: Self.json, body: try ExampleFiles.bytes("push.json"))
        let metrics = try service.get("/metrics").text
        #expect(metrics.contains(#"loupe_http_requests_total{route="/v1/plans",method="QUERY",status="200"} 1"#))
    }

    /// The formats a route offers, by name.
    static func formats(_ route: String) -> [String] {
        switch route {
        case "/v1/lifecycle": ["json", "svg"]
        case "/v1/timelines": ["json"]
        case "/v1/conformance": ["json", "junit", "svg"]
        default: ["json", "css", "waapi", "svg", "view-transition", "lottie"]
        }
    }
}
