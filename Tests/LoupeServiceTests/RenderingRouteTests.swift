import Foundation
import LoupeJSON
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

/// Formats over real sockets: `?format=` wins, else Accept decides, 406 when nothing fits, and
/// `Vary: Accept` exactly when Accept decided.
@Suite("Rendering routes")
struct RenderingRouteTests {
    static let plan = PlanningRouteTests.validPlan
    static let script = #"{"stack":["list"],"events":[{"time":0,"type":"push","viewController":"detail"}]}"#

    @Test(
        "?format= picks the rendering and its Content-Type, with no Vary",
        arguments: [
            ("/v1/plans", "json", "application/json"), ("/v1/plans", "css", "text/css; charset=utf-8"),
            ("/v1/plans", "waapi", "application/vnd.loupe.waapi+json"), ("/v1/plans", "svg", "image/svg+xml"),
            ("/v1/plans", "view-transition", "text/css; charset=utf-8"),
            ("/v1/plans", "lottie", "application/vnd.loupe.lottie+json"),
            ("/v1/lifecycle", "json", "application/json"), ("/v1/lifecycle", "svg", "image/svg+xml")
        ])
    func formatQuery_picksTheRendering(path: String, format: String, contentType: String) throws {
        let service = try TestService()
        let body = path == "/v1/plans" ? Self.plan : Self.script
        // Accept is ignored when the query names the format.
        let response = try service.post(path + "?format=" + format, json: body, headers: ["Content-Type: application/json", "Accept: text/html"])
        #expect(response.status == 200, "\(response.text.prefix(300))")
        #expect(response.header("Content-Type") == contentType)
        #expect(response.header("Vary") == nil)
        let direct =
            path == "/v1/plans"
            ? try RenderingRouteTests.render(PlanEndpoint.self, body, format)
            : try RenderingRouteTests.render(LifecycleEndpoint.self, body, format)
        #expect(response.body == direct, "the route answers the renderer's bytes")
    }

    @Test(
        "Accept chooses by weight, ties go to JSON, and the answer says Vary: Accept",
        arguments: [
            ("text/css", "text/css; charset=utf-8"), ("image/svg+xml, application/json;q=0.5", "image/svg+xml"),
            ("application/json;q=0.2, text/css;q=0.9", "text/css; charset=utf-8"), ("*/*", "application/json"),
            ("text/*", "text/css; charset=utf-8"), ("application/vnd.loupe.waapi+json", "application/vnd.loupe.waapi+json"),
            ("image/*;q=0.1, */*;q=0", "image/svg+xml"), ("Text/CSS", "text/css; charset=utf-8"),
            ("application/*", "application/json"), ("", "application/json"), ("garbage, text/css", "text/css; charset=utf-8"),
            ("application/vnd.loupe.lottie+json", "application/vnd.loupe.lottie+json"),
            ("application/json;q=0.5, application/vnd.loupe.lottie+json", "application/vnd.loupe.lottie+json")
        ])
    func accept_choosesTheRendering(accept: String, contentType: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: Self.plan, headers: ["Content-Type: application/json", "Accept: \(accept)"])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == contentType)
        #expect(response.header("Vary") == "Accept")
        // text/css is the css rendering's: the view-transition stylesheet shares the type but
        // only ?format= asks for it.
        if contentType.hasPrefix("text/css") { #expect(response.text.hasPrefix("/* Loupe plan: ")) }
    }

    @Test(
        "no acceptable rendering is 406 not-acceptable problem+json",
        arguments: [
            ("/v1/plans", "", "text/html"), ("/v1/plans", "?format=xml", nil), ("/v1/plans", "?format=", nil),
            ("/v1/lifecycle", "?format=css", nil), ("/v1/lifecycle", "", "text/css"), ("/v1/plans", "", "application/json;q=0"),
            ("/v1/plans", "", "application/problem+json"), ("/v1/lifecycle", "?format=waapi", "*/*"), ("/v1/lifecycle", "?format=lottie", nil),
            ("/v1/timelines", "?format=lottie", nil)
        ])
    func unacceptable_is406(path: String, query: String, accept: String?) throws {
        let service = try TestService()
        var headers = ["Content-Type: application/json"]
        if let accept { headers.append("Accept: \(accept)") }
        let response = try service.post(path + query, json: path == "/v1/plans" ? Self.plan : Self.script, headers: headers)
        #expect(response.status == 406)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Cache-Control") == "no-store")
        let problem = try JSONReader.parse(response.body)
        #expect(problem["type"] == .string("https://loupe.dev/problems/not-acceptable"))
        #expect(problem["title"] == .string("No acceptable representation"))
    }

    @Test("406 comes after 415 and before 400 and 422")
    func notAcceptable_order() throws {
        let service = try TestService()
        #expect(try service.post("/v1/plans?format=xml", json: Self.plan, headers: ["Content-Type: text/plain"]).status == 415)
        #expect(try service.post("/v1/plans?format=xml", json: "{", headers: ["Content-Type: application/json"]).status == 406)
        #expect(try service.post("/v1/plans?format=svg", json: "{", headers: ["Content-Type: application/json"]).status == 400)
        #expect(try service.post("/v1/plans?format=svg", json: "{}", headers: ["Content-Type: application/json"]).status == 422)
    }

    static func render<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ body: String, _ format: String) throws -> [UInt8] {
        let chosen = try #require(RenderingFormat(rawValue: format))
        return Endpoint.render(try Endpoint.compute(try RequestDocument.parse(Array(body.utf8))), as: chosen)
    }
}

extension RenderingRouteTests {
    @Test("regression: ?format= is percent-decoded as forms encode it (c%73s is css, a %2B is a plus)")
    func formatQuery_isPercentDecoded() throws {
        let service = try TestService()
        let body = String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self)
        let plain = try service.post("/v1/plans?format=css", json: body)
        let encoded = try service.post("/v1/plans?f%6Frmat=c%73s", json: body)
        #expect(encoded.status == 200 && encoded.body == plain.body)
        #expect(try service.post("/v1/plans?format=c%7", json: body).status == 406)
    }
}
