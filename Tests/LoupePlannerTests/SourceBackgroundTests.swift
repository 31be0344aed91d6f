import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 44 §7: SwiftUI's `MatchedTransitionSourceConfiguration.background(_:)`, "a color that
/// will be drawn behind the content within the matched transition source", which "fills the
/// interpolated shape as it grows" during a zoom (Apple's documentation). A source's
/// `background` is the plan's `sourceBackground`, and every rendering fills the card with it
/// while it flies; without one every answer keeps its bytes.
@Suite("The SwiftUI source's background")
struct SourceBackgroundTests {
    static func swiftUI(background: String? = "#FF000080", transition: String = "push") -> String {
        Fixture.swiftUIGallery(firstSourceMembers: background.map { ",\"background\":\"" + $0 + "\"" } ?? "", transition: transition)
    }

    @Test("the matched source's background is the plan's sourceBackground, written as the request spelled it")
    func json_carriesTheMatchedSourcesBackground() throws {
        let plan = try Fixture.plan(Self.swiftUI())
        #expect(plan["sourceBackground"] == .string("#FF000080"))
        // An opaque colour is written in six digits, lower-case digits in upper case, as dimmingColor.
        #expect(try Fixture.plan(Self.swiftUI(background: "#00ff00"))["sourceBackground"] == .string("#00FF00"))
    }

    @Test("a background on a source the destination does not match, or none at all, adds nothing to any format")
    func unmatchedOrAbsentBackground_changesNoAnswer() throws {
        let without = Self.swiftUI(background: nil)
        let unmatched = without.replacingOccurrences(
            of: ##""id":"photo-2","namespace":"gallery","frame":{"x":201,"y":120,"width":176,"height":176},"cornerRadius":12"##,
            with:
                ##""id":"photo-2","namespace":"gallery","frame":{"x":201,"y":120,"width":176,"height":176},"cornerRadius":12,"background":"#123456""##
        )
        #expect(unmatched != without)
        for format in PlanEndpoint.formats {
            #expect(try RenderingFixture.planText(unmatched, as: format) == RenderingFixture.planText(without, as: format), "\(format)")
            #expect(
                try !RenderingFixture.planText(without, as: format).contains("source-background")
                    && !RenderingFixture.planText(without, as: format).contains("sourceBackground"))
        }
    }

    @Test("CSS and WAAPI draw a source-background layer in the card's box, shown in flight and gone at rest")
    func cssAndWAAPI_fillTheCardInFlight() throws {
        let css = try RenderingFixture.planText(Self.swiftUI(), as: .css)
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(3))")
        let rule = try #require(checker.rules.first { $0.selector == ".loupe-source-background" })
        #expect(rule.declarations.contains { $0.property == "background-color" && $0.value == "#FF000080" })
        let keyframes = try #require(checker.keyframes.first { $0.name == "loupe-source-background" })
        let opacities = keyframes.frames.compactMap { $0.declarations.first { $0.property == "opacity" }?.value }
        #expect(opacities.first == "1" && opacities.last == "0")
        #expect(opacities.dropLast().allSatisfy { $0 == "1" })
        // Beneath the page and the snapshot: its rule comes before theirs (layers bottom to top).
        let order = checker.rules.map(\.selector)
        let index = try #require(order.firstIndex(of: ".loupe-source-background"))
        #expect(index < (order.firstIndex(of: ".loupe-destination") ?? -1) && index > (order.firstIndex(of: ".loupe-shadow") ?? .max))
        let waapi = try JSONReader.parse(try RenderingFixture.plan(Array(Self.swiftUI().utf8), as: .waapi))
        #expect(waapi["styles"]?["source-background"]?["backgroundColor"] == .string("#FF000080"))
        guard case .array(let frames)? = waapi["keyframes"]?["source-background"] else {
            Issue.record("no source-background keyframes in the WAAPI answer")
            return
        }
        #expect(frames.first?["opacity"] == .number(1) && frames.last?["opacity"] == .number(0))
    }

    @Test("the view transition's group takes the colour as its background in flight, transparent at rest")
    func viewTransition_groupBackground() throws {
        let css = try RenderingFixture.planText(Self.swiftUI(), as: .viewTransition)
        #expect(css.contains("background-color: #FF000080"))
        #expect(css.contains("background-color: transparent"))
    }

    @Test("the SVG filmstrip fills each card in flight with the colour at its alpha, and not the resting one")
    func svg_fillsTheCardsInFlight() throws {
        let svg = try RenderingFixture.planText(Self.swiftUI(), as: .svg)
        let filled = svg.components(separatedBy: ##"fill="#FF0000" fill-opacity="0.502""##).count - 1
        // One card per panel but the resting one.
        #expect(filled > 0)
        #expect(!svg.contains(##"fill="#FF0000" fill-opacity="1""##))
    }

    @Test("Lottie's card composition has a source-background shape beneath its images, 100 in flight and 0 at rest")
    func lottie_fillsTheCardInFlight() throws {
        let lottie = try JSONReader.parse(try RenderingFixture.plan(Array(Self.swiftUI().utf8), as: .lottie))
        guard case .array(let assets)? = lottie["assets"], let card = assets.first(where: { $0["id"] == .string("card") }),
            case .array(let layers)? = card["layers"]
        else {
            Issue.record("no card composition")
            return
        }
        #expect(layers.last?["nm"] == .string("source-background"))
        guard case .array(let opacity)? = layers.last?["ks"]?["o"]?["k"] else {
            Issue.record("no animated opacity")
            return
        }
        #expect(opacity.first?["s"] == .array([.number(100)]) && opacity.last?["s"] == .array([.number(0)]))
    }

    @Test("a pop fills the card too, and its last keyframe (back on the source) is bare")
    func pop_fillsTheCardUntilItLands() throws {
        let plan = try Fixture.plan(Self.swiftUI(transition: "pop"))
        #expect(plan["sourceBackground"] == .string("#FF000080"))
        let checker = CSSChecker(try RenderingFixture.planText(Self.swiftUI(transition: "pop"), as: .css))
        let keyframes = try #require(checker.keyframes.first { $0.name == "loupe-source-background" })
        #expect(keyframes.frames.last?.declarations.first { $0.property == "opacity" }?.value == "0")
    }

    @Test("a background that is no colour is a 422 at its pointer; UIKit's source has no background")
    func invalidBackground_isAFieldError() {
        let problem = Fixture.problem(Self.swiftUI(background: "red"))
        #expect(problem?.status == 422)
        #expect(Fixture.pointers(problem) == ["/sources/0/background"])
        let uiKit = Fixture.adding(
            ##""options":{"strict":true}"##,
            to: Fixture.push.replacingOccurrences(of: ##""cornerRadius":8}"##, with: ##""cornerRadius":8,"background":"#FF0000"}"##))
        #expect(Fixture.pointers(Fixture.problem(uiKit)).contains("/source/background"))
    }

    @Test("a timeline from a SwiftUI source with a background carries it as its sourceBackground")
    func timeline_carriesTheBackground() throws {
        let answer = try JSONReader.parse(try TimelineEndpoint.answer(body: Array(Fixture.timelinePushing(Self.swiftUI()).utf8)))
        #expect(answer["sourceBackground"] == .string("#FF000080"))
    }
}
