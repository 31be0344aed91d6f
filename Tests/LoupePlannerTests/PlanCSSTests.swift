import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// `format=css`: well-formed CSS that plays the plan (checked by `CSSChecker` until the web
/// prototype's browser test exists).
@Suite("Plan CSS")
struct PlanCSSTests {
    @Test("every plan renders as well-formed CSS with valid properties", arguments: RenderingFixture.planBodies.map(\.name))
    func css_isWellFormed(name: String) throws {
        let body = try #require(RenderingFixture.planBodies.first { $0.name == name }?.body)
        let css = String(decoding: try RenderingFixture.plan(body, as: .css), as: UTF8.self)
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty, "\(name): \(checker.problems.prefix(5))")
        #expect(!checker.keyframes.isEmpty)
        for keyframes in checker.keyframes {
            let percents = keyframes.frames.map(\.percent)
            #expect(percents.first == 0, "\(keyframes.name) starts at \(percents.first ?? -1)")
            #expect(percents.last == 100, "\(keyframes.name) ends at \(percents.last ?? -1)")
            #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(keyframes.name): percentages must increase")
            // Every rule that animates names a @keyframes rule that exists, and vice versa.
            let rule = checker.rules.first { $0.selector == "." + keyframes.name }
            #expect(rule?.declarations.contains { $0.property == "animation" && $0.value.hasPrefix(keyframes.name + " ") } == true)
        }
        #expect(checker.rules.first?.selector == ".loupe-container")
    }

    @Test("the destination ends at the identity, unclipped, on an element placed like the page")
    func destination_endsAtIdentity() throws {
        let css = String(decoding: try RenderingFixture.plan(RenderingFixture.example("push.json"), as: .css), as: UTF8.self)
        let checker = CSSChecker(css)
        let destination = try #require(checker.keyframes.first { $0.name == "loupe-destination" })
        let last = try #require(destination.frames.last)
        // Issue 23 §10: unclipped at rest, as docs/api.md says (it kept the display's 55 px corners).
        #expect(last.declarations.map(\.value) == ["matrix(1, 0, 0, 1, 0, 0)", "inset(0 0 0 0 round 0)", "1"])
        let first = try #require(destination.frames.first)
        // The page's 393 pt square header scaled onto the 110 pt thumbnail at (16, 120).
        #expect(first.declarations[0].value.hasPrefix("matrix(0.2799, 0, 0, 0.2799, 16, 120)"))
        let rule = try #require(checker.rules.first { $0.selector == ".loupe-destination" })
        #expect(rule.declarations.map(\.property) == ["position", "left", "top", "width", "height", "transform-origin", "animation"])
    }

    @Test("keyframe percentages are time ÷ duration; the animation lasts the plan's duration")
    func percentages_followTimes() throws {
        let body = RenderingFixture.example("push.json")
        let plan = try JSONReader.parse(try PlanEndpoint.answer(body: body))
        let duration = try #require(plan["duration"]?.number)
        let second = try #require(plan["keyframes"]?[1]?["time"]?.number)
        let css = String(decoding: try RenderingFixture.plan(body, as: .css), as: UTF8.self)
        #expect(css.contains("animation: loupe-dimming \(String(format: "%.3f", duration * 1000))ms linear both;"))
        let checker = CSSChecker(css)
        let dimming = try #require(checker.keyframes.first { $0.name == "loupe-dimming" })
        #expect(abs(dimming.frames[1].percent - second / duration * 100) < 1e-4)
    }

    @Test("constant layers collapse to their first and last frame")
    func constantLayers_collapse() throws {
        let checker = CSSChecker(String(decoding: try RenderingFixture.plan(RenderingFixture.example("push.json"), as: .css), as: UTF8.self))
        // The source slot stays hidden through a push (the covered page now fades out at its end).
        let source = try #require(checker.keyframes.first { $0.name == "loupe-source" })
        #expect(source.frames.map(\.percent) == [0, 100])
    }

    @Test(
        "the checker rejects broken CSS",
        arguments: [
            ".a { opacity: 1; ", ".a { colour: red; }", "@keyframes x { 120% { opacity: 1; } }", ".a { transform: matrix(1, 2); }", "/* open"
        ])
    func checker_rejectsBrokenCSS(css: String) {
        #expect(!CSSChecker(css).problems.isEmpty)
    }

    /// Review finding: at `options.precision` 0 the page's scale (0.28) was written as 0, so the
    /// page vanished; unitless values keep three decimals.
    @Test("precision 0 rounds lengths but keeps a matrix's scale and opacities to three decimals")
    func precisionZero_keepsUnitlessValues() throws {
        let body = Array(Fixture.adding(#""options":{"precision":0}"#).utf8)
        for format in [RenderingFormat.css, .viewTransition] {
            let css = String(decoding: try RenderingFixture.plan(body, as: format), as: UTF8.self)
            #expect(!css.contains("matrix(0, 0, 0, 0"), "\(format.rawValue) collapses the page")
            #expect(css.contains("matrix(0.2799"), "\(format.rawValue)")
        }
    }
}
