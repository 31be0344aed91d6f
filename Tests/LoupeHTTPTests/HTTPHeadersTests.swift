import Testing
@testable import LoupeHTTP

/// List fields kept to one line (issue 42 §1: nginx 1.22 read only the last `Vary` line).
@Suite("HTTP headers")
struct HTTPHeadersTests {
    @Test("addListMember joins members into one field, once each, case-insensitively")
    func addListMember_keepsOneField() {
        var headers = HTTPHeaders()
        headers.addListMember("Vary", "Accept")
        headers.addListMember("vary", "Authorization")
        headers.addListMember("Vary", "accept")
        headers.addListMember("Vary", "Origin")
        #expect(headers.values("Vary") == ["Accept, Authorization, Origin"])
    }

    @Test("addListMember folds fields already split over lines into one")
    func addListMember_foldsSplitFields() {
        var headers = HTTPHeaders([("Vary", "Accept"), ("Vary", "Origin")])
        headers.addListMember("Vary", "Origin")
        #expect(headers.values("Vary") == ["Accept, Origin"])
        headers.addListMember("Vary", "Authorization")
        #expect(headers.values("Vary") == ["Accept, Origin, Authorization"])
    }
}
