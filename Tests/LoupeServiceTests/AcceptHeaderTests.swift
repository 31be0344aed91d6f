import Testing
@testable import LoupeService

/// The Accept parser on its own: weights, specificity and what is skipped.
@Suite("Accept header")
struct AcceptHeaderTests {
    @Test("the most specific range decides a type's weight")
    func mostSpecificRange_decides() {
        let accept = AcceptHeader(["text/*;q=0.3, text/css;q=0.7, */*;q=0.1"])
        #expect(accept.quality(of: "text/css") == 0.7)
        #expect(accept.quality(of: "text/plain") == 0.3)
        #expect(accept.quality(of: "image/svg+xml") == 0.1)
    }

    @Test("absent or blank Accept accepts anything", arguments: [[String](), [""], [" , "]])
    func blank_acceptsAnything(values: [String]) {
        #expect(AcceptHeader(values).quality(of: "image/svg+xml") == 1)
    }

    @Test(
        "ranges that do not parse are skipped", arguments: ["text", "*/css", "text/css;q=2", "text/css;q=abc", "te xt/css", "text/css;q=0.12345", "/"]
    )
    func malformedRanges_areSkipped(range: String) {
        #expect(AcceptHeader([range]).quality(of: "text/css") == 0)
    }

    @Test("parameters other than q are ignored, and several fields combine")
    func parameters_andFields() {
        let accept = AcceptHeader(["application/json; charset=utf-8; q=0.5", "image/svg+xml"])
        #expect(accept.quality(of: "application/json") == 0.5)
        #expect(accept.quality(of: "image/svg+xml") == 1)
    }
}
