import Foundation
import LoupeJSON
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

/// POST /v1/plans, /v1/lifecycle and /v1/timelines over real sockets.
@Suite("Planning routes")
struct PlanningRouteTests {
    static let validPlan = #"{"transition":"push","container":{"width":393,"height":852}}"#

    @Test("every example file gets 200 application/json from its route, the same bytes as the planner")
    func everyExample_answers200() throws {
        let service = try TestService()
        let names = try ExampleFiles.names()
        #expect(names.count >= 13)
        for name in names {
            let body = try ExampleFiles.bytes(name)
            let route = ExampleFiles.route(for: name)
            let response = try Curl.request("POST", service.baseURL + route, headers: ["Content-Type: application/json"], body: body)
            #expect(response.status == 200, "\(name): \(response.text)")
            #expect(response.header("Content-Type") == "application/json", "\(name)")
            let direct =
                switch route {
                case "/v1/plans": try PlanEndpoint.answer(body: body)
                case "/v1/timelines": try TimelineEndpoint.answer(body: body)
                case "/v1/conformance": try ConformanceEndpoint.answer(body: body)
                default: try LifecycleEndpoint.answer(body: body)
                }
            #expect(response.body == direct, "\(name)")
        }
    }

    @Test("push.json: first mask is the source frame, last keyframe the identity at the destination frame")
    func pushExample_startsAtTheSourceAndEndsAtTheDestination() throws {
        let service = try TestService()
        let response = try Curl.request(
            "POST", service.baseURL + "/v1/plans", headers: ["Content-Type: application/json"],
            body: try ExampleFiles.bytes("push.json"))
        let plan = try JSONReader.parse(response.body)
        guard case .array(let keyframes)? = plan["keyframes"], let first = keyframes.first, let last = keyframes.last else {
            Issue.record("no keyframes")
            return
        }
        #expect(
            first["mask"]
                == .object([("x", .number(16)), ("y", .number(120)), ("width", .number(110)), ("height", .number(110)), ("cornerRadius", .number(8))])
        )
        #expect(last["transform"] == .array([1, 0, 0, 1, 0, 0].map(JSONValue.number)))
        #expect(last["mask"]?["width"] == .number(393))
        #expect(last["mask"]?["height"] == .number(852))
    }

    @Test("malformed JSON gets 400 problem+json naming the byte offset", arguments: ["/v1/plans", "/v1/lifecycle"])
    func malformedJSON_gets400(path: String) throws {
        let service = try TestService()
        let response = try service.post(path, json: #"{"transition": "push",, }"#)
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try JSONReader.parse(response.body)
        #expect(problem["type"] == .string("https://loupe.dev/problems/malformed-json"))
        #expect(response.text.contains("at byte 22 (line 1, column 23)"))
    }

    @Test("an empty body gets 400")
    func emptyBody_gets400() throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: "")
        #expect(response.status == 400)
        #expect(response.text.contains("empty"))
    }

    @Test(
        "a body that is not declared JSON gets 415",
        arguments: [["Content-Type: text/plain"], ["Content-Type: application/x-www-form-urlencoded"], ["Content-Type: application/jsonx"], []])
    func wrongContentType_gets415(headers: [String]) throws {
        let service = try TestService()
        // An empty Content-Type line removes curl's default form type, so [] sends none.
        let sent = headers.isEmpty ? ["Content-Type:"] : headers
        let response = try service.post("/v1/plans", json: Self.validPlan, headers: sent)
        #expect(response.status == 415)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.text.contains("https://loupe.dev/problems/unsupported-media-type"))
    }

    @Test(
        "JSON media types with parameters or a +json suffix are accepted",
        arguments: [
            "application/json; charset=utf-8", "Application/JSON", "application/vnd.loupe.plan+json",
            #"application/json; charset="UTF-8""#, "application/json;CHARSET=Utf-8", "application/json ; charset=utf-8;",
            #"application/vnd.loupe.plan+json; profile="a;b=c"; charset=utf-8"#
        ])
    func jsonMediaTypes_areAccepted(type: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: Self.validPlan, headers: ["Content-Type: \(type)"])
        #expect(response.status == 200)
    }

    @Test(
        "a JSON body declared in a charset other than UTF-8 gets 415 naming the charset (RFC 8259 §8.1)",
        arguments: [
            ("application/json; charset=iso-8859-1", "iso-8859-1"),
            (#"application/json; charset="UTF-16""#, "UTF-16"),
            ("application/vnd.loupe.plan+json; charset=latin1", "latin1"),
            ("application/json; charset=utf-8; charset=us-ascii", "us-ascii")
        ])
    func nonUTF8Charset_gets415(type: String, charset: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: Self.validPlan, headers: ["Content-Type: \(type)"])
        #expect(response.status == 415)
        let problem = try JSONReader.parse(response.body)
        #expect(problem["type"] == .string("https://loupe.dev/problems/unsupported-media-type"))
        guard case .string(let detail)? = problem["detail"] else {
            Issue.record("no detail")
            return
        }
        #expect(detail.contains("charset \"\(charset)\""), "\(detail)")
    }

    @Test(
        "a Content-Type whose parameters do not parse gets 415",
        arguments: [
            "application/json; charset", #"application/json; charset="utf-8"#, "application/json; =utf-8", "application/json charset=utf-8"
        ])
    func malformedMediaType_gets415(type: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: Self.validPlan, headers: ["Content-Type: \(type)"])
        #expect(response.status == 415)
    }

    @Test("a 422 lists several invalid fields at once")
    func invalidFields_get422ListingAll() throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: #"{"transition":"slide","container":{"width":-1},"animation":{"frameRate":500}}"#)
        #expect(response.status == 422)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try JSONReader.parse(response.body)
        #expect(problem["type"] == .string("https://loupe.dev/problems/invalid-request"))
        guard case .array(let errors)? = problem["errors"] else {
            Issue.record("no errors")
            return
        }
        #expect(
            errors.map { $0["pointer"] } == [
                .string("/transition"), .string("/container/width"), .string("/container/height"), .string("/animation/frameRate")
            ])
    }

    @Test("an unplayable script gets 422 invalid-script with a pointer")
    func unplayableScript_gets422() throws {
        let service = try TestService()
        let response = try service.post("/v1/lifecycle", json: #"{"stack":["list"],"events":[{"time":0,"type":"pop"}]}"#)
        #expect(response.status == 422)
        #expect(response.text.contains("https://loupe.dev/problems/invalid-script"))
        #expect(response.text.contains(#""pointer":"/events/0/type""#))
    }

    @Test("a body over the limit gets 413")
    func oversizeBody_gets413() throws {
        let service = try TestService { $0.server.limits.maxBodyBytes = 4096 }
        let padding = String(repeating: " ", count: 5000)
        let response = try service.post("/v1/plans", json: "{" + padding + #""transition":"push"}"#)
        #expect(response.status == 413)
        #expect(response.text.contains("https://loupe.dev/problems/body-too-large"))
    }

    @Test("with API keys configured, /v1 needs one", arguments: ["/v1/plans", "/v1/lifecycle"])
    func apiKey_isRequired(path: String) throws {
        let service = try TestService { $0.apiKeys = ["secret"] }
        let denied = try service.post(path, json: Self.validPlan)
        #expect(denied.status == 401)
        #expect(denied.header("WWW-Authenticate") == #"Bearer realm="loupe""#)
        #expect(denied.text.contains("https://loupe.dev/problems/unauthorized"))
        let wrongKey = try service.post(path, json: Self.validPlan, headers: ["Content-Type: application/json", "Authorization: Bearer secreT"])
        #expect(wrongKey.status == 401)
        let wrongScheme = try service.post(path, json: Self.validPlan, headers: ["Content-Type: application/json", "Authorization: Basic secret"])
        #expect(wrongScheme.status == 401)
        let allowed = try service.post(path, json: Self.validPlan, headers: ["Content-Type: application/json", "Authorization: Bearer secret"])
        #expect(allowed.status != 401)
    }

    @Test(
        "with API keys configured, a request with two Authorization fields gets 401 whichever comes first",
        arguments: [
            ["Bearer secret", "Bearer wrong"], ["Bearer wrong", "Bearer secret"], ["Bearer secret", "Bearer secret"]
        ])
    func twoAuthorizationFields_get401(fields: [String]) throws {
        let service = try TestService { $0.apiKeys = ["secret"] }
        let connection = try RawConnection(port: service.port)
        let authorization = fields.map { "Authorization: \($0)\r\n" }.joined()
        try connection.send(
            "POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\(authorization)"
                + "Content-Length: \(Self.validPlan.utf8.count)\r\n\r\n\(Self.validPlan)")
        let response = try #require(connection.readResponse())
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == #"Bearer realm="loupe""#)
        #expect(response.text.contains("https://loupe.dev/problems/unauthorized"))
        #expect(response.text.contains("exactly one Authorization field"))
    }

    @Test("GET on a /v1 collection is 405 with Allow: POST, QUERY, OPTIONS (issue 36 §1)")
    func get_is405() throws {
        let service = try TestService()
        let response = try service.get("/v1/plans")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "POST, QUERY, OPTIONS")
    }
}
