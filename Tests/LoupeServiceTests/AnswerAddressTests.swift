import Foundation
import LoupeDeflate
import LoupeJSON
import LoupeTestClient
import LoupeTestSupport
import Testing
@testable import LoupeService

/// Issue 36 §2: every 200 to a POST or QUERY carries the GET address of its answer
/// (Content-Location), whose key holds the request; a GET of it gives the same bytes and ETag on
/// any replica; a bad key is a clear 4xx and can do no more than a body.
@Suite("GET addresses")
struct AnswerAddressTests {
    static let json = ["Content-Type: application/json"]

    @Test("§2 every example's answer, in every format, has an address whose GET gives the same bytes and ETag, on another replica too")
    func everyExample_hasAnAddress() throws {
        let service = try TestService()
        let otherReplica = try TestService()
        for name in try ExampleFiles.names() {
            let route = ExampleFiles.route(for: name)
            for format in QueryMethodTests.formats(route) {
                let asked = try Curl.request(
                    "QUERY", service.baseURL + route + "?format=" + format, headers: Self.json, body: try ExampleFiles.bytes(name))
                let address = try #require(asked.header("Content-Location"), "\(name) as \(format) has no address")
                #expect(address.hasPrefix(route + "/1."))
                #expect(address.utf8.count <= ServiceConfiguration().maxAddressBytes)
                #expect(address.hasSuffix("?format=" + format) == (format != "json"), "\(address)")
                let fetched = try otherReplica.get(address)
                #expect(fetched.status == 200, "\(name) as \(format): \(fetched.text.prefix(300))")
                #expect(fetched.body == asked.body, "\(name) as \(format)")
                #expect(fetched.header("ETag") == asked.header("ETag"))
                #expect(fetched.header("Content-Type") == asked.header("Content-Type"))
                #expect(fetched.header("Content-Location") == nil)
            }
        }
    }

    @Test("§2 ?format= and Accept work on a GET; Accept's choice says Vary: Accept")
    func get_negotiatesTheFormat() throws {
        let service = try TestService()
        let asked = try service.post("/v1/plans", json: PlanningRouteTests.validPlan)
        let address = try #require(asked.header("Content-Location"))
        #expect(!address.contains("?"), "json is the default format: no ?format=")
        let svg = try service.get(address + "?format=svg")
        #expect(svg.status == 200 && svg.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
        #expect(svg.header("Vary") == nil)
        let css = try service.get(address, headers: ["Accept: text/css"])
        #expect(css.status == 200 && css.header("Content-Type")?.hasPrefix("text/css") == true)
        #expect(css.header("Vary") == "Accept")
        let postedCSS = try service.post("/v1/plans?format=css", json: PlanningRouteTests.validPlan)
        #expect(css.body == postedCSS.body && css.header("ETag") == postedCSS.header("ETag"))
        #expect(try service.get(address + "?format=xml").status == 406)
        let head = try Curl.request("HEAD", service.baseURL + address)
        #expect(head.status == 200 && head.body.isEmpty && head.header("ETag") == asked.header("ETag"))
    }

    @Test("§2 If-None-Match on a GET: 304 with the 200's ETag, Cache-Control and Vary")
    func get_revalidates() throws {
        let service = try TestService()
        let asked = try service.post("/v1/plans", json: PlanningRouteTests.validPlan)
        let address = try #require(asked.header("Content-Location"))
        let tag = try #require(asked.header("ETag"))
        let notModified = try service.get(address, headers: ["If-None-Match: \(tag)", "Accept: application/json"])
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        #expect(notModified.header("ETag") == tag)
        #expect(notModified.header("Cache-Control") == "max-age=3600")
        #expect(notModified.header("Vary") == "Accept")
    }

