@testable import LoupeService
import Testing

@Suite("Media types (RFC 9110 §8.3.1, §5.6.6)")
struct MediaTypeTests {
    @Test("type, subtype and parameter names are lower-cased; values keep their case")
    func names_areLowerCased() throws {
        let type = try #require(MediaType("Application/JSON; CharSet=UTF-8"))
        #expect(type.type == "application")
        #expect(type.subtype == "json")
        #expect(type.parameters == [MediaType.Parameter(name: "charset", value: "UTF-8")])
    }

    @Test("a quoted value may hold ';', '=' and escaped quotes, and is unescaped")
    func quotedValues_areUnescaped() throws {
        let type = try #require(MediaType(#"application/json; profile="a;b=\"c\"\\d"; charset=utf-8"#))
        #expect(type.values(of: "profile") == [#"a;b="c"\d"#])
        #expect(type.values(of: "charset") == ["utf-8"])
    }

    @Test(
        "whitespace around ';' and empty parameters are allowed",
        arguments: [
            "application/json ; charset=utf-8", "application/json;charset=utf-8;", "application/json;; charset=utf-8",
            "\tapplication/json;\tcharset=utf-8 "
        ])
    func optionalWhitespaceAndEmptyParameters_areAllowed(text: String) throws {
        let type = try #require(MediaType(text), "\(text)")
        #expect(type.values(of: "charset") == ["utf-8"], "\(text)")
    }

    @Test(
        "anything else is not a media type",
        arguments: [
            "", "application", "application/", "/json", "application /json", "application/json charset=utf-8",
            "application/json; charset", "application/json; charset =utf-8", "application/json; charset= utf-8",
            "application/json; =utf-8", #"application/json; charset="utf-8"#, #"application/json; charset="utf-8\"#,
            "application/json; charset=utf 8", "application/json; charset=\"a\u{1}\"", "application/json; charset=a/b"
        ])
    func malformedText_isNotAMediaType(text: String) {
        #expect(MediaType(text) == nil, "\(text)")
    }

    @Test("JSON is application/json or an application/*+json type")
    func isJSON_acceptsJSONAndItsSuffix() {
        #expect(MediaType("application/json")?.isJSON == true)
        #expect(MediaType("application/vnd.loupe.plan+json")?.isJSON == true)
        #expect(MediaType("application/+json")?.isJSON == false)
        #expect(MediaType("application/jsonx")?.isJSON == false)
        #expect(MediaType("text/json")?.isJSON == false)
    }
}
