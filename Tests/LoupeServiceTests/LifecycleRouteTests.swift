import LoupeJSON
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

/// The documented sequences (the numbered lists of Apple's fluid-transitions article) come back
/// exactly from POST /v1/lifecycle for the example files.
@Suite("Lifecycle route")
struct LifecycleRouteTests {
    static let timing = LifecycleTimingMapper.timing(for: nil)

    /// "list willShow" style steps: view controller, kind, name.
    typealias Step = (String, String, String)

    static func begins(appearing name: String) -> [Step] {
        [
            (name, "callback", "viewWillAppear"), (name, "hierarchy", "addedToHierarchy"),
            (name, "callback", "viewIsAppearing"), (name, "state", "appearing")
        ]
    }

    static func ends(appearing name: String) -> [Step] {
        [(name, "callback", "viewDidAppear"), (name, "state", "appeared")]
    }

    static func begins(disappearing name: String) -> [Step] {
        [(name, "callback", "viewWillDisappear"), (name, "state", "disappearing")]
    }

    static func ends(disappearing name: String) -> [Step] {
        [(name, "hierarchy", "removedFromHierarchy"), (name, "callback", "viewDidDisappear"), (name, "state", "disappeared")]
    }

    static func willShow(_ name: String) -> Step { (name, "delegate", "navigationController(_:willShow:animated:)") }
    static func didShow(_ name: String) -> Step { (name, "delegate", "navigationController(_:didShow:animated:)") }

    static func cycle(_ runLoop: Int, at time: Double, _ steps: [Step]) -> [JSONValue] {
        steps.map {
            .object([
                ("time", .number(time)), ("runLoop", .number(Double(runLoop))), ("viewController", .string($0.0)),
                ("kind", .string($0.1)), ("name", .string($0.2))
            ])
        }
    }

    static let expected: [(file: String, trace: [JSONValue], states: [(String, String)])] = [
        (
            "lifecycle-push.json",
            cycle(0, at: 0, [willShow("detail")] + begins(disappearing: "list") + begins(appearing: "detail"))
                + cycle(1, at: timing.settleDuration, ends(disappearing: "list") + ends(appearing: "detail") + [didShow("detail")]),
            [("detail", "appeared"), ("list", "disappeared")]
        ),
        (
            "lifecycle-pop.json",
            cycle(0, at: 0, [willShow("list")] + begins(disappearing: "detail") + begins(appearing: "list"))
                + cycle(1, at: timing.settleDuration, ends(disappearing: "detail") + ends(appearing: "list") + [didShow("list")]),
            [("detail", "disappeared"), ("list", "appeared")]
        ),
        // Cancelled pop in the article's order: the top goes disappearing → appearing → viewDidAppear.
        (
            "lifecycle-cancelled-pop.json",
            cycle(0, at: 0, [willShow("list")] + begins(disappearing: "detail") + begins(appearing: "list"))
                + cycle(
                    2, at: 0.25 + timing.cancelSettleDuration,
                    begins(disappearing: "list") + ends(disappearing: "list")
                        + [("detail", "state", "appearing")] + ends(appearing: "detail") + [didShow("detail")]),
            [("detail", "appeared"), ("list", "disappeared")]
        ),
        // Interrupted push: completes to appeared and the pop begins in the same cycle; released to finish.
        (
            "lifecycle-interrupted-push.json",
            cycle(0, at: 0, [willShow("detail")] + begins(disappearing: "list") + begins(appearing: "detail"))
                + cycle(
                    1, at: 0.2,
                    ends(disappearing: "list") + ends(appearing: "detail") + [didShow("detail"), willShow("list")]
                        + begins(disappearing: "detail") + begins(appearing: "list"))
                + cycle(
                    3, at: 0.35 + timing.finishSettleDuration,
                    ends(disappearing: "detail") + ends(appearing: "list") + [didShow("list")]),
            [("detail", "disappeared"), ("list", "appeared")]
        )
    ]

    @Test("the article's push, pop, cancelled pop and interrupted push come back exactly", arguments: 0..<4)
    func seedSequence_comesBackExactly(index: Int) throws {
        let (file, trace, states) = Self.expected[index]
        let service = try TestService()
        let response = try Curl.request(
            "POST", service.baseURL + "/v1/lifecycle", headers: ["Content-Type: application/json"],
            body: try ExampleFiles.bytes(file))
        #expect(response.status == 200)
        let answer = try JSONReader.parse(response.body)
        #expect(answer["trace"] == .array(trace), "\(file)")
        #expect(answer["final"]?["states"] == .object(states.map { ($0.0, JSONValue.string($0.1)) }), "\(file)")
        #expect(answer["warnings"] == .array([]))
    }
}
