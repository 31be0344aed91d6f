import LoupeGeometry
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 25 §1 and §2 in the planner: the new fields decode into the scene, are checked with a
/// pointer, their warnings point at them (a timeline's `sourceChanged` included), strict mode
/// refuses them, and requests without them decode as before.
@Suite("iOS 26 fields in requests")
struct IOS26RequestTests {
    static let container = #""container":{"width":402,"height":874}"#

    @Test("new fields are decoded into the scene") func newFields_areDecodedIntoTheScene() throws {
        let uiKit = try Fixture.decode(
            #"{"transition":"present","platform":{"version":"26.1"},"# + Self.container
                + #","source":{"kind":"barButtonItem","frame":{"x":342,"y":62,"width":44,"height":44}},"#
                + #""destination":{"presentationStyle":"formSheet","detent":"large"}}"#)
        #expect(uiKit.scene.source == .view(SourceView(frame: Rect(x: 342, y: 62, width: 44, height: 44), kind: .barButtonItem)))
        #expect(uiKit.scene.destination.detent == .large && uiKit.scene.platform.hasVersion26Behaviours)
        let swiftUI = try Fixture.decode(
            #"{"transition":"present","platform":{"framework":"SwiftUI"},"# + Self.container
                + #","sources":[{"id":"add","namespace":"n","kind":"toolbarItem","frame":{"x":1,"y":2,"width":44,"height":44}}],"#
                + #""destination":{"presentationStyle":"pageSheet","sourceID":"add","namespace":"n"}}"#)
        guard case .matched(let sources) = swiftUI.scene.source else {
            Issue.record("not matched")
            return
        }
        #expect(sources.map(\.kind) == [.toolbarItem] && swiftUI.scene.destination.detent == nil)
        // Without the new fields: a view, no detent, iOS 18's behaviour.
        let plain = try Fixture.decode(#"{"transition":"present","# + Self.container + #","source":{"frame":{"x":1,"y":2,"width":44,"height":44}}}"#)
        #expect(plain.scene.source == .view(SourceView(frame: Rect(x: 1, y: 2, width: 44, height: 44))))
        #expect(plain.scene.destination.detent == nil && !plain.scene.platform.hasVersion26Behaviours)
    }

    @Test("every misuse is listed at once with its pointer") func everyMisuse_isListedAtOnceWithItsPointer() throws {
        let body =
            #"{"transition":"present","# + Self.container
            + #","source":{"kind":"toolbarItem","cornerRadius":4,"frame":{"x":1,"y":2,"width":44,"height":44}},"#
            + #""destination":{"presentationStyle":"popover","detent":"medium"}}"#
        let problem = try #require(Fixture.problem(body))
        #expect(problem.errors.map { $0.pointer } == ["/source/kind", "/destination/detent"])
        #expect(problem.errors.first?.detail.contains("\"toolbarItem\" is SwiftUI's") == true)
    }

    @Test("strict mode refuses the before 26 warnings") func strictMode_refusesTheBefore26Warnings() throws {
        let body =
            #"{"transition":"present","platform":{"version":"18.0"},"# + Self.container
            + #","source":{"kind":"barButtonItem","frame":{"x":342,"y":62,"width":44,"height":44}},"#
            + #""destination":{"presentationStyle":"pageSheet","detent":"medium","closeButton":true},"options":{"strict":true}}"#
        let problem = try #require(Fixture.problem(body))
        let pointers = problem.errors.map { $0.pointer }
        #expect(pointers.contains("/source/kind") && pointers.contains("/destination/detent"))
    }

    /// Issue 35 §4: the detent's rect replacing a given frame is said at `/destination/frame`
    /// (strict mode refuses it), and the sheet gets no `no-close-button` on 26.
    @Test("detent replacing the frame warns at destination frame") func detentReplacingTheFrame_warnsAtDestinationFrame() throws {
        let body =
            #"{"transition":"present","platform":{"version":"26.0"},"# + Self.container
            + #","source":{"kind":"barButtonItem","frame":{"x":342,"y":62,"width":44,"height":44}},"#
            + #""destination":{"frame":{"x":20,"y":300,"width":200,"height":200},"presentationStyle":"pageSheet","detent":"medium"}}"#
        let warnings = Fixture.warnings(try Fixture.plan(body))
        #expect(warnings.map(\.code) == ["destination-frame-replaced"], "\(warnings)")
        #expect(warnings.first?.pointer == "/destination/frame")
        let strict = try #require(Fixture.problem(Fixture.adding(#""options":{"strict":true}"#, to: body)))
        #expect(strict.errors.map { $0.pointer } == ["/destination/frame"])
    }

    /// A bar button item given by a timeline's sourceChanged before 26: its warning points at the
    /// event's source.
    @Test("source changed bar item before 26 warns at the event") func sourceChangedBarItemBefore26_warnsAtTheEvent() throws {
        let body =
            #"{"# + Self.container + #","source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"initial":"pushed","#
            + #""events":[{"time":0,"type":"sourceChanged","source":{"kind":"barButtonItem","frame":{"x":342,"y":62,"width":44,"height":44}}},"#
            + #"{"time":0.1,"type":"pop"}]}"#
        let answer = try TimelineEndpoint.compute(try RequestDocument.parse(Array(body.utf8)))
        #expect(answer.warnings.contains { $0.code == "bar-button-source-before-ios-26" && $0.pointer == "/events/0/source/kind" })
    }
}
