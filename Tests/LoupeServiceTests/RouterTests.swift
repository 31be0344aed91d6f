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
