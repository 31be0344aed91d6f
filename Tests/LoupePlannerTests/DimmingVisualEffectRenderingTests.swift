import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// `options.dimmingVisualEffect` end to end: the keyframes' `blur` and every rendering.
@Suite("Dimming visual effect in every format")
struct DimmingVisualEffectRenderingTests {
    static let body = Array(Fixture.adding(#""options":{"dimmingVisualEffect":"systemThickMaterial","precision":3}"#).utf8)

    @Test("the JSON plan names the style and every keyframe carries blur; without the option neither appears")
    func json_carriesBlur() throws {
        let plan = try JSONReader.parse(try PlanEndpoint.answer(body: Self.body))
        #expect(plan["dimmingVisualEffect"] == .string("systemThickMaterial"))
        let blurs = (plan["keyframes"]?.array ?? []).map { $0["blur"]?.number }
        #expect(blurs.first == 0 && blurs.last == 25 && !blurs.contains(nil))
        let plain = String(decoding: try PlanEndpoint.answer(body: Array(Fixture.push.utf8)), as: UTF8.self)
        #expect(!plain.contains("blur") && !plain.contains("dimmingVisualEffect"))
    }

    @Test("an unknown style is a 422 at its pointer")
    func unknownStyle_is422() {
        let body = Array(Fixture.adding(#""options":{"dimmingVisualEffect":"frosted"}"#).utf8)
        do {
            _ = try PlanEndpoint.answer(body: body)
            Issue.record("accepted an unknown style")
        } catch {
            #expect(error.status == 422 && error.errors.map(\.pointer) == ["/options/dimmingVisualEffect"])
        }
    }

    @Test("css and waapi blur the covered page with backdrop-filter on a layer of its own, under the dimming")
    func web_usesBackdropFilter() throws {
        let css = String(decoding: try RenderingFixture.plan(Self.body, as: .css), as: UTF8.self)
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(3))")
        let blur = try #require(checker.keyframes.first { $0.name == "loupe-blur" })
        #expect(blur.frames.first?.declarations.map(\.value) == ["blur(0)"])
        #expect(blur.frames.last?.declarations.map(\.value) == ["blur(25px)"])
        let order = checker.rules.map(\.selector)
        #expect(try #require(order.firstIndex(of: ".loupe-blur")) < (try #require(order.firstIndex(of: ".loupe-dimming"))))
        let waapi = try JSONReader.parse(try RenderingFixture.plan(Self.body, as: .waapi))
        let frames = waapi["keyframes"]?["blur"]?.array ?? []
        #expect(frames.last?["backdropFilter"] == .string("blur(25px)"))
    }

    @Test("the view transition blurs the covered page's snapshot with filter; the svg labels every frame's blur")
    func viewTransitionAndSVG_showTheBlur() throws {
        let css = CSSChecker(String(decoding: try RenderingFixture.plan(Self.body, as: .viewTransition), as: UTF8.self))
        #expect(css.problems.isEmpty)
        let covered = try #require(css.keyframes.first { $0.name == "loupe-zoom-covered" })
        #expect(covered.frames.last?.declarations.map(\.property) == ["transform", "opacity", "filter"])
        #expect(covered.frames.last?.declarations.last?.value == "blur(25px)")
        let svg = String(decoding: try RenderingFixture.plan(Self.body, as: .svg), as: UTF8.self)
        #expect(svg.contains(", blur 25 pt"))
    }

    @Test("a timeline whose host zooms with the effect carries blur too")
    func timeline_carriesBlur() throws {
        let example = String(decoding: RenderingFixture.example("timeline-pinch-dismiss.json"), as: UTF8.self)
        let body = Array(Fixture.adding(#""options":{"dimmingVisualEffect":"light"}"#, to: example).utf8)
        let timeline = try JSONReader.parse(try TimelineEndpoint.answer(body: body))
        #expect(timeline["dimmingVisualEffect"] == .string("light"))
        let blurs = (timeline["keyframes"]?.array ?? []).compactMap { $0["blur"]?.number }
        #expect(blurs.first == 30 && blurs.last == 0)
    }

    /// Review finding: the blur came from the host the timeline ended in, so one ending on a
    /// popover (no zoom) dropped it although its push had zoomed with it.
    @Test("a timeline ending on a host that does not zoom keeps the blur of the host that did")
    func timeline_keepsTheZoomingHostsBlur() throws {
        let body =
            #"{"container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"destination":{"presentationStyle":"popover"},"options":{"dimmingVisualEffect":"regular"},"initial":"source","events":[{"time":0,"type":"push"},{"time":0.2,"type":"pop"},{"time":0.8,"type":"present"}]}"#
        let timeline = try JSONReader.parse(try TimelineEndpoint.answer(body: Array(body.utf8)))
        #expect(timeline["dimmingVisualEffect"] == .string("regular"))
        #expect((timeline["keyframes"]?.array ?? []).contains { ($0["blur"]?.number ?? 0) > 0 })
    }
}
