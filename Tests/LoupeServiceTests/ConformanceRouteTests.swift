import Foundation
import LoupeJSON
#if canImport(FoundationXML)
    import FoundationXML
#endif
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

/// Issue 43: POST and QUERY /v1/conformance over real sockets: the examples' verdicts, the JUnit
/// and SVG renderings, and bad recordings refused with every error at once.
@Suite("Conformance route")
struct ConformanceRouteTests {
    static let json = ["Content-Type: application/json"]

    func post(_ service: TestService, _ file: String, query: String = "", headers: [String] = json) throws -> CurlResponse {
        try Curl.request("POST", service.baseURL + "/v1/conformance" + query, headers: headers, body: try ExampleFiles.bytes(file))
    }

    func failing(_ answer: JSONValue) -> [String] {
        guard case .array(let checks)? = answer["checks"] else { return [] }
        return checks.compactMap { check in
            guard case .bool(false)? = check["conforms"], case .string(let name)? = check["name"] else { return nil }
            return name
        }
    }

    @Test("§1-§2 a recording made from the plan conforms; the answer has the contract's members in order")
    func conformingExample_conforms() throws {
        let service = try TestService()
        let response = try post(service, "conformance-push.json")
        #expect(response.status == 200, "\(response.text)")
        let answer = try JSONReader.parse(response.body)
        guard case .object(let members) = answer else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["conforms", "alignment", "checks", "warnings"])
        #expect(answer["conforms"] == .bool(true))
        #expect(answer["alignment"]?["method"] == .string("firstMotion"))
        guard case .number(let offset)? = answer["alignment"]?["offset"] else { Issue.record("no offset"); return }
        #expect(abs(offset - 0.25) < 0.001)
        guard case .array(let checks)? = answer["checks"] else { Issue.record("no checks"); return }
        let names = checks.compactMap { check -> String? in if case .string(let name)? = check["name"] { name } else { nil } }
        #expect(
            names == [
                "card.x", "card.y", "card.width", "card.height", "cornerRadius", "dimming", "sourceContent", "travel50", "travel90", "settle",
                "callbacks", "callbacks.time"
            ])
    }

    @Test("§2 a Flutter-like fastOutSlowIn recording over 300 ms does not conform: the card and travel90 fail, pointing at a frame")
    func fastOutSlowIn_failsWithPointers() throws {
        let service = try TestService()
        let response = try post(service, "conformance-fast-out-slow-in.json")
        #expect(response.status == 200)
        let answer = try JSONReader.parse(response.body)
        #expect(answer["conforms"] == .bool(false))
        let failed = failing(answer)
        #expect(failed.contains("card.width") && failed.contains("travel90"), "\(failed)")
        guard case .array(let checks)? = answer["checks"] else { return }
        for check in checks where check["conforms"] == .bool(false) && check["rms"] != nil {
            guard case .string(let pointer)? = check["pointer"] else {
                Issue.record("a failing frame check has no pointer: \(check)")
                continue
            }
            #expect(pointer.hasPrefix("/observed/frames/"))
        }
    }

    @Test("§2 a lifecycle recording with two callbacks swapped names the swap and where it is")
    func swappedCallbacks_areNamed() throws {
        let service = try TestService()
        let response = try post(service, "conformance-lifecycle-swapped.json")
        let answer = try JSONReader.parse(response.body)
        #expect(answer["conforms"] == .bool(false))
        guard case .array(let checks)? = answer["checks"], let check = checks.first else { Issue.record("no checks"); return }
        #expect(check["name"] == .string("callbacks"))
        #expect(check["departure"] == .string("swapped"))
        #expect(check["pointer"] == .string("/observed/callbacks/1"))
        #expect(check["expected"]?["name"] == .string("viewWillDisappear") && check["observed"]?["name"] == .string("viewWillAppear"))
    }

    @Test("§3 ?format=junit and its Accept type give one testcase per check, a failure for each failing one")
    func junit_hasATestcasePerCheck() throws {
        let service = try TestService()
        let byQuery = try post(service, "conformance-fast-out-slow-in.json", query: "?format=junit")
        let byAccept = try post(service, "conformance-fast-out-slow-in.json", headers: Self.json + ["Accept: application/vnd.loupe.junit+xml"])
        let json = try JSONReader.parse(try post(service, "conformance-fast-out-slow-in.json").body)
        for response in [byQuery, byAccept] {
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/vnd.loupe.junit+xml")
            let document = try XMLDocument(data: Data(response.body))
            let cases = try document.nodes(forXPath: "//testcase")
            guard case .array(let checks)? = json["checks"] else { return }
            #expect(cases.count == checks.count)
            let failures = try document.nodes(forXPath: "//testcase[failure]/@name").compactMap { $0.stringValue }
            #expect(failures == failing(json))
            #expect(try document.nodes(forXPath: "/testsuites/@failures").first?.stringValue == String(failures.count))
        }
    }

    @Test("§3 ?format=svg draws a panel per compared quantity with its band, failing stretches in red")
    func svg_drawsTheCurves() throws {
        let service = try TestService()
        let response = try post(service, "conformance-fast-out-slow-in.json", query: "?format=svg")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/svg+xml")
        let document = try XMLDocument(data: Data(response.body))
        #expect(try document.nodes(forXPath: "//*[local-name()='polygon']").count == 7)
        #expect(try document.nodes(forXPath: "//*[local-name()='polyline'][@stroke='#d93025']").count > 0)
        let conforming = try XMLDocument(data: Data(try post(service, "conformance-push.json", query: "?format=svg").body))
        #expect(try conforming.nodes(forXPath: "//*[@fill='#d93025' or @stroke='#d93025']").isEmpty)
    }

    @Test("§1 QUERY answers what POST answers")
    func query_answersAsPost() throws {
        let service = try TestService()
        let body = try ExampleFiles.bytes("conformance-push.json")
        let post = try Curl.request("POST", service.baseURL + "/v1/conformance", headers: Self.json, body: body)
        let query = try Curl.request("QUERY", service.baseURL + "/v1/conformance", headers: Self.json, body: body)
        #expect(query.status == 200 && query.body == post.body && query.header("ETag") == post.header("ETag"))
    }

    @Test("§7 bad recordings: every error at once, each with its pointer; an expected with none or two routes")
    func badInput_listsEveryError() throws {
        let service = try TestService()
        let body = """
            {"expected":{"plan":{"transition":"push"},"lifecycle":{"stack":["a"],"events":[]}},
             "observed":{"frames":[{"time":1,"card":{"x":0,"y":0,"width":-3,"height":1}},
                                   {"time":0.5,"card":{"x":"a","y":0,"width":1,"height":1},"dimming":2}],
                         "callbacks":[{"viewController":"a","name":"viewWillApear"}]},
             "tolerances":{"position":-1},"alignment":"later"}
            """
        let response = try service.post("/v1/conformance", json: body)
        #expect(response.status == 422)
        let problem = try JSONReader.parse(response.body)
        guard case .array(let errors)? = problem["errors"] else { Issue.record("no errors"); return }
        let pointers = errors.compactMap { error -> String? in if case .string(let pointer)? = error["pointer"] { pointer } else { nil } }
        #expect(
            pointers == [
                "/expected", "/observed/frames/0/card/width", "/observed/frames/1/time", "/observed/frames/1/card/x", "/observed/frames/1/dimming",
                "/observed/callbacks/0/name", "/tolerances/position", "/alignment"
            ])
        let none = try service.post("/v1/conformance", json: #"{"expected":{},"observed":{"callbacks":[]}}"#)
        #expect(none.status == 422 && none.text.contains("exactly one of plan, timeline or lifecycle, not none"))
        let nothing = try service.post("/v1/conformance", json: #"{"expected":{"lifecycle":{"stack":["a"],"events":[]}},"observed":{}}"#)
        #expect(nothing.status == 422 && nothing.text.contains("must hold frames, callbacks or both"))
        let framesOnly = try service.post(
            "/v1/conformance",
            json:
                #"{"expected":{"lifecycle":{"stack":["a"],"events":[]}},"observed":{"frames":[{"time":0,"card":{"x":0,"y":0,"width":1,"height":1}},{"time":1,"card":{"x":0,"y":0,"width":1,"height":1}}]}}"#
        )
        #expect(framesOnly.status == 422 && framesOnly.text.contains("/observed/callbacks"))
    }

    @Test("§7 the expected body's own errors keep their route's pointers, under /expected/plan")
    func expectedErrors_arePointedIntoExpected() throws {
        let service = try TestService()
        let response = try service.post(
            "/v1/conformance", json: #"{"expected":{"plan":{"transition":"push","container":{"width":-1,"height":2}}},"observed":{"callbacks":[]}}"#)
        #expect(response.status == 422)
        #expect(response.text.contains("\"/expected/plan/container/width\""), "\(response.text)")
    }

    @Test("§7 a recording over the frame limit or the 60 s span is a 422 naming it; a body over the limit a 413")
    func longRecordings_areRefused() throws {
        let service = try TestService { $0.server.limits.maxBodyBytes = 300_000 }
        func recording(frames: Int, step: Double) -> String {
            let list = (0..<frames).map { #"{"time":\#(Double($0) * step),"card":{"x":0,"y":0,"width":10,"height":10}}"# }
            return #"{"expected":{"plan":{"transition":"push","container":{"width":393,"height":852}}},"observed":{"frames":["#
                + list.joined(separator: ",") + "]}}"
        }
        let tooMany = try service.post("/v1/conformance", json: recording(frames: 2_401, step: 0.001))
        #expect(tooMany.status == 422 && tooMany.text.contains("at most 2400 elements"), "\(tooMany.text)")
        let tooLong = try service.post("/v1/conformance", json: recording(frames: 20, step: 4))
        #expect(tooLong.status == 422 && tooLong.text.contains("/observed/frames/19/time"), "\(tooLong.text)")
        let tooBig = try service.post("/v1/conformance", json: recording(frames: 2_400, step: 0.001) + String(repeating: " ", count: 200_000))
        #expect(tooBig.status == 413)
    }
}
