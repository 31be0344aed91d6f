import Foundation
import LoupeGeometry
import LoupeJSON
import LoupeTestClient
import LoupeTestSupport
import Testing

/// Issue 25 §1 and §2 over real sockets: iOS 26's bar button and toolbar sources, sheets kept at
/// their detent, the content back swipe; the iOS 18 behaviour with warnings naming 26 before it;
/// and 422s with a JSON pointer for the new fields used wrongly.
@Suite("iOS 26 sources, sheets and content back swipe (route)")
struct IOS26RouteTests {
    private func post(_ service: TestService, _ path: String, _ json: String) throws -> (status: Int, answer: JSONValue) {
        let response = try service.post(path, json: json)
        return (response.status, try JSONReader.parse(response.body))
    }

    private func example(_ name: String) throws -> String {
        String(decoding: try ExampleFiles.bytes(name), as: UTF8.self)
    }

    private func items(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let items)? = value else { return [] }
        return items
    }

    private func mask(_ keyframe: JSONValue?) -> [Double] {
        ["x", "y", "width", "height", "cornerRadius"].map { key in
            if case .number(let n)? = keyframe?["mask"]?[key] { return n }
            return .nan
        }
    }

    private func codesAndPointers(_ answer: JSONValue, _ key: String = "warnings") -> [String] {
        items(answer[key]).map { item in
            let code = item["code"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
            let pointer = item["pointer"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
            return code.isEmpty ? pointer : "\(code) \(pointer)"
        }
    }

    @Test("a bar button item on 26: the card starts as its glass capsule and the sheet rests at its medium detent")
    func barButtonSheet_on26() throws {
        let service = try TestService()
        let (status, answer) = try post(service, "/v1/plans", try example("ios26-bar-button-sheet.json"))
        #expect(status == 200)
        let keyframes = items(answer["keyframes"])
        #expect(mask(keyframes.first) == [342, 62, 44, 44, 22])
        let medium = SheetDetent.medium.restingShape(in: Container(width: 402, height: 874))
        #expect(mask(keyframes.last) == [medium.rect.x, medium.rect.y, medium.rect.width, medium.rect.height, medium.cornerRadius])
        #expect(codesAndPointers(answer).isEmpty)
        // The presenter keeps its view under a sheet: no disappearance callbacks for it.
        let sourceCallbacks = items(answer["callbacks"]).filter { $0["viewController"] == .string("source") }
        #expect(!sourceCallbacks.contains { $0["name"] == .string("viewWillDisappear") })
        // Every keyframe keeps the covered page.
        #expect(keyframes.allSatisfy { $0["opacity"]?["covered"] == .number(1) })
    }

    @Test("the same request before 26: the iOS 18 zoom into a full-screen sheet, with warnings naming 26")
    func barButtonSheet_before26() throws {
        let service = try TestService()
        let body = try example("ios26-bar-button-sheet.json").replacingOccurrences(of: "\"26.0\"", with: "\"18.2\"")
        let (status, answer) = try post(service, "/v1/plans", body)
        #expect(status == 200)
        #expect(
            codesAndPointers(answer) == [
                "sheet-detent-before-ios-26 /destination/detent", "sheet-treated-as-full-screen /destination/presentationStyle",
                "bar-button-source-before-ios-26 /source/kind", "aspect-ratio-mismatch /destination/alignmentRect"
            ])
        let keyframes = items(answer["keyframes"])
        #expect(mask(keyframes.first) == [342, 62, 44, 44, 0])
        #expect(mask(keyframes.last) == [0, 0, 402, 874, 55])
    }

    @Test("a SwiftUI toolbar item matches like any matchedTransitionSource and the dismissal lands on its capsule")
    func toolbarSheet_on26() throws {
        let service = try TestService()
        let (status, answer) = try post(service, "/v1/plans", try example("ios26-toolbar-sheet.json"))
        #expect(status == 200)
        let keyframes = items(answer["keyframes"])
        #expect(mask(keyframes.first) == [0, 64, 402, 810, 55])
        #expect(mask(keyframes.last) == [298, 62, 88, 44, 22])
    }

    @Test(
        "the new fields used wrongly get 422 with a pointer",
        arguments: [
            (#""source":{"kind":"toolbarItem","frame":{"x":1,"y":1,"width":44,"height":44}}"#, "/source/kind"),
            (#""source":{"kind":"tabItem","frame":{"x":1,"y":1,"width":44,"height":44}}"#, "/source/kind"),
            (#""source":{"kind":"barButtonItem","cornerRadius":8,"frame":{"x":1,"y":1,"width":44,"height":44}}"#, "/source/cornerRadius"),
            (#""destination":{"detent":"medium"}"#, "/destination/detent"),
            (#""destination":{"presentationStyle":"pageSheet","detent":"small"}"#, "/destination/detent"),
            (
                #""platform":{"framework":"SwiftUI"},"sources":[{"id":1,"namespace":"n","kind":"barButtonItem","frame":{"x":1,"y":1,"width":4,"height":4}}]"#,
                "/sources/0/kind"
            )
        ])
    func wrongFields_are422WithAPointer(_ fields: String, _ pointer: String) throws {
        let service = try TestService()
        let body = #"{"transition":"present","container":{"width":402,"height":874},"# + fields + "}"
        let (status, answer) = try post(service, "/v1/plans", body)
        #expect(status == 422)
        #expect(codesAndPointers(answer, "errors") == [pointer])
    }

    @Test("a finger's mid-screen pan on a pushed page goes back on 26 and is no back swipe before")
    func contentBackSwipe_onTheTimelineRoute() throws {
        let service = try TestService()
        let body = try example("timeline-content-back-swipe.json")
        let (status, answer) = try post(service, "/v1/timelines", body)
        #expect(status == 200)
        let releases = items(answer["releases"])
        #expect(releases.map { $0["gesture"] } == [.string("edgePan")] && releases.map { $0["outcome"] } == [.string("finish")])
        #expect(answer["final"]?["stack"] == .array([.string("source")]))
        let old = body.replacingOccurrences(of: "\"26.0\"", with: "\"18.0\"")
        let (oldStatus, oldAnswer) = try post(service, "/v1/timelines", old)
        #expect(oldStatus == 200)
        // Before 26 the page's vertical scroll view (below its top) takes the pan, as it always has.
        #expect(codesAndPointers(oldAnswer) == ["scroll-view-not-at-top /events/0"])
        #expect(items(oldAnswer["releases"]).isEmpty)
    }

    /// Issue 35 §1: the examples of iOS 26's interruptible slide, over the routes.
    @Test("a slide grabbed 0.1 s into its push on 26 goes back; before 26 it cannot be grabbed")
    func interruptedSlide_onTheTimelineAndLifecycleRoutes() throws {
        let service = try TestService()
        let body = try example("timeline-interrupted-slide.json")
        let (status, answer) = try post(service, "/v1/timelines", body)
        #expect(status == 200)
        #expect(codesAndPointers(answer) == ["zoom-not-declared /destination/sourceID"], "\(codesAndPointers(answer))")
        #expect(items(answer["releases"]).map { $0["outcome"] } == [.string("finish")])
        #expect(answer["final"]?["stack"] == .array([.string("source")]))
        let old = body.replacingOccurrences(of: "\"26.0\"", with: "\"18.0\"")
        let (_, oldAnswer) = try post(service, "/v1/timelines", old)
        #expect(codesAndPointers(oldAnswer).contains("transition-not-interruptible /events/1"), "\(codesAndPointers(oldAnswer))")
        #expect(oldAnswer["final"]?["stack"] == .array([.string("source"), .string("destination")]))

        let lifecycle = try example("lifecycle-interrupted-slide.json")
        let (lifecycleStatus, trace) = try post(service, "/v1/lifecycle", lifecycle)
        #expect(lifecycleStatus == 200)
        #expect(trace["final"]?["stack"] == .array([.string("list")]))
        let standard = lifecycle.replacingOccurrences(of: "interruptibleSlide", with: "standard")
        let (refused, _) = try post(service, "/v1/lifecycle", standard)
        #expect(refused == 422)
    }
}
