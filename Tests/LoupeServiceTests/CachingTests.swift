import Foundation
import LoupePlanner
import LoupeTestClient
import Testing
@testable import LoupeService

/// ETags, If-None-Match and Cache-Control on the /v1 routes.
@Suite("Caching")
struct CachingTests {
    static let plan = PlanningRouteTests.validPlan

    @Test("a 200 carries a strong ETag and Cache-Control: no-cache; the same request gets the same tag")
    func answer_CarriesAStrongETag() throws {
        let service = try TestService()
        let first = try service.post("/v1/plans", json: Self.plan)
        let second = try service.post("/v1/plans", json: Self.plan)
        let tag = try #require(first.header("ETag"))
        #expect(tag.wholeMatch(of: /"[0-9a-f]{32}"/) != nil, "strong: no W/ prefix")
        #expect(second.header("ETag") == tag)
        #expect(first.header("Cache-Control") == "no-cache")
    }

    @Test("the tag follows the canonical request: whitespace and number spelling do not change it, content, order and format do")
    func tag_FollowsTheCanonicalRequest() throws {
        let service = try TestService()
        func tag(_ body: String, _ query: String = "") throws -> String? {
            try service.post("/v1/plans" + query, json: body).header("ETag")
        }
        let base = try tag(#"{"transition":"push","container":{"width":393,"height":852}}"#)
        #expect(try tag(" {\n \"transition\" : \"push\", \"container\": {\"width\": 393.0, \"height\": 8.52e2} }\n") == base)
        #expect(try tag(#"{"transition":"\u0070ush","container":{"width":393,"height":852}}"#) == base)
        #expect(try tag(#"{"transition":"push","container":{"width":394,"height":852}}"#) != base)
        #expect(try tag(#"{"container":{"width":393,"height":852},"transition":"push"}"#) != base, "member order can change warning order")
        #expect(try tag(#"{"transition":"push","container":{"width":393,"height":852}}"#, "?format=css") != base)
        #expect(try tag(#"{"transition":"push","container":{"width":393,"height":852}}"#, "?format=json") == base, "the format, not how it was chosen")
    }

    @Test("If-None-Match with the tag (alone, in a list, weak, with spaces) is 304 with the tag and no body", arguments: [
        "%@", "\"0000\", %@", "W/%@", " %@ ,\"x\"", "*",
    ])
    func ifNoneMatch_Is304(pattern: String) throws {
        let service = try TestService()
        let tag = try #require(try service.post("/v1/plans?format=svg", json: Self.plan).header("ETag"))
        let condition = pattern.replacingOccurrences(of: "%@", with: tag)
        let response = try service.post("/v1/plans?format=svg", json: Self.plan,
                                         headers: ["Content-Type: application/json", "If-None-Match: \(condition)"])
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.header("ETag") == tag)
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("Content-Length") == nil)
    }

    @Test("a 304 chosen by Accept keeps Vary: Accept")
    func notModified_KeepsVary() throws {
        let service = try TestService()
        let headers = ["Content-Type: application/json", "Accept: text/css"]
        let tag = try #require(try service.post("/v1/plans", json: Self.plan, headers: headers).header("ETag"))
        let response = try service.post("/v1/plans", json: Self.plan, headers: headers + ["If-None-Match: \(tag)"])
        #expect(response.status == 304)
        #expect(response.header("Vary") == "Accept")
    }

    @Test("If-None-Match with other tags, or malformed, answers 200", arguments: ["\"other\"", "nonsense", "W/", "\"unterminated", ","])
    func otherTags_Answer200(condition: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: Self.plan, headers: ["Content-Type: application/json", "If-None-Match: \(condition)"])
        #expect(response.status == 200)
    }

    @Test("If-None-Match: * on a request that has no answer is the problem, not 304")
    func wildcard_OnAnInvalidRequest_IsTheProblem() throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: #"{"transition":"push"}"#, headers: ["Content-Type: application/json", "If-None-Match: *"])
        #expect(response.status == 422)
        #expect(response.header("ETag") == nil)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("problems carry no ETag and Cache-Control: no-store", arguments: ["{", "{}", "[]"])
    func problems_AreNotCached(body: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/lifecycle", json: body)
        #expect(response.status >= 400)
        #expect(response.header("ETag") == nil)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("the tag changes with the release version")
    func tag_ChangesWithTheVersion() throws {
        let document = try JSONReader.parse(Array(Self.plan.utf8))
        let current = EntityTag(path: "/v1/plans", format: .json, document: document)
        let next = EntityTag(path: "/v1/plans", format: .json, document: document, version: "9.9.9")
        #expect(current != next)
        #expect(current != EntityTag(path: "/v1/lifecycle", format: .json, document: document))
    }

    @Test("If-None-Match lists are parsed like RFC 9110 entity-tag lists")
    func entityTagLists() {
        #expect(EntityTag.tags(in: [#""a", W/"b" ,"c""#, #""d""#]) == ["a", "b", "c", "d"])
        #expect(EntityTag.tags(in: ["junk, \"e\""]) == ["e"])
        #expect(EntityTag.tags(in: ["\"open"]) == [])
        #expect(EntityTag.isWildcard([" * "]))
        #expect(!EntityTag.isWildcard(["\"*\""]))
    }

    @Test("SHA-256 matches the FIPS 180-4 examples", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256_MatchesTheStandard(message: String, hex: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == hex)
    }

    @Test("SHA-256 of a million 'a's, fed in uneven pieces, matches the standard")
    func sha256_StreamsAcrossBlocks() {
        var hasher = SHA256()
        var fed = 0
        var size = 1
        while fed < 1_000_000 {
            let piece = min(size, 1_000_000 - fed)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: piece))
            fed += piece
            size = size * 3 % 977 + 1
        }
        #expect(Self.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