    @Test("§2 a key need not come from Loupe: any zlib stream of the body, whitespace and all, is read the same")
    func keyFromAnotherCompressor_isRead() throws {
        let service = try TestService()
        let body = try ExampleFiles.bytes("push.json")
        let asked = try Curl.request("POST", service.baseURL + "/v1/plans", headers: Self.json, body: body)
        // Stored blocks (no compression), as a minimal zlib would write, of the pretty body.
        let key = "1." + Base64URL.encode(Deflater(coding: .stored).deflate(body))
        let fetched = try service.get("/v1/plans/" + key)
        #expect(fetched.status == 200 && fetched.body == asked.body && fetched.header("ETag") == asked.header("ETag"))
    }

    @Test("§2 a malformed, truncated, tampered or unknown-version key is a 400 with its own type; a longer address is a 414")
    func badKeys_areClearProblems() throws {
        let service = try TestService()
        let address = try #require(try service.post("/v1/plans", json: PlanningRouteTests.validPlan).header("Content-Location"))
        let key = String(address.dropFirst("/v1/plans/".count))
        var tampered = Array(key.utf8)
        let last = tampered.count - 3
        tampered[last] = tampered[last] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let cases: [(key: String, status: Int, type: String)] = [
            ("nodot", 400, "invalid-address"),
            ("1.", 400, "invalid-address"),
            ("1.abc$def", 400, "invalid-address"),
            ("1.abc=", 400, "invalid-address"),
            (String(key.dropLast(6)), 400, "invalid-address"),
            (String(decoding: tampered, as: UTF8.self), 400, "invalid-address"),
            ("2." + key.dropFirst(2), 400, "unknown-address-version"),
            ("v1." + key.dropFirst(2), 400, "unknown-address-version"),
            ("1." + Base64URL.encode(Deflater().deflate(Array("{not json".utf8))), 400, "malformed-json"),
            ("1." + String(repeating: "A", count: 5000), 414, "address-too-long")
        ]
        for item in cases {
            let answer = try service.get("/v1/plans/" + item.key)
            #expect(answer.status == item.status, "\(item.key.prefix(40)): \(answer.text)")
            #expect(answer.header("Content-Type") == "application/problem+json")
            #expect(answer.text.contains("\"type\":\"https://loupe.dev/problems/\(item.type)\""), "\(item.key.prefix(40)): \(answer.text)")
            #expect(answer.header("Cache-Control") == "no-store")
        }
        #expect(try service.get("/v1/plans/").status == 404, "an empty key is no address")
        #expect(try service.get("/v1/plans/\(key)/more").status == 404)
    }

