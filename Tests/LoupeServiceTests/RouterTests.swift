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
}
