import Foundation
import LoupeHTTP
import LoupeTestClient
import LoupeTestSupport
import Testing
@testable import LoupeService

/// Issue 45 §7: a body option sent in the query (`?precision=0`) is not read, and the answer
/// says so in a `Loupe-Warning` header, leaving the body, its ETag and the caches as they were.
@Suite("Ignored query parameters")
struct IgnoredQueryParameterTests {
    static let json = ["Content-Type: application/json"]

    @Test("§7 ?precision=0 gets the plain answer and a Loupe-Warning naming the parameter; ?format= alone gets none")
    func bodyOptionInQuery_isNamedInAWarning() throws {
        let service = try TestService()
        let body = try ExampleFiles.bytes("push.json")
        let plain = try Curl.request("POST", service.baseURL + "/v1/plans", headers: Self.json, body: body)
        let queried = try Curl.request("POST", service.baseURL + "/v1/plans?precision=0", headers: Self.json, body: body)
        #expect(plain.status == 200 && queried.status == 200)
        #expect(plain.header("Loupe-Warning") == nil)
        #expect(queried.header("Loupe-Warning") == #"query-parameter-ignored; parameter="precision""#)
        #expect(queried.body == plain.body && queried.header("ETag") == plain.header("ETag"), "the body decides the answer")
        let formatted = try Curl.request("POST", service.baseURL + "/v1/plans?format=css", headers: Self.json, body: body)
        #expect(formatted.status == 200 && formatted.header("Loupe-Warning") == nil)
    }

    @Test("§7 the warning rides on every answer of a /v1 request: a cached 200, a 304, an address, QUERY, another route")
    func warning_isOnEveryAnswer() throws {
        let service = try TestService()
        let body = try ExampleFiles.bytes("push.json")
        let first = try Curl.request("POST", service.baseURL + "/v1/plans?strict=true&fps=120", headers: Self.json, body: body)
        let again = try Curl.request("QUERY", service.baseURL + "/v1/plans?strict=true&fps=120", headers: Self.json, body: body)
        let expected = #"query-parameter-ignored; parameter="strict", query-parameter-ignored; parameter="fps""#
        #expect(first.header("Loupe-Warning") == expected && again.header("Loupe-Warning") == expected)
        let tag = try #require(first.header("ETag"))
        let notModified = try Curl.request(
            "POST", service.baseURL + "/v1/plans?precision=1", headers: Self.json + ["If-None-Match: \(tag)"], body: body)
        #expect(notModified.status == 304 && notModified.header("Loupe-Warning")?.contains("precision") == true)
        let address = try #require(first.header("Content-Location"))
        let got = try Curl.request("GET", service.baseURL + address + "?precision=2")
        #expect(got.status == 200 && got.header("Loupe-Warning")?.contains("precision") == true)
        let lifecycle = try Curl.request(
            "POST", service.baseURL + "/v1/lifecycle?precision=0", headers: Self.json, body: try ExampleFiles.bytes("lifecycle-push.json"))
        #expect(lifecycle.status == 200 && lifecycle.header("Loupe-Warning")?.contains("precision") == true)
    }

    @Test("§7 a hostile query stays a small, escaped header: names cut to 32 bytes, percent-encoded, at most 8, repeats once")
    func hostileQuery_isEscapedAndBounded() {
        let names = (0..<20).map { "p\($0)" }.joined(separator: "&")
        var request = HTTPRequest(method: "POST", target: "/v1/plans?" + names + "&p1=again")
        var warning = IgnoredQueryParameters.warning(for: request) ?? ""
        #expect(warning.components(separatedBy: "query-parameter-ignored").count - 1 == 8)
        request = HTTPRequest(method: "POST", target: "/v1/plans?a%0D%0AX-Injected:%201&" + String(repeating: "z", count: 100) + "&%22q%22")
        warning = IgnoredQueryParameters.warning(for: request) ?? ""
        #expect(!warning.contains("\r") && !warning.contains("\n"))
        #expect(warning.contains(#"parameter="a%0D%0AX-Injected%3A%201""#))
        #expect(warning.contains("parameter=\"" + String(repeating: "z", count: 32) + "\""))
        #expect(warning.contains(#"parameter="%22q%22""#))
        #expect(IgnoredQueryParameters.warning(for: HTTPRequest(method: "GET", target: "/v1/plans?format=json")) == nil)
        #expect(IgnoredQueryParameters.warning(for: HTTPRequest(method: "GET", target: "/v1/plans?")) == nil)
        // Regression (the contract's fuzzing): a parameter with an empty name is named empty, and
        // the contract's pattern allows it.
        #expect(IgnoredQueryParameters.warning(for: HTTPRequest(method: "GET", target: "/v1/plans?=x")) == #"query-parameter-ignored; parameter="""#)
    }
}
