import Foundation
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

/// `/v1/plans.css` is `/v1/plans?format=css`, and `/v1/plans/{key}.svg` is the address's
/// `?format=svg`, over real sockets (issue 45 §4): an operation per rendering in the contract, so
/// a client generated from it knows what each one answers.
@Suite("Planning routes: a format named by the path")
struct FormatSuffixRouteTests {
    static let routes: [(path: String, example: String, formats: [RenderingFormat])] = [
        ("/v1/plans", "push.json", PlanEndpoint.formats),
        ("/v1/lifecycle", "lifecycle-push.json", LifecycleEndpoint.formats),
        ("/v1/timelines", "timeline-pinch-dismiss.json", TimelineEndpoint.formats),
        ("/v1/conformance", "conformance-lifecycle-swapped.json", ConformanceEndpoint.formats)
    ]
    static let json = ["Content-Type: application/json"]

    @Test("every format of every route: the suffix gives ?format='s bytes and ETag, by POST, QUERY and at the address")
    func suffix_answersAsTheQueryParameterDoes() throws {
        let service = try TestService()
        for (path, example, formats) in Self.routes {
            let body = try ExampleFiles.bytes(example)
            for format in formats {
                let named = try Curl.request("POST", service.baseURL + path + "?format=" + format.rawValue, headers: Self.json, body: body)
                #expect(named.status == 200, "\(path) ?format=\(format.rawValue): \(named.text.prefix(200))")
                for method in ["POST", "QUERY"] {
                    let suffixed = try Curl.request(method, service.baseURL + path + "." + format.rawValue, headers: Self.json, body: body)
                    #expect(suffixed.status == 200 && suffixed.body == named.body, "\(method) \(path).\(format.rawValue)")
                    #expect(suffixed.header("ETag") == named.header("ETag") && suffixed.header("ETag") != nil)
                    #expect(suffixed.header("Content-Type") == named.header("Content-Type"))
                    #expect(suffixed.header("Content-Location") == named.header("Content-Location"), "the address is the query's")
                }
                let location = try #require(named.header("Content-Location"), "\(path) as \(format.rawValue)")
                let address = String(location.prefix { $0 != "?" })
                let fetched = try Curl.request("GET", service.baseURL + address + "." + format.rawValue)
                #expect(fetched.status == 200 && fetched.body == named.body, "GET \(path)/{key}.\(format.rawValue)")
            }
        }
    }

    @Test("a path and a query that name different formats are a 406 that names both; the same one twice is one format")
    func twoFormats_areRefused() throws {
        let service = try TestService()
        let body = try ExampleFiles.bytes("push.json")
        let both = try Curl.request("POST", service.baseURL + "/v1/plans.css?format=svg", headers: Self.json, body: body)
        #expect(both.status == 406)
        #expect(both.text.contains(#"names format \"css\" in its path and \"svg\" in ?format="#), "\(both.text)")
        let repeated = try Curl.request("POST", service.baseURL + "/v1/plans?format=svg&format=css", headers: Self.json, body: body)
        #expect(repeated.status == 200 && repeated.header("Content-Type") == "image/svg+xml", "repeated ?format= keeps its meaning: the first wins")
        let same = try Curl.request("POST", service.baseURL + "/v1/plans.css?format=css", headers: Self.json, body: body)
        #expect(same.status == 200 && same.header("Content-Type")?.hasPrefix("text/css") == true)
    }

    @Test("a format a route does not offer is a 406; a name that is no format is a 404; files keep their names")
    func unknownSuffixes_areRefused() throws {
        let service = try TestService()
        let lifecycle = try ExampleFiles.bytes("lifecycle-push.json")
        #expect(try Curl.request("POST", service.baseURL + "/v1/lifecycle.css", headers: Self.json, body: lifecycle).status == 406)
        #expect(try Curl.request("POST", service.baseURL + "/v1/plans.xml", headers: Self.json, body: lifecycle).status == 404)
        let icon = try Curl.request("GET", service.baseURL + "/prototype/icon.svg")
        #expect(icon.status == 200 && icon.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
    }
}