    @Test("§2 a key holds no more than a body may: over --max-body-bytes is 414; the work limits are a body's")
    func keys_haveABodysLimits() throws {
        let service = try TestService { $0.server.limits.maxBodyBytes = 32 * 1024 }
        let big =
            Array(#"{"transition":"push","container":{"width":393,"height":852},"note":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 40_000)
            + Array(#""}"#.utf8)
        let overLimit = try service.get("/v1/plans/1." + Base64URL.encode(Deflater().deflate(big)))
        #expect(overLimit.status == 414 && overLimit.text.contains("address-too-long"))
        let heavy =
            #"{"transition":"push","container":{"width":393,"height":852},"animation":{"frameRate":240,"spring":{"response":10,"dampingRatio":20}}}"#
        let posted = try service.post("/v1/plans", json: heavy)
        let fetched = try service.get("/v1/plans/1." + Base64URL.encode(Deflater().deflate(Array(heavy.utf8))))
        #expect(posted.status == 422 && fetched.status == 422 && fetched.body == posted.body)
    }

    /// Issue 42 §2 (regression): a 3.2 KB address inflated to a 620 KB lifecycle body and held
    /// 31-48 ms of CPU before its 422; an address now holds at most --max-address-body-bytes.
    @Test("issue 42 §2 an address holds at most --max-address-body-bytes (64 KiB): more is 414 before it is decoded, and gets no address")
    func keys_holdAtMostTheAddressBodyLimit() throws {
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).maxAddressBodyBytes == 65536)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["LOUPE_MAX_ADDRESS_BODY_BYTES": "2048"]).maxAddressBodyBytes == 2048)
        #expect(throws: ConfigurationError.self) { try ServiceConfiguration.parse(arguments: ["--max-address-body-bytes", "10"], environment: [:]) }
        let service = try TestService()
        let events = String(repeating: #"{"type":"push","viewController":"b"},{"type":"pop"},"#, count: 5_000)
        let script = #"{"root":"a","events":["# + events.dropLast() + "]}"
        let key = Base64URL.encode(Deflater().deflate(Array(script.utf8)))
        #expect(key.utf8.count < 4_000, "\(key.utf8.count): the hostile body fits an address")
        let refused = try service.get("/v1/lifecycle/1." + key)
        #expect(refused.status == 414 && refused.text.contains("max-address-body-bytes"), "\(refused.status) \(refused.text.prefix(200))")
        let small = try TestService { $0.maxAddressBodyBytes = 4096 }
        let body =
            Array(#"{"transition":"push","container":{"width":393,"height":852},"note":""#.utf8) + Array(repeating: UInt8(ascii: "c"), count: 5_000)
            + Array(#""}"#.utf8)
        let posted = try Curl.request("POST", small.baseURL + "/v1/plans", headers: Self.json, body: body)
        #expect(posted.status == 200 && posted.header("Content-Location") == nil, "a body over the limit is offered no address")
        let fetched = try small.get("/v1/plans/1." + Base64URL.encode(Deflater().deflate(body)))
        #expect(fetched.status == 414)
    }

    @Test("§2 a key holding more than the loop reads (8 KiB) is decompressed and answered on the pool, the same as its POST")
    func largeKeys_areAnsweredOnThePool() throws {
        let service = try TestService()
        let body =
            Array(#"{"transition":"push","container":{"width":393,"height":852},"note":""#.utf8)
            + Array(repeating: UInt8(ascii: "b"), count: 20_000) + Array(#""}"#.utf8)
        let posted = try Curl.request("POST", service.baseURL + "/v1/plans", headers: Self.json, body: body)
        let address = try #require(posted.header("Content-Location"), "20 KB of one letter compresses into the limit")
        let fetched = try service.get(address)
        #expect(fetched.status == 200 && fetched.body == posted.body && fetched.header("ETag") == posted.header("ETag"))
    }

    @Test("§2 a request whose address would be longer than the limit gets no Content-Location, and is answered as usual")
    func longAddresses_areNotOffered() throws {
        let service = try TestService { $0.maxAddressBytes = 512 }
        var generator = SeededGenerator(seed: 36)
        let noise = (0..<2000).map { _ in "0123456789abcdefghijklmnopqrstuvwxyz".randomElement(using: &generator)! }
        let body = #"{"transition":"push","container":{"width":393,"height":852},"note":"\#(String(noise))"}"#
        let answer = try service.post("/v1/plans", json: body)
        #expect(answer.status == 200 && answer.header("Content-Location") == nil)
        let small = try service.post("/v1/plans", json: PlanningRouteTests.validPlan)
        #expect(try #require(small.header("Content-Location")).utf8.count <= 512)
        let tooLong = try service.get(try #require(small.header("Content-Location")) + "?pad=" + String(repeating: "x", count: 600))
        #expect(tooLong.status == 414)
    }

    @Test("§2 addresses need the API key when keys are set")
    func addresses_needTheKey() throws {
        let service = try TestService { $0.apiKeys = ["k1"] }
        let asked = try service.post("/v1/plans", json: PlanningRouteTests.validPlan, headers: Self.json + ["Authorization: Bearer k1"])
        let address = try #require(asked.header("Content-Location"))
        #expect(try service.get(address).status == 401)
        #expect(try service.get(address, headers: ["Authorization: Bearer k1"]).status == 200)
    }

    @Test("§2 the metrics count addresses under their template, not one series per key")
    func metrics_labelAddressesByTemplate() throws {
        let service = try TestService()
        let address = try #require(try service.post("/v1/plans", json: PlanningRouteTests.validPlan).header("Content-Location"))
        _ = try service.get(address)
        let metrics = try service.get("/metrics").text
        #expect(metrics.contains(#"loupe_http_requests_total{route="/v1/plans/{key}",method="GET",status="200"} 1"#))
    }
}
