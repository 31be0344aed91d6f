import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 44 §7: `options.navigationBar` draws the bar as a layer of its own in the JSON answer
/// and every rendering, pinned above the card, its items cross-fading; without it every answer
/// keeps its bytes.
@Suite("The navigation bar layer")
struct NavigationBarRenderingTests {
    static let withBar = Fixture.adding(#""options":{"navigationBar":{}}"#)
    static let popWithBar = withBar.replacingOccurrences(of: #""transition":"push""#, with: #""transition":"pop""#)

    static func bar(_ keyframe: JSONValue?) -> (back: Double?, destination: Double?, covered: Double?) {
        let bar = keyframe?["navigationBar"]
        return (bar?["backButton"]?.number, bar?["destinationItems"]?.number, bar?["coveredItems"]?.number)
    }

    @Test("the plan carries the bar's frame (UIKit's 44 pt at the top by default) and each keyframe its items' opacities")
    func json_carriesTheFrameAndTheOpacities() throws {
        let plan = try Fixture.plan(Self.withBar)
        let frame = plan["navigationBar"]?["frame"]
        #expect(frame?["x"]?.number == 0 && frame?["y"]?.number == 0 && frame?["width"]?.number == 393 && frame?["height"]?.number == 44)
        guard case .array(let keyframes)? = plan["keyframes"] else {
            Issue.record("no keyframes")
            return
        }
        let first = Self.bar(keyframes.first), last = Self.bar(keyframes.last)
        #expect(first.back == 0 && first.destination == 0 && first.covered == 1)
        #expect(last.back == 1 && last.destination == 1 && last.covered == 0)
        let given = try Fixture.plan(Fixture.adding(#""options":{"navigationBar":{"frame":{"x":0,"y":62,"width":393,"height":54}}}"#))
        #expect(given["navigationBar"]?["frame"]?["y"]?.number == 62 && given["navigationBar"]?["frame"]?["height"]?.number == 54)
    }

    @Test("a request without the option has no bar in any format")
    func withoutTheOption_noBarAnywhere() throws {
        for format in PlanEndpoint.formats {
            let text = try RenderingFixture.planText(Fixture.push, as: format)
            #expect(!text.contains("navigationBar") && !text.contains("bar-covered") && !text.contains("bar-back-button"), "\(format)")
        }
    }

    @Test("CSS and WAAPI stack three bar layers above the snapshot, pinned at the bar's frame, fading by the schedule")
    func cssAndWAAPI_drawTheBarAboveTheCard() throws {
        let checker = CSSChecker(try RenderingFixture.planText(Self.withBar, as: .css))
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(3))")
        let order = checker.rules.map(\.selector)
        let snapshot = try #require(order.firstIndex(of: ".loupe-snapshot"))
        for name in ["bar-covered", "bar-destination", "bar-back-button"] {
            let index = try #require(order.firstIndex(of: ".loupe-\(name)"), "\(name)")
            #expect(index > snapshot)
            let rule = try #require(checker.rules.first { $0.selector == ".loupe-\(name)" })
            #expect(rule.declarations.contains { $0.property == "height" && $0.value == "44px" })
        }
        let back = try #require(checker.keyframes.first { $0.name == "loupe-bar-back-button" })
        let opacities = back.frames.compactMap { $0.declarations.first { $0.property == "opacity" }?.value }
        #expect(opacities.first == "0" && opacities.last == "1")
        let waapi = try JSONReader.parse(try RenderingFixture.plan(Array(Self.withBar.utf8), as: .waapi))
        guard case .array(let covered)? = waapi["keyframes"]?["bar-covered"] else {
            Issue.record("no bar-covered keyframes in the WAAPI answer")
            return
        }
        #expect(covered.first?["opacity"] == .number(1) && covered.last?["opacity"] == .number(0))
    }

    @Test("the view transition names the bar and the back button, keeps their groups still above the card, and fades their images")
    func viewTransition_fadesTheBarsImages() throws {
        let push = try RenderingFixture.planText(Self.withBar, as: .viewTransition)
        #expect(push.contains("::view-transition-group(loupe-zoom-bar) {\n  z-index: 1;\n  animation: none;"))
        #expect(push.contains("::view-transition-old(loupe-zoom-bar)") && push.contains("::view-transition-new(loupe-zoom-bar)"))
        #expect(push.contains("::view-transition-new(loupe-zoom-back-button)"))
        let pop = try RenderingFixture.planText(Self.popWithBar, as: .viewTransition)
        #expect(pop.contains("::view-transition-old(loupe-zoom-back-button)") && !pop.contains("::view-transition-new(loupe-zoom-back-button)"))
        let checker = CSSChecker(push)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(3))")
    }

    @Test("the SVG draws the bar in every panel: the covered page's title at first, the pushed page's and its back button at the end")
    func svg_drawsTheBar() throws {
        let svg = try RenderingFixture.planText(Self.withBar, as: .svg)
        let plain = try RenderingFixture.planText(Fixture.push, as: .svg)
        #expect(svg.count > plain.count)
        #expect(svg.contains(##"fill="#5f6368" fill-opacity="1""##))
        #expect(svg.contains(##"fill="#ea8600" fill-opacity="1""##))
    }

    @Test("Lottie's composition has the bar's three images on top, pinned, their opacities following the schedule")
    func lottie_drawsTheBarOnTop() throws {
        let lottie = try JSONReader.parse(try RenderingFixture.plan(Array(Self.withBar.utf8), as: .lottie))
        guard case .array(let layers)? = lottie["layers"], case .array(let assets)? = lottie["assets"] else {
            Issue.record("no layers")
            return
        }
        #expect(layers.prefix(3).map { $0["nm"] } == [.string("bar-back-button"), .string("bar-destination"), .string("bar-covered")])
        #expect(assets.contains { $0["id"] == .string("bar-covered") && $0["h"] == .number(44) })
        guard case .array(let opacity)? = layers.first?["ks"]?["o"]?["k"] else {
            Issue.record("no animated opacity")
            return
        }
        #expect(opacity.first?["s"] == .array([.number(0)]) && opacity.last?["s"] == .array([.number(100)]))
    }

    @Test("a modal transition warns that its bar flies with the card, at /options/navigationBar, and draws none")
    func present_warnsAndDrawsNone() throws {
        let present = Self.withBar.replacingOccurrences(of: #""transition":"push""#, with: #""transition":"present""#)
        let plan = try Fixture.plan(present)
        #expect(plan["navigationBar"] == nil)
        #expect(Fixture.warnings(plan).contains { $0.code == "navigation-bar-not-drawn" && $0.pointer == "/options/navigationBar" })
    }

    @Test("a bar without area, a bar that is not an object, or an unknown member in strict mode is a 422 at its pointer")
    func invalidBar_isAFieldError() {
        let flat = Fixture.adding(#""options":{"navigationBar":{"frame":{"x":0,"y":0,"width":393,"height":0}}}"#)
        #expect(Fixture.pointers(Fixture.problem(flat)) == ["/options/navigationBar/frame/height"])
        let notObject = Fixture.adding(#""options":{"navigationBar":true}"#)
        #expect(Fixture.pointers(Fixture.problem(notObject)) == ["/options/navigationBar"])
        let unknown = Fixture.adding(#""options":{"strict":true,"navigationBar":{"title":"Photos"}}"#)
        #expect(Fixture.pointers(Fixture.problem(unknown)).contains("/options/navigationBar/title"))
    }

    @Test("a timeline's bar fades with the push, holds while a finger holds the card, and fades back with the landing after the release")
    func timeline_fadesWithItsTransitions() throws {
        let answer = try Self.timelineWithBar("timeline-interrupted-push.json")
        #expect(answer["navigationBar"]?["frame"]?["height"]?.number == 44)
        guard case .array(let keyframes)? = answer["keyframes"], case .array(let segments)? = answer["segments"] else {
            Issue.record("no keyframes")
            return
        }
        let landing = try #require(segments.last { $0["kind"] == .string("animating") && $0["transition"] == .string("pop") })
        let landingStart = try #require(landing["start"]?.number)
        let heldBack = keyframes.filter { ($0["time"]?.number ?? 0) >= 0.14 && ($0["time"]?.number ?? 0) <= landingStart }
        #expect(!heldBack.isEmpty && heldBack.allSatisfy { Self.bar($0).back == 1 && Self.bar($0).covered == 0 })
        let end = Self.bar(keyframes.last)
        #expect(end.back == 0 && end.destination == 0 && end.covered == 1)
    }
    static func timelineWithBar(_ example: String) throws -> JSONValue {
        let text = String(decoding: RenderingFixture.example(example), as: UTF8.self)
        let brace = try #require(text.lastIndex(of: "}"))
        let body = String(text[..<brace]) + #","options":{"navigationBar":{}}}"#
        return try JSONReader.parse(try TimelineEndpoint.answer(body: Array(body.utf8)))
    }

    @Test("a swipe down released back to the page leaves the pushed page's items shown at every keyframe")
    func cancelledDismissal_neverFadesTheBar() throws {
        let answer = try Self.timelineWithBar("timeline-swipe-down-cancel.json")
        guard case .array(let keyframes)? = answer["keyframes"] else {
            Issue.record("no keyframes")
            return
        }
        #expect(!keyframes.isEmpty)
        #expect(keyframes.allSatisfy { Self.bar($0).back == 1 && Self.bar($0).destination == 1 && Self.bar($0).covered == 0 })
    }

    @Test("the SVG draws the back button on the leading side: the right in a right-to-left container")
    func svg_backButtonOnTheLeadingSide() throws {
        func buttonX(_ json: String) throws -> Double {
            let svg = try RenderingFixture.planText(json, as: .svg)
            let marker = try #require(svg.range(of: ##"fill="#5f6368" fill-opacity="1""##))
            let element = try #require(svg[..<marker.lowerBound].range(of: "<rect", options: .backwards))
            let tag = svg[element.lowerBound..<marker.lowerBound]
            let x = try #require(tag.range(of: #"x=""#))
            return try #require(Double(tag[x.upperBound...].prefix { $0 != "\"" }))
        }
        let rightToLeft = Self.withBar.replacingOccurrences(of: #""cornerRadius":55}"#, with: #""cornerRadius":55,"layoutDirection":"rightToLeft"}"#)
        #expect(rightToLeft != Self.withBar)
        #expect(try buttonX(rightToLeft) > buttonX(Self.withBar) + 50)
    }
}
