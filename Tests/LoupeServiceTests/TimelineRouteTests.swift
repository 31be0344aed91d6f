import Foundation
import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import LoupeTimeline
import Testing

/// POST /v1/timelines over real sockets, and the four example timelines checked for what issue 5
/// asks of them: continuous position and velocity across every release and interruption, and the
/// lifecycle engine's callbacks for the same events.
@Suite("Timeline route")
struct TimelineRouteTests {
    struct Example: Sendable, CustomStringConvertible {
        var file: String
        var outcomes: [String]
        var description: String { file }
    }

    static let examples = [
        Example(file: "timeline-pinch-dismiss.json", outcomes: ["finish"]),
        Example(file: "timeline-swipe-down-cancel.json", outcomes: ["cancel"]),
        Example(file: "timeline-edge-swipe-rtl.json", outcomes: ["finish"]),
        Example(file: "timeline-interrupted-push.json", outcomes: ["finish"]),
        Example(file: "timeline-gallery-source-changed.json", outcomes: []),
        Example(file: "timeline-content-back-swipe.json", outcomes: ["finish"])
    ]

    static let pushed =
        #""container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"#
        + #""destination":{"alignmentRect":{"x":0,"y":0,"width":393,"height":393}},"initial":"pushed""#

    private func post(_ service: TestService, _ json: String, headers: [String] = ["Content-Type: application/json"]) throws -> (
        CurlResponse, JSONValue
    ) {
        let response = try service.post("/v1/timelines", json: json, headers: headers)
        return (response, try JSONReader.parse(response.body))
    }

