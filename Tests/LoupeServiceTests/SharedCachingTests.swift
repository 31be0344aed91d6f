import Foundation
import LoupeTestClient
import Testing
@testable import LoupeService

/// Issue 36 §3: GET and QUERY answers may be kept by shared caches for --shared-cache-seconds;
/// POST answers stay no-cache; with API keys, the headers keep a stored answer from any client
/// without the same key (RFC 9111 §3.5 and §4.1).
@Suite("Shared caching")
struct SharedCachingTests {
    static let json = ["Content-Type: application/json"]

    @Test("§3 GET and QUERY answers: max-age from --shared-cache-seconds (3600 by default); POST: no-cache")
    func cacheControl_byMethod() throws {
        let service = try TestService()
        let post = try service.post("/v1/plans", json: PlanningRouteTests.validPlan)
        let query = try Curl.request("QUERY", service.baseURL + "/v1/plans", headers: Self.json, body: Array(PlanningRouteTests.validPlan.utf8))
        let get = try service.get(try #require(post.header("Content-Location")))
        #expect(post.header("Cache-Control") == "no-cache")
        #expect(query.header("Cache-Control") == "max-age=3600")
        #expect(get.header("Cache-Control") == "max-age=3600")
        let configured = try TestService { $0.sharedCacheSeconds = 86_400 }
        #expect(try configured.get(try #require(post.header("Content-Location"))).header("Cache-Control") == "max-age=86400")
        let revalidating = try TestService { $0.sharedCacheSeconds = 0 }
        #expect(try revalidating.get(try #require(post.header("Content-Location"))).header("Cache-Control") == "no-cache")
    }

    @Test("§3 the setting: --shared-cache-seconds and LOUPE_SHARED_CACHE_SECONDS, 0 to a year; --max-address-bytes 256 to 8000")
    func settings_parse() throws {
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).sharedCacheSeconds == 3600)
        #expect(try ServiceConfiguration.parse(arguments: ["--shared-cache-seconds", "60"], environment: [:]).sharedCacheSeconds == 60)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["LOUPE_SHARED_CACHE_SECONDS": "0"]).sharedCacheSeconds == 0)
        #expect(throws: ConfigurationError.self) { try ServiceConfiguration.parse(arguments: ["--shared-cache-seconds", "-1"], environment: [:]) }
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).maxAddressBytes == 4096)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["LOUPE_MAX_ADDRESS_BYTES": "2048"]).maxAddressBytes == 2048)
        #expect(throws: ConfigurationError.self) { try ServiceConfiguration.parse(arguments: ["--max-address-bytes", "9000"], environment: [:]) }
    }

    @Test("§3 Vary: Accept exactly where Accept chose the format, for GET, QUERY and POST")
    func vary_followsTheNegotiation() throws {
        let service = try TestService()
        let body = Array(PlanningRouteTests.validPlan.utf8)
        for method in ["POST", "QUERY"] {
            let byAccept = try Curl.request(method, service.baseURL + "/v1/plans", headers: Self.json + ["Accept: image/svg+xml"], body: body)
            let byQuery = try Curl.request(method, service.baseURL + "/v1/plans?format=svg", headers: Self.json, body: body)
            #expect(byAccept.header("Vary") == "Accept")
            #expect(byQuery.header("Vary") == nil)
            #expect(byAccept.header("Content-Location") == byQuery.header("Content-Location"), "the address names the format")
        }
    }

    @Test("§3 with API keys: GET and QUERY answers say public and Vary: Authorization; 401s are no-store")
    func apiKeys_keepStoredAnswersToTheirKey() throws {
        let service = try TestService { $0.apiKeys = ["k1"] }
        let key = ["Authorization: Bearer k1"]
        let post = try service.post("/v1/plans", json: PlanningRouteTests.validPlan, headers: Self.json + key)
        let query = try Curl.request(
            "QUERY", service.baseURL + "/v1/plans?format=svg", headers: Self.json + key, body: Array(PlanningRouteTests.validPlan.utf8))
        let address = try #require(post.header("Content-Location"))
        let get = try service.get(address, headers: key)
        #expect(post.header("Cache-Control") == "no-cache")
        for answer in [query, get] {
            #expect(answer.header("Cache-Control") == "public, max-age=3600")
            let vary = answer.headers.filter { $0.name.lowercased() == "vary" }.map(\.value)
            #expect(vary.count == 1 && vary[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains("Authorization"))
        }
        #expect(get.header("Vary") != nil)
        let refused = try service.get(address)
        #expect(refused.status == 401 && refused.header("Cache-Control") == "no-store")
    }

    /// Issue 42 §1 (regression): Loupe wrote `Vary: Accept` and `Vary: Authorization` as two
    /// lines, and nginx 1.22 keyed its stored answers on the last line alone, handing a keyed
    /// answer to a client without a key and one client's CSS to the next client's JSON.
    @Test("issue 42 §1: one Vary field lists Accept, Authorization and Origin on 200s and 304s alike")
    func vary_isOneFieldListingEveryHeader() throws {
        let service = try TestService {
            $0.apiKeys = ["k1"]
            $0.corsOrigins = ["https://app.example"]
        }
        let key = ["Authorization: Bearer k1"]
        let post = try service.post("/v1/plans", json: PlanningRouteTests.validPlan, headers: Self.json + key)
        let address = try #require(post.header("Content-Location"))
        let byAccept = try service.get(address, headers: key + ["Accept: text/css", "Origin: https://app.example"])
        let tag = try #require(byAccept.header("ETag"))
        let notModified = try service.get(address, headers: key + ["Accept: text/css", "If-None-Match: \(tag)"])
        #expect(byAccept.status == 200 && notModified.status == 304)
        for answer in [byAccept, notModified] {
            #expect(answer.headers.filter { $0.name.lowercased() == "vary" }.map(\.value) == ["Accept, Authorization, Origin"])
        }
        let byFormat = try service.get(address + "?format=css", headers: key)
        #expect(byFormat.headers.filter { $0.name.lowercased() == "vary" }.map(\.value) == ["Authorization, Origin"])
    }
}
