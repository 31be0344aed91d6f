import LoupeJSON
import LoupeTestSupport
import Testing

@Suite("JSONReader")
struct JSONReaderTests {
    @Test("reads every JSON type, keeping member order")
    func readsEveryType() throws {
        let value = try JSONReader.parse(Array(#" {"b": [1, -2.5, 3e2, true, false, null], "a": {"s": "x\"y\\z\u00e9\n"}} "#.utf8))
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(value["b"] == .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]))
        #expect(value["a"]?["s"] == .string("x\"y\\zé\n"))
    }

    @Test("decodes surrogate pairs and UTF-8")
    func decodesUnicode() throws {
        #expect(try JSONReader.parse(Array(#""\ud83d\ude00""#.utf8)) == .string("😀"))
        #expect(try JSONReader.parse(Array("\"ünïcode 😀\"".utf8)) == .string("ünïcode 😀"))
    }

    static let invalid: [(String, String)] = [
        ("trailing comma in an object", #"{"a":1,}"#),
        ("trailing comma in an array", "[1,2,]"),
        ("comment", "{/*x*/}"),
        ("leading zero", "01"),
        ("lone minus", "-"),
        ("fraction without digits", "1."),
        ("exponent without digits", "1e"),
        ("plus sign", "+1"),
        ("NaN literal", "NaN"),
        ("single quotes", "'a'"),
        ("control character in a string", "\"a\u{1}b\""),
        ("lone high surrogate", #""\ud83d""#),
        ("lone low surrogate", #""\ude00""#),
        ("invalid escape", #""\x41""#),
        ("unterminated string", #""abc"#),
        ("duplicate member", #"{"a":1,"a":2}"#),
        ("trailing garbage", "{} x"),
        ("two documents", "{}{}"),
        ("empty input", ""),
        ("number too large", "1e400"),
        ("bare word", "nul")
    ]

    @Test("rejects what RFC 8259 rejects", arguments: invalid)
    func rejectsInvalidJSON(name: String, text: String) {
        #expect(throws: JSONReader.SyntaxError.self, "\(name)") { try JSONReader.parse(Array(text.utf8)) }
    }

    @Test("rejects invalid UTF-8 inside strings")
    func rejectsInvalidUTF8() {
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse([0x22, 0xFF, 0x22]) }
    }

    @Test("refuses nesting deeper than the limit instead of recursing")
    func refusesDeepNesting() throws {
        let deep = String(repeating: "[", count: JSONReader.maxDepth + 1) + String(repeating: "]", count: JSONReader.maxDepth + 1)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(Array(deep.utf8)) }
        let allowed = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        _ = try JSONReader.parse(Array(allowed.utf8))
    }

    @Test("reports the byte offset of the first error")
    func reportsOffset() {
        do {
            _ = try JSONReader.parse(Array(#"{"a": tru}"#.utf8))
            Issue.record("accepted invalid JSON")
        } catch {
            #expect(error.offset == 6)
        }
    }

    @Test("numbers read exactly as Double(text) reads them", arguments: Array(PropertySeeds.seeds(count: 20)))
    func numbersMatchDoubleParsing(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let text: String
            switch generator.int(in: 0...3) {
            case 0: text = String(generator.int(in: -999_999_999_999_999...999_999_999_999_999))
            case 1: text = String(Int64.random(in: Int64.min...Int64.max, using: &generator))
            case 2: text = String(generator.double(in: -1e6...1e6))
            default: text = "\(generator.int(in: -99...99)).\(generator.int(in: 0...99999))e\(generator.int(in: -30...30))"
            }
            #expect(try JSONReader.parse(Array(text.utf8)) == .number(Double(text)!), "\(text)")
        }
    }
}