    private func strings(_ value: JSONValue?, _ key: String) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item -> String? in
            if case .string(let text)? = item[key] { return text }
            return nil
        }
    }

    @Test("each example timeline answers 200 with its release decided as expected", arguments: examples)
    func example_answers200(_ example: Example) throws {
        let service = try TestService()
        let (response, answer) = try post(service, String(decoding: try ExampleFiles.bytes(example.file), as: UTF8.self))
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("Content-Type") == "application/json")
        guard case .object(let members) = answer else { Issue.record("not an object"); return }
        #expect(
            members.map(\.key) == [
                "duration", "frameRate", "keyframes", "dimmingColor", "callbacks", "segments", "releases",
                "notes", "final", "warnings"
            ])
        #expect(strings(answer["releases"], "outcome") == example.outcomes)
        #expect(answer["warnings"] == .array([]))
        guard case .array(let keyframes)? = answer["keyframes"], case .array(let callbacks)? = answer["callbacks"] else {
            Issue.record("no keyframes or callbacks")
            return
        }
        #expect(keyframes.count > 20 && !callbacks.isEmpty)
    }

    @Test(
        "the example timelines are continuous in position and velocity at every release, interruption and source change (2 kHz)",
        arguments: examples)
    func example_isContinuousAtEveryHandOff(_ example: Example) throws {
        var script = try TimelineRequestDecoder.decode(try RequestDocument.parse(try ExampleFiles.bytes(example.file))).script
        script.scene.animation.frameRate = 2000
        let timeline = try TimelineEngine.run(script)
        let sourceChanges = script.events.compactMap { event -> Double? in
            if case .sourceChanged = event.kind { return event.time }
            return nil
        }
        let handOffs = timeline.segments.filter { $0.outcome == .interrupted }.map(\.end) + timeline.releases.map(\.time) + sourceChanges
        #expect(!handOffs.isEmpty)
        let frames = timeline.keyframes
        let values = frames.map { k in
            [
                k.mask.rect.midX, k.mask.rect.midY, k.mask.rect.width, k.mask.rect.height, k.mask.cornerRadius,
                k.transform.a, k.transform.b, k.transform.tx, k.transform.ty
            ]
        }
        for time in handOffs {
            let gap = try #require(ContinuityGap(times: frames.map(\.time), samples: values, at: time))
            #expect(gap.worstPositionGap(floors: [1, 1, 1, 1, 1, 0.01, 0.01, 1, 1]) < 0.01, "\(example.file): jump at \(time)")
            #expect(
                gap.worstVelocityGap(groups: [[0, 1, 2, 3, 4, 7, 8], [5, 6]], floors: [5, 5, 5, 5, 5, 0.1, 0.1, 5, 5]) < 0.01,
                "\(example.file): velocity jump at \(time)")
        }
    }

    @Test("the interrupted-push example's callbacks are the lifecycle route's for the same events")
    func interruptedPush_callbacksMatchTheLifecycleRoute() throws {
        let service = try TestService()
        let (_, timeline) = try post(service, String(decoding: try ExampleFiles.bytes("timeline-interrupted-push.json"), as: UTF8.self))
        let lifecycle =
            #"{"stack":["source"],"events":[{"time":0,"type":"push","viewController":"destination"},{"time":0.15,"type":"interrupt"},{"time":0.283,"type":"release","outcome":"finish"}]}"#
        let trace = try JSONReader.parse(try service.post("/v1/lifecycle", json: lifecycle).body)["trace"]
        // Times differ (each spring of the timeline settles after its own time); the steps and
        // their run-loop cycles do not.
        func steps(_ value: JSONValue?) -> [String] {
            guard case .array(let entries)? = value else { return [] }
            return entries.map {
                "\($0["runLoop"].map { "\($0)" } ?? "") \($0["viewController"].map { "\($0)" } ?? "") \($0["name"].map { "\($0)" } ?? "")"
            }
        }
        #expect(!steps(trace).isEmpty)
        #expect(steps(timeline["callbacks"]) == steps(trace))
        #expect(strings(timeline["notes"], "code").contains("interrupted-push"))
        #expect(strings(timeline["segments"], "kind") == ["animating", "tracking", "animating"])
    }

    @Test("sourceChanged takes the top-level source's shape or null; it is UIKit's, so a SwiftUI timeline gets a 422 at its type")
    func sourceChanged_isDecodedAndUIKitOnly() throws {
        let service = try TestService()
        let events = #"[{"time":0,"type":"sourceChanged","source":null},{"time":0.1,"type":"pop"}]"#
        let (response, answer) = try post(service, "{\(Self.pushed),\"events\":\(events)}")
        #expect(response.status == 200, "\(response.text)")
        #expect(strings(answer["warnings"], "code") == ["missing-source"])
        let swiftUI =
            #"{"platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"initial":"pushed","#
            + #""destination":{"sourceID":"a","namespace":"n"},"events":[{"time":0,"type":"sourceChanged","source":{"frame":{"x":0,"y":0,"width":10,"height":10}}}]}"#
        let (refused, problem) = try post(service, swiftUI)
        #expect(refused.status == 422)
        #expect(strings(problem["errors"], "pointer") == ["/events/0/type"])
    }

    /// Regression (schemathesis, seed 20261122): a member that does not apply to the event's
    /// type is ignored with a warning, but it must still have its contract shape.
    @Test("an ignored member must still have its shape: a push's touch without x is a 422; a well-formed one is an unknown field")
    func ignoredMembers_keepTheirShape() throws {
        let service = try TestService()
        let broken = #"[{"time":0,"type":"pop","touches":[{"y":3}],"gesture":"swipe","source":{"cornerRadius":2}}]"#
        let (refused, problem) = try post(service, "{\(Self.pushed),\"events\":\(broken)}")
        #expect(refused.status == 422)
        #expect(strings(problem["errors"], "pointer") == ["/events/0/gesture", "/events/0/touches/0/x", "/events/0/source/frame"])
        let ignored = #"[{"time":0,"type":"pop","touches":[{"x":1,"y":3}]}]"#
        let (response, answer) = try post(service, "{\(Self.pushed),\"events\":\(ignored)}")
        #expect(response.status == 200)
        #expect(strings(answer["warnings"], "code") == ["unknown-field"])
    }

    @Test("advice about a sourceChanged event's source points into that event")
    func changedSourceAdvice_pointsIntoItsEvent() throws {
        let service = try TestService()
        let events =
            #"[{"time":0,"type":"sourceChanged","source":{"frame":{"x":16,"y":120,"width":110,"height":110},"role":"tab"}},{"time":0.1,"type":"pop"}]"#
        let (response, answer) = try post(service, "{\(Self.pushed),\"events\":\(events)}")
        #expect(response.status == 200)
        #expect(strings(answer["warnings"], "pointer") == ["/events/0/source/role"])
    }

    @Test("a gesture that dismisses nothing leaves a warning pointing at its event")
    func ignoredGesture_isAWarningAtItsEvent() throws {
        let service = try TestService()
        let body =
            "{\(Self.pushed),\"destinationScroll\":{\"zoomScale\":2,\"minimumZoomScale\":1},\"events\":["
            + #"{"time":0,"type":"touchesBegan","gesture":"pinch","touches":[{"x":100,"y":400},{"x":300,"y":400}]},"#
            + #"{"time":0.2,"type":"touchesMoved","touches":[{"x":150,"y":400},{"x":250,"y":400}]},{"time":0.25,"type":"touchesEnded"}]}"#
        let (response, answer) = try post(service, body)
        #expect(response.status == 200, "\(response.text)")
        #expect(strings(answer["warnings"], "code") == ["scroll-view-zoomed-in"])
        #expect(strings(answer["warnings"], "pointer") == ["/events/0"])
        #expect(strings(answer["segments"], "kind") == ["idle"])
    }

    @Test(
        "bad events get 422 with a pointer to each",
        arguments: [
            // A pinch of one finger and a touch out of time order: the engine lists both.
            (
                #"[{"time":0.1,"type":"touchesBegan","gesture":"pinch","touches":[{"x":1,"y":2}]},{"time":0.05,"type":"touchesEnded"}]"#,
                "invalid-script", ["/events/0/touches", "/events/1/time"]
            ),
            (#"[{"time":0,"type":"touchesMoved","touches":[{"x":1,"y":2}]}]"#, "invalid-script", ["/events/0/type"]),
            (
                #"[{"time":61,"type":"pop"},{"time":0,"type":"touchesBegan","gesture":"swipe","touches":[{"x":"a","y":2}]}]"#,
                "invalid-request", ["/events/0/time", "/events/1/gesture", "/events/1/touches/0/x"]
            ),
            (#"[{"time":0,"type":"push"}]"#, "invalid-script", ["/events/0/type"])
        ])
    func badEvents_get422WithPointers(events: String, type: String, pointers: [String]) throws {
        let service = try TestService()
        let (response, problem) = try post(service, "{\(Self.pushed),\"events\":\(events)}")
        #expect(response.status == 422)
        #expect(problem["type"] == .string("https://loupe.dev/problems/\(type)"), "\(response.text)")
        #expect(strings(problem["errors"], "pointer") == pointers, "\(response.text)")
    }

    @Test("an edge swipe on a presentation and a gesture on tvOS are 422s at the gesture")
    func unavailableGestures_get422() throws {
        let service = try TestService()
        let edge =
            #"{"container":{"width":393,"height":852},"initial":"presented","events":[{"time":0,"type":"touchesBegan","gesture":"edgePan","touches":[{"x":2,"y":400}]}]}"#
        let tvOS =
            #"{"platform":{"os":"tvOS"},"container":{"width":1920,"height":1080},"initial":"pushed","events":[{"time":0,"type":"touchesBegan","gesture":"pan","touches":[{"x":2,"y":400}]}]}"#
        for body in [edge, tvOS] {
            let (response, problem) = try post(service, body)
            #expect(response.status == 422)
            #expect(strings(problem["errors"], "pointer") == ["/events/0/gesture"], "\(response.text)")
        }
    }

    @Test("more than 10,000 events is a 422 at /events")
    func tooManyEvents_get422() throws {
        let service = try TestService()
        let events = Array(repeating: #"{"time":0,"type":"pop"}"#, count: 10_001).joined(separator: ",")
        let (response, problem) = try post(service, "{\(Self.pushed),\"events\":[\(events)]}")
        #expect(response.status == 422)
        #expect(strings(problem["errors"], "pointer") == ["/events"])
    }

    @Test("regression: a storm of sourceChanged events is 422 work-limit-exceeded at /events, before any simulating")
    func sourceChangedStorm_isRefusedAsWork() throws {
        let service = try TestService()
        let changes = (0..<7_022).map { index in
            #"{"time":\#(0.024 + Double(index) * 0.004),"type":"sourceChanged","source":{"frame":{"x":\#(16 + index % 200),"y":120,"width":110,"height":110}}}"#
        }
        let body =
            #"{"container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"animation":{"frameRate":240},"events":[{"time":0.02,"type":"push"},"#
            + changes.joined(separator: ",") + "]}"
        let (response, problem) = try post(service, body)
        #expect(response.status == 422)
        #expect(problem["type"] == .string("https://loupe.dev/problems/work-limit-exceeded"))
        #expect(strings(problem["errors"], "pointer") == ["/events"])
    }

    @Test("strict mode refuses unknown fields but not the script's own warnings")
    func strictMode_coversRequestWarningsOnly() throws {
        let service = try TestService()
        let tap = #""events":[{"time":0,"type":"touchesBegan","gesture":"pan","touches":[{"x":100,"y":400}]},{"time":0.1,"type":"touchesEnded"}]"#
        let (tapped, answer) = try post(service, "{\(Self.pushed),\(tap),\"options\":{\"strict\":true}}")
        #expect(tapped.status == 200)
        #expect(strings(answer["warnings"], "code") == ["gesture-not-recognized"])
        let (typo, problem) = try post(service, "{\(Self.pushed),\(tap),\"evnets\":[],\"options\":{\"strict\":true}}")
        #expect(typo.status == 422)
        #expect(problem["type"] == .string("https://loupe.dev/problems/strict-warnings"))
        #expect(strings(problem["errors"], "pointer") == ["/evnets"])
    }

    @Test("options.spreadToOpen and spreadTransition decode; a plan reports them as unknown fields")
    func spreadToOpen_decodes() throws {
        func script(_ options: String) throws -> TimelineScript {
            let body = "{\(Self.pushed),\"events\":[],\"options\":\(options)}"
            return try TimelineRequestDecoder.decode(try RequestDocument.parse(Array(body.utf8))).script
        }
        let on = try script(#"{"spreadToOpen":true,"spreadTransition":"present","precision":3}"#)
        #expect(on.spreadToOpen && on.spreadTransition == .present)
        let off = try script(#"{"precision":3}"#)
        #expect(!off.spreadToOpen && off.spreadTransition == nil)
        #expect(!(try script("null")).spreadToOpen)
        do {
            _ = try script(#"{"spreadToOpen":"yes","spreadTransition":"pop"}"#)
            Issue.record("a string spreadToOpen was accepted")
        } catch {
            #expect((error as? Problem)?.errors.map(\.pointer) == ["/options/spreadToOpen", "/options/spreadTransition"])
        }
        let service = try TestService()
        let plan = try JSONReader.parse(
            try service.post("/v1/plans", json: #"{"transition":"push","container":{"width":393,"height":852},"options":{"spreadToOpen":true}}"#).body
        )
        let unknown = zip(strings(plan["warnings"], "code"), strings(plan["warnings"], "pointer")).filter { $0.0 == "unknown-field" }
        #expect(unknown.map(\.1) == ["/options/spreadToOpen"])
    }

    @Test("the spread-to-open example opens the push, is marked not iOS, and is continuous at its release")
    func spreadToOpenExample_opensAndIsMarkedNotIOS() throws {
        let service = try TestService()
        let body = String(decoding: try ExampleFiles.bytes("timeline-spread-to-open.json"), as: UTF8.self)
        let (response, answer) = try post(service, body)
        #expect(response.status == 200, "\(response.text)")
        #expect(strings(answer["warnings"], "code") == ["spread-to-open-not-ios"])
        #expect(strings(answer["warnings"], "pointer") == ["/options/spreadToOpen"])
        #expect(strings(answer["releases"], "outcome") == ["finish"])
        #expect(strings(answer["segments"], "transition") == ["push", "push"])
        #expect(answer["final"]?["stack"] == .array([.string("source"), .string("destination")]))
        // Strict mode is about the request, not about what the script does: the warning stays one.
        let strict = body.replacingOccurrences(of: #""spreadToOpen": true"#, with: #""spreadToOpen": true, "strict": true"#)
        #expect(strict != body)
        #expect(try post(service, strict).0.status == 200)

        var script = try TimelineRequestDecoder.decode(try RequestDocument.parse(try ExampleFiles.bytes("timeline-spread-to-open.json"))).script
        script.scene.animation.frameRate = 2000
        let timeline = try TimelineEngine.run(script)
        let release = try #require(timeline.releases.first?.time)
        let frames = timeline.keyframes
        let values = frames.map { k in
            [
                k.mask.rect.midX, k.mask.rect.midY, k.mask.rect.width, k.mask.rect.height, k.mask.cornerRadius,
                k.transform.a, k.transform.b, k.transform.tx, k.transform.ty
            ]
        }
        let gap = try #require(ContinuityGap(times: frames.map(\.time), samples: values, at: release))
        #expect(gap.worstPositionGap(floors: [1, 1, 1, 1, 1, 0.01, 0.01, 1, 1]) < 0.01)
        #expect(gap.worstVelocityGap(groups: [[0, 1, 2, 3, 4, 7, 8], [5, 6]], floors: [5, 5, 5, 5, 5, 0.1, 0.1, 5, 5]) < 0.01)
        #expect(gap.leftVelocity[2] > 200)
    }

    @Test("timelines answer JSON only")
    func timelines_answerJSONOnly() throws {
        let service = try TestService()
        let body = String(decoding: try ExampleFiles.bytes("timeline-swipe-down-cancel.json"), as: UTF8.self)
        let response = try service.post("/v1/timelines", json: body, headers: ["Content-Type: application/json", "Accept: text/css"])
        #expect(response.status == 406)
    }
}
