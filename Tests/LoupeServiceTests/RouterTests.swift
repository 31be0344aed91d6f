import LoupeHTTP
import LoupeService
import Testing

@Suite("Router")
struct RouterTests {
    @Test("paths match exactly, a later route replaces an earlier one with its path, and unknown paths are labelled other")
    func router_matchesExactly() {
        let answer = Route.inline { _, _ in HTTPResponse(status: .ok) }
        let router = Router([
            Route(path: "/a", handlers: ["GET": answer]),
            Route(path: "/bb", handlers: ["GET": answer]),
            Route(path: "/a", handlers: ["POST": answer])
        ])
        #expect(router.route(for: "/a")?.handlers.keys.sorted() == ["POST"])
        #expect(router.route(for: "/bb")?.path == "/bb")
        #expect(router.route(for: "/b") == nil && router.route(for: "/a/") == nil && router.route(for: "/A") == nil)
        #expect(Router.unroutedLabel == "other")
    }

    @Test("a path ending in {key} matches its prefix and one non-empty segment, nothing more (issue 36 §2)")
    func router_matchesOneKeySegment() {
        let answer = Route.inline { _, _ in HTTPResponse(status: .ok) }
        let router = Router([
            Route(path: "/v1/plans", handlers: ["POST": answer]),
            Route(path: "/v1/plans/" + Route.keyParameter, handlers: ["GET": answer])
        ])
        #expect(router.route(for: "/v1/plans")?.path == "/v1/plans")
        #expect(router.route(for: "/v1/plans/1.eNq")?.path == "/v1/plans/{key}")
        #expect(router.route(for: "/v1/plans/") == nil, "an empty key")
        #expect(router.route(for: "/v1/plans/1.a/b") == nil, "two segments")
        #expect(router.route(for: "/v1/plansX") == nil && router.route(for: "/v1/lifecycle/1.a") == nil)
    }
}

@Suite("Router: a format named by the path")
struct FormatSuffixRouterTests {
    static let answer = Route.inline { _, _ in HTTPResponse(status: .ok) }
    static let router = Router([
        Route(path: "/v1/plans", takesFormatSuffix: true, handlers: ["POST": answer]),
        Route(path: "/v1/plans/" + Route.keyParameter, takesFormatSuffix: true, handlers: ["GET": answer]),
        Route(path: "/prototype/" + Route.keyParameter, handlers: ["GET": answer])
    ])

    static func routed(_ target: String) -> (path: String?, requestPath: String, query: String?) {
        let (route, request, _) = router.route(for: HTTPRequest(method: "GET", target: target))
        return (route?.path, request.path, request.query)
    }

    @Test("a format's name after the last dot moves into the query, in front of the query sent (issue 45 §4)")
    func suffix_movesIntoTheQuery() {
        #expect(Self.routed("/v1/plans.css") == ("/v1/plans", "/v1/plans", "format=css"))
        #expect(Self.routed("/v1/plans.view-transition?a=1") == ("/v1/plans", "/v1/plans", "format=view-transition&a=1"))
        #expect(Self.routed("/v1/plans/1.eNq.svg") == ("/v1/plans/{key}", "/v1/plans/1.eNq", "format=svg"))
    }

    @Test("a path that names one format and a query that names another is a 406; the same one twice is not")
    func suffixAndQuery_thatDiffer_conflict() {
        #expect(Self.router.route(for: HTTPRequest(method: "GET", target: "/v1/plans.css?format=svg")).conflict?.kind == .notAcceptable)
        #expect(Self.router.route(for: HTTPRequest(method: "GET", target: "/v1/plans.css?format=CSS")).conflict == nil)
        #expect(Self.router.route(for: HTTPRequest(method: "GET", target: "/v1/plans?format=css&format=svg")).conflict == nil)
        #expect(
            Self.router.route(for: HTTPRequest(method: "GET", target: "/v1/plans.css?format=css&format=svg")).conflict == nil,
            "the query's format is its first, as everywhere")
    }

    @Test("an address key's own dot, an unknown name and a route without suffixes are left as they are")
    func otherDots_areLeftAlone() {
        #expect(Self.routed("/v1/plans/1.eNq") == ("/v1/plans/{key}", "/v1/plans/1.eNq", nil), "the key's dot")
        #expect(Self.routed("/v1/plans.xml") == (nil, "/v1/plans.xml", nil), "no format is called xml")
        #expect(Self.routed("/v1/plans.CSS") == (nil, "/v1/plans.CSS", nil), "format names are lower case")
        #expect(Self.routed("/prototype/icon.svg") == ("/prototype/{key}", "/prototype/icon.svg", nil), "a file's name")
        #expect(Self.routed("/v1/plans.css/x") == (nil, "/v1/plans.css/x", nil), "a dot before the last segment")
        #expect(
            Self.routed("/v1/plans/1.eNqlongerthananyformatname.svg") == ("/v1/plans/{key}", "/v1/plans/1.eNqlongerthananyformatname", "format=svg"))
    }
}
