import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 44 §7: SwiftUI's `MatchedTransitionSourceConfiguration.shadow(color:radius:x:y:)`. The
/// source casts it at rest, so the card starts its flight with it and turns it into the zoom's
/// own shadow over the ramp; every format draws the colour and the sideways offset. Without one
/// every answer keeps its bytes.
@Suite("The SwiftUI source's shadow")
struct SourceShadowTests {
    static func swiftUI(shadow: String? = ##"{"color":"#FF000080","radius":6,"x":3,"y":5}"##, transition: String = "push") -> String {
        Fixture.swiftUIGallery(firstSourceMembers: shadow.map { ",\"shadow\":" + $0 } ?? "", transition: transition)
    }

    static func keyframes(_ plan: JSONValue) -> [JSONValue] {
        guard case .array(let keyframes)? = plan["keyframes"] else { return [] }
        return keyframes
    }

    @Test("the card starts with the source's shadow, turns into the zoom's own by 15 % of progress, and is gone at rest")
    func json_startsFromTheSourcesShadow() throws {
        let plan = try Fixture.plan(Self.swiftUI())
        let declared = plan["sourceShadow"]
        #expect(declared?["radius"]?.number == 6 && declared?["offsetX"]?.number == 3 && declared?["offsetY"]?.number == 5)
        #expect(declared?["color"] == .string("#FF0000") && abs((declared?["opacity"]?.number ?? 0) - 128.0 / 255) < 1e-9)
        let keyframes = Self.keyframes(plan)
        let first = try #require(keyframes.first?["shadow"])
        #expect(first == declared)
        let flying = try #require(keyframes.first { ($0["progress"]?.number ?? 0) > 0.2 && ($0["progress"]?.number ?? 0) < 0.8 })
        #expect(flying["shadow"]?["radius"]?.number == 18 && flying["shadow"]?["offsetX"]?.number == 0)
        #expect(flying["shadow"]?["color"] == .string("#000000") && flying["shadow"]?["opacity"]?.number == 0.24)
        #expect(keyframes.last?["shadow"]?["opacity"]?.number == 0)
    }

