import Foundation
import LoupeJSON
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing
@testable import LoupeService

/// ETags, If-None-Match and Cache-Control on the /v1 routes.
@Suite("Caching")
struct CachingTests {
    static let plan = PlanningRouteTests.validPlan

    @Test("a 200 carries a strong ETag and Cache-Control: no-cache; the same request gets the same tag")
    func answer_carriesAStrongETag() throws {
        let service = try TestService()
        let first = try service.post("/v1/plans", json: Self.plan)
        let second = try service.post("/v1/plans", json: Self.plan)
        let tag = try #require(first.header("ETag"))
        #expect(tag.wholeMatch(of: /"[0-9a-f]{32}"/) != nil, "strong: no W/ prefix")
        #expect(second.header("ETag") == tag)
        #expect(first.header("Cache-Control") == "no-cache")
    }

    @Test("the tag follows the canonical request: whitespace and number spelling do not change it, content, order and format do")
    func tag_followsTheCanonicalRequest() throws {
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
        #expect(
            try tag(#"{"transition":"push","container":{"width":393,"height":852}}"#, "?format=json") == base, "the format, not how it was chosen")
    }

    @Test(
        "If-None-Match with the tag (alone, in a list, weak, with spaces) is 304 with the tag and no body",
        arguments: [
            "%@", "\"0000\", %@", "W/%@", " %@ ,\"x\"", "*"
        ])
    func ifNoneMatch_is304(pattern: String) throws {
        let service = try TestService()
        let tag = try #require(try service.post("/v1/plans?format=svg", json: Self.plan).header("ETag"))
        let condition = pattern.replacingOccurrences(of: "%@", with: tag)
        let response = try service.post(
            "/v1/plans?format=svg", json: Self.plan,
            headers: ["Content-Type: application/json", "If-None-Match: \(condition)"])
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.header("ETag") == tag)
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("Content-Length") == nil)
    }

    @Test("a 304 chosen by Accept keeps Vary: Accept")
    func notModified_keepsVary() throws {
        let service = try TestService()
        let headers = ["Content-Type: application/json", "Accept: text/css"]
        let tag = try #require(try service.post("/v1/plans", json: Self.plan, headers: headers).header("ETag"))
        let response = try service.post("/v1/plans", json: Self.plan, headers: headers + ["If-None-Match: \(tag)"])
        #expect(response.status == 304)
        #expect(response.header("Vary") == "Accept")
    }

    @Test("If-None-Match with other tags, or malformed, answers 200", arguments: ["\"other\"", "nonsense", "W/", "\"unterminated", ","])
    func otherTags_answer200(condition: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: Self.plan, headers: ["Content-Type: application/json", "If-None-Match: \(condition)"])
        #expect(response.status == 200)
    }

    @Test("If-None-Match: * on a request that has no answer is the problem, not 304")
    func wildcard_onAnInvalidRequest_isTheProblem() throws {
        let service = try TestService()
        let response = try service.post("/v1/plans", json: #"{"transition":"push"}"#, headers: ["Content-Type: application/json", "If-None-Match: *"])
        #expect(response.status == 422)
        #expect(response.header("ETag") == nil)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("problems carry no ETag and Cache-Control: no-store", arguments: ["{", "{}", "[]"])
    func problems_areNotCached(body: String) throws {
        let service = try TestService()
        let response = try service.post("/v1/lifecycle", json: body)
        #expect(response.status >= 400)
        #expect(response.header("ETag") == nil)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("the tag changes with the release version")
    func tag_changesWithTheVersion() throws {
        let document = try JSONReader.document(Array(Self.plan.utf8))
        let current = EntityTag(path: "/v1/plans", format: .json, document: document)
        let next = EntityTag(path: "/v1/plans", format: .json, document: document, version: "9.9.9")
        #expect(current != next)
        #expect(current != EntityTag(path: "/v1/lifecycle", format: .json, document: document))
    }

    /// Regression for the canonical form's rewrite onto its own buffer (issue 22 §4): tags are
    /// the hash of the form the type's comment describes, spelled here independently (the
    /// array-built form the tags had before), over a document with every kind of value and
    /// seeded random documents, so clients' cached tags stay valid.
    @Test("the tag is the hash of the documented canonical form", arguments: PropertySeeds.seeds(count: 4))
    func tag_isTheHashOfTheCanonicalForm(seed: UInt64) throws {
        func reference(_ value: JSONValue, _ bytes: inout [UInt8]) {
            func word(_ word: UInt64) { withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) } }
            func counted(_ text: String) {
                word(UInt64(text.utf8.count))
                bytes.append(contentsOf: text.utf8)
            }
            switch value {
            case .null: bytes.append(UInt8(ascii: "n"))
            case .bool(let flag): bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
            case .number(let number):
                bytes.append(UInt8(ascii: "d"))
                word(number.bitPattern)  // -0 keeps its sign (issue 34 §5)
            case .string(let text):
                bytes.append(UInt8(ascii: "s"))
                counted(text)
            case .array(let elements):
                bytes.append(UInt8(ascii: "["))
                word(UInt64(elements.count))
                for element in elements { reference(element, &bytes) }
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                word(UInt64(members.count))
                for member in members {
                    counted(member.key)
                    reference(member.value, &bytes)
                }
            }
        }
        func expectedTag(_ document: JSONValue, path: String, format: RenderingFormat, version: String) -> String {
            var bytes = Array("loupe \(version)\n\(path)\n\(format.rawValue)\n".utf8)
            reference(document, &bytes)
            var hasher = Murmur3Hasher()
            hasher.update(bytes)
            return hasher.finalize().hex
        }
        var generator = SeededGenerator(seed: seed)
        func randomValue(depth: Int) -> JSONValue {
            switch generator.int(in: depth > 3 ? 0...3 : 0...5) {
            case 0: return .null
            case 1: return .bool(generator.chance(0.5))
            case 2: return .number(generator.chance(0.2) ? -0.0 : generator.double(in: -1e6...1e6))
            case 3: return .string(String(repeating: generator.element(of: ["a", "é", "\n", "🙂"]), count: generator.int(in: 0...40)))
            case 4: return .array((0..<generator.int(in: 0...6)).map { _ in randomValue(depth: depth + 1) })
            default:
                return .object((0..<generator.int(in: 0...6)).map { index in (key: "k\(index)", value: randomValue(depth: depth + 1)) })
            }
        }
        // -0 among the rest, read from text: the writer below spells -0 as 0.
        let everyKind = #"{"n":null,"t":true,"f":false,"z":-0.0,"zero":0,"d":1.5e3,"s":"A\u00e9\n","a":[1,[{}],[]],"o":{"k":"v"}}"#
        var tapes = [try JSONReader.document(Array(everyKind.utf8))]
        #expect(tapes[0].root.json == (try JSONReader.parse(Array(everyKind.utf8))))
        for _ in 0..<50 {
            // The tag reads the document's tape: the tree written out and read back.
            let document = randomValue(depth: 0)
            var writer = JSONWriter()
            writer.value(document)
            let tape = try JSONReader.document(writer.bytes)
            #expect(tape.root.json == document)
            tapes.append(tape)
        }
        for tape in tapes {
            let tag = EntityTag(path: "/v1/plans", format: .css, document: tape, version: "0.1.0")
            #expect(tag.opaque == expectedTag(tape.root.json, path: "/v1/plans", format: .css, version: "0.1.0"))
        }
    }

    @Test("the canonical form tells apart documents that differ only in how values split or what kind they are")
    func tag_separatesLookalikeDocuments() throws {
        func tag(_ json: String) throws -> String {
            EntityTag(path: "/v1/plans", format: .json, document: try JSONReader.document(Array(json.utf8))).opaque
        }
        let groups = [
            [#"["ab"]"#, #"["a","b"]"#, #"["a",["b"]]"#],
            [#"{"a":"bc"}"#, #"{"ab":"c"}"#, #"{"a":{"bc":null}}"#],
            [#"[1]"#, #"["1"]"#, #"[true]"#, #"[null]"#, #"[[]]"#, #"[{}]"#, "[]"],
            [#"{"a":null}"#, "{}"]
        ]
        for group in groups {
            let tags = try group.map(tag)
            #expect(Set(tags).count == tags.count, "\(group)")
        }
        // -0 is not 0: an answer can print the sign of a zero (issue 34 §5).
        #expect(try tag("[0]") != tag("[-0]"))
        #expect(try tag("[-0]") == tag("[-0.0e5]"))
        #expect(try tag("[1.50]") == tag("[15e-1]"))
        #expect(try tag(#"["\u00e9"]"#) == tag(#"["é"]"#))
    }

    @Test("If-None-Match lists are parsed like RFC 9110 entity-tag lists")
    func entityTagLists() {
        #expect(EntityTag.tags(in: [#""a", W/"b" ,"c""#, #""d""#]) == ["a", "b", "c", "d"])
        #expect(EntityTag.tags(in: ["junk, \"e\""]) == ["e"])
        #expect(EntityTag.tags(in: ["\"open"]) == [])
        #expect(EntityTag.isWildcard([" * "]))
        #expect(!EntityTag.isWildcard(["\"*\""]))
    }

    @Test(
        "MurmurHash3 x64-128 matches the reference implementation",
        arguments: [
            // (input, seed, h1, h2), from the reference C++ (as the PyPI package mmh3 computes them).
            ("", 0 as UInt64, 0 as UInt64, 0 as UInt64),
            ("a", 0, 0x85555565f6597889, 0xe6b53a48510e895a),
            ("hello", 0, 0xcbd8a7b341bd9b02, 0x5b1e906a48ae1d19),
            ("The quick brown fox jumps over the lazy dog", 0, 0xe34bbc7bbc071b6c, 0x7a433ca9c49a9347),
            ("hello", 42, 0xc4b8b3c960af6f08, 0x2334b875b0efbc7a)
        ])
    func murmur3_matchesTheReference(message: String, seed: UInt64, h1: UInt64, h2: UInt64) {
        var hasher = Murmur3Hasher(seed: seed)
        hasher.update(message)
        #expect(hasher.finalize() == Hash128(low: h1, high: h2))
    }

    @Test("MurmurHash3 fed in uneven pieces equals the one-shot hash (768 bytes across blocks)")
    func murmur3_streamsAcrossBlocks() {
        let bytes = (0..<3).flatMap { _ in (0..<256).map { UInt8($0) } }
        var whole = Murmur3Hasher()
        whole.update(bytes)
        #expect(whole.finalize() == Hash128(low: 0xcf926c3003b926b6, high: 0xfa53d9e5e2f34638))
        var pieces = Murmur3Hasher()
        var fed = 0
        var size = 1
        while fed < bytes.count {
            let piece = min(size, bytes.count - fed)
            pieces.update(Array(bytes[fed..<fed + piece]))
            fed += piece
            size = size * 3 % 37 + 1
        }
        #expect(pieces.finalize() == whole.finalize())
    }
}