    @Test("Apple's default colour is black at 0.33, and x and y default to 0")
    func defaults_areApples() throws {
        let plan = try Fixture.plan(Self.swiftUI(shadow: #"{"radius":4}"#))
        let declared = plan["sourceShadow"]
        #expect(declared?["color"] == .string("#000000") && declared?["opacity"]?.number == 0.33)
        #expect(declared?["offsetX"]?.number == 0 && declared?["offsetY"]?.number == 0)
    }

    @Test("a pop lands with the source's shadow on its way in")
    func pop_landsWithTheSourcesShadow() throws {
        let keyframes = Self.keyframes(try Fixture.plan(Self.swiftUI(transition: "pop")))
        let landing = try #require(keyframes.dropLast().last)
        #expect((landing["shadow"]?["offsetX"]?.number ?? 0) > 2.5 && landing["shadow"]?["color"] != .string("#000000"))
    }

    @Test("a shadow on a source the destination does not match, or none, adds nothing to any format")
    func unmatchedOrAbsentShadow_changesNoAnswer() throws {
        let without = Self.swiftUI(shadow: nil)
        let unmatched = without.replacingOccurrences(
            of: ##""x":201,"y":120,"width":176,"height":176},"cornerRadius":12"##,
            with: ##""x":201,"y":120,"width":176,"height":176},"cornerRadius":12,"shadow":{"radius":9}"##)
        #expect(unmatched != without)
        for format in PlanEndpoint.formats {
            let plain = try RenderingFixture.planText(without, as: format)
            #expect(try RenderingFixture.planText(unmatched, as: format) == plain, "\(format)")
            #expect(!plain.contains("sourceShadow") && !plain.contains("offsetX"), "\(format)")
        }
    }

    @Test("CSS, WAAPI and the view transition draw the shadow in its colour and offset at the start, black and straight down in flight")
    func webRenderings_drawTheColourAndOffset() throws {
        let css = try RenderingFixture.planText(Self.swiftUI(), as: .css)
        let checker = CSSChecker(css, colouredShadows: true)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(3))")
        let frames = try #require(checker.keyframes.first { $0.name == "loupe-shadow" }).frames
        let shadows = frames.compactMap { $0.declarations.first { $0.property == "box-shadow" }?.value }
        #expect(shadows.first == "3px 5px 12px rgba(255, 0, 0, 0.502)")
        #expect(shadows.contains("0 4px 36px rgba(0, 0, 0, 0.24)"))
        let waapi = try JSONReader.parse(try RenderingFixture.plan(Array(Self.swiftUI().utf8), as: .waapi))
        guard case .array(let shadowFrames)? = waapi["keyframes"]?["shadow"] else {
            Issue.record("no shadow keyframes in the WAAPI answer")
            return
        }
        #expect(shadowFrames.first?["boxShadow"] == .string("3px 5px 12px rgba(255, 0, 0, 0.502)"))
        let transition = try RenderingFixture.planText(Self.swiftUI(), as: .viewTransition)
        #expect(transition.contains("box-shadow: 3px 5px 12px rgba(255, 0, 0, 0.502), 0 0 0 200vmax"))
    }

    @Test("Lottie's shadow rings take the colour frame by frame and move sideways with the offset")
    func lottie_colourAndOffset() throws {
        let lottie = try JSONReader.parse(try RenderingFixture.plan(Array(Self.swiftUI().utf8), as: .lottie))
        guard case .array(let layers)? = lottie["layers"], let shadow = layers.first(where: { $0["nm"] == .string("shadow") }),
            case .array(let shapes)? = shadow["shapes"], case .array(let items)? = shapes.first?["it"]
        else {
            Issue.record("no shadow layer")
            return
        }
        let fill = items.first { $0["ty"] == .string("fl") }
        #expect(fill?["c"]?["a"] == .number(1))
        guard case .array(let colours)? = fill?["c"]?["k"] else {
            Issue.record("no animated colour")
            return
        }
        #expect(colours.first?["s"] == .array([.number(1), .number(0), .number(0), .number(1)]))
        #expect(colours.last?["s"] == .array([.number(0), .number(0), .number(0), .number(1)]))
    }

    @Test("a shadow without its radius, with a bad colour, or on UIKit's source is a 422 at its pointer")
    func invalidShadow_isAFieldError() {
        #expect(Fixture.pointers(Fixture.problem(Self.swiftUI(shadow: #"{"x":2}"#))) == ["/sources/0/shadow/radius"])
        #expect(Fixture.pointers(Fixture.problem(Self.swiftUI(shadow: #"{"radius":2,"color":"red"}"#))) == ["/sources/0/shadow/color"])
        #expect(Fixture.pointers(Fixture.problem(Self.swiftUI(shadow: #"{"radius":-1}"#))) == ["/sources/0/shadow/radius"])
        let uiKit = Fixture.adding(
            ##""options":{"strict":true}"##,
            to: Fixture.push.replacingOccurrences(of: ##""cornerRadius":8}"##, with: ##""cornerRadius":8,"shadow":{"radius":4}}"##))
        #expect(Fixture.pointers(Fixture.problem(uiKit)).contains("/source/shadow"))
    }

    @Test("a timeline from a SwiftUI source with a shadow carries it, and its keyframes the colour and offset")
    func timeline_carriesTheShadow() throws {
        let answer = try JSONReader.parse(try TimelineEndpoint.answer(body: Array(Fixture.timelinePushing(Self.swiftUI()).utf8)))
        #expect(answer["sourceShadow"]?["radius"]?.number == 6)
        #expect(Self.keyframes(answer).first?["shadow"]?["offsetX"]?.number == 3)
    }
}
