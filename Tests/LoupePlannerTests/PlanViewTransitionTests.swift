import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// `format=view-transition`: a stylesheet for `document.startViewTransition` whose pseudo-elements
/// play the plan (the browser test plays it in Chromium; these check what it says).
@Suite("Plan view transition")
struct PlanViewTransitionTests {
    private static func stylesheet(_ body: [UInt8]) throws -> String {
        String(decoding: try RenderingFixture.plan(body, as: .viewTransition), as: UTF8.self)
    }

    @Test(
        "every plan renders as well-formed CSS: five parts, each animated by a @keyframes rule of its own",
        arguments: RenderingFixture.planBodies.map(\.name))
    func stylesheet_isWellFormed(name: String) throws {
        let body = try #require(RenderingFixture.planBodies.first { $0.name == name }?.body)
        let checker = CSSChecker(try Self.stylesheet(body))
        #expect(checker.problems.isEmpty, "\(name): \(checker.problems.prefix(5))")
        // The Level 2 example (issue 25 §3) has its own test below.
        let text = String(decoding: body, as: UTF8.self)
        if !text.contains("viewTransition") {
            // The navigation bar's still groups first, its images last (issue 44 §7).
            let bar = text.contains("navigationBar")
            #expect(
                checker.rules.map(\.selector)
                    == (bar ? ["::view-transition-group(loupe-zoom-bar)", "::view-transition-group(loupe-zoom-back-button)"] : []) + [
                        "::view-transition-group(loupe-zoom)", "::view-transition-old(loupe-zoom)", "::view-transition-new(loupe-zoom)",
                        "::view-transition-old(root)", "::view-transition-new(root)"
                    ]
                    + (bar
                        ? [
                            "::view-transition-old(loupe-zoom-bar)", "::view-transition-new(loupe-zoom-bar)",
                            "::view-transition-new(loupe-zoom-back-button)"
                        ] : []))
        }
        for rule in checker.rules where rule.selector != "@view-transition" {
            // The bar's groups do not move: `animation: none` names no keyframes.
            if rule.declarations.contains(where: { $0.property == "animation" && $0.value == "none" }) { continue }
            let animation = try #require(rule.declarations.first { $0.property == "animation" }?.value)
            let keyframesName = String(animation.prefix { $0 != " " })
            let keyframes = try #require(checker.keyframes.first { $0.name == keyframesName }, "\(rule.selector) names \(keyframesName)")
            #expect(keyframes.frames.first?.percent == 0 && keyframes.frames.last?.percent == 100)
        }
    }

    @Test("the group's box follows the plan's mask, from the source's frame to the page's")
    func group_followsTheMask() throws {
        let body = RenderingFixture.example("push.json")
        let plan = try JSONReader.parse(try PlanEndpoint.answer(body: body))
        let keyframes = plan["keyframes"]?.array ?? []
        let checker = CSSChecker(try Self.stylesheet(body))
        let group = try #require(checker.keyframes.first { $0.name == "loupe-zoom-group" })
        #expect(group.frames.count == keyframes.count)
        let first = try #require(group.frames.first).declarations.map(\.value)
        #expect(first.prefix(4) == ["110px", "110px", "matrix(1, 0, 0, 1, 16, 120)", "8px"])
        #expect(first[4] == "0 4px 36px rgba(0, 0, 0, 0), 0 0 0 200vmax rgba(0, 0, 0, 0)")
        let last = try #require(group.frames.last).declarations.map(\.value)
        // Issue 23 §10: the page at rest is unclipped (docs/api.md); the JSON keeps 55 (the display's).
        #expect(last.prefix(4) == ["393px", "852px", "matrix(1, 0, 0, 1, 0, 0)", "0"])
        // The dimming at rest (0.15 of black) is the spread shadow's alpha.
        #expect(last[4].hasSuffix("0 0 0 200vmax rgba(0, 0, 0, 0.15)"))
        // In between, every keyframe's box is its mask (written to 3 decimals).
        for (keyframe, frame) in zip(keyframes, group.frames) {
            let box = frame.declarations.prefix(2).map { Double($0.value.dropLast(2)) ?? -1 }
            #expect(abs(box[0] - (keyframe["mask"]?["width"]?.number ?? 0)) <= 0.0005)
            #expect(abs(box[1] - (keyframe["mask"]?["height"]?.number ?? 0)) <= 0.0005)
        }
    }

    @Test("a push names the source's image old and the page new; a pop swaps them, and the root snapshot that shows the covered page")
    func pop_swapsOldAndNew() throws {
        let push = CSSChecker(try Self.stylesheet(RenderingFixture.example("push.json")))
        let pop = CSSChecker(try Self.stylesheet(RenderingFixture.example("pop.json")))
        func animation(_ checker: CSSChecker, _ selector: String) -> String? {
            checker.rules.first { $0.selector == selector }?.declarations.first { $0.property == "animation" }?.value.components(separatedBy: " ")
                .first
        }
        #expect(animation(push, "::view-transition-old(loupe-zoom)") == "loupe-zoom-snapshot")
        #expect(animation(push, "::view-transition-new(loupe-zoom)") == "loupe-zoom-page")
        #expect(animation(push, "::view-transition-old(root)") == "loupe-zoom-covered")
        #expect(animation(push, "::view-transition-new(root)") == "loupe-zoom-hidden")
        #expect(animation(pop, "::view-transition-old(loupe-zoom)") == "loupe-zoom-page")
        #expect(animation(pop, "::view-transition-new(loupe-zoom)") == "loupe-zoom-snapshot")
        #expect(animation(pop, "::view-transition-old(root)") == "loupe-zoom-hidden")
        #expect(animation(pop, "::view-transition-new(root)") == "loupe-zoom-covered")
    }

    @Test("the page's image sits in the card by the plan's transform, relative to the mask's corner")
    func pageImage_isPlacedByTheTransform() throws {
        let checker = CSSChecker(try Self.stylesheet(RenderingFixture.example("push.json")))
        let page = try #require(checker.keyframes.first { $0.name == "loupe-zoom-page" })
        // At the start the page (scale 0.28 onto the 110 pt thumbnail at (16, 120)) starts at the
        // mask's own corner; at rest it is the identity at the card's origin.
        #expect(try #require(page.frames.first).declarations[0].value.hasPrefix("matrix(0.2799, 0, 0, 0.2799, 0, 0"))
        #expect(try #require(page.frames.last).declarations.map(\.value) == ["matrix(1, 0, 0, 1, 0, 0)", "1"])
        let rule = try #require(checker.rules.first { $0.selector == "::view-transition-new(loupe-zoom)" })
        #expect(rule.declarations.map(\.value).prefix(5) == ["absolute", "0", "0", "393px", "852px"])
    }

    @Test("options.viewTransitionName renames the pseudo-elements and the keyframes")
    func name_isTheOption() throws {
        let css = try Self.stylesheet(Array(Fixture.adding(#""options":{"viewTransitionName":"--hero_2"}"#).utf8))
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty)
        #expect(checker.rules.first?.selector == "::view-transition-group(--hero_2)")
        #expect(checker.keyframes.map(\.name) == ["--hero_2-group", "--hero_2-snapshot", "--hero_2-page", "--hero_2-covered", "--hero_2-hidden"])
        #expect(!css.contains("loupe-zoom"))
    }

    @Test(
        "a name that is not a CSS custom ident is a 422 pointing at it",
        arguments: [
            "root", "none", "AUTO", "match-element", "inherit", "1photo", "-1photo", "-", "", "hero photo", "héro", "a*/b", "x{}",
            String(repeating: "a", count: 65)
        ])
    func invalidName_is422(name: String) throws {
        let body = Array(Fixture.adding(#""options":{"viewTransitionName":"# + "\"\(name)\"" + "}").utf8)
        do {
            _ = try PlanEndpoint.answer(body: body)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.status == 422)
            #expect(error.errors.map(\.pointer) == ["/options/viewTransitionName"])
        }
    }

    @Test("a timeline does not take the plan-only option: it is an unknown field there")
    func timeline_reportsTheOptionAsUnknown() throws {
        let example = String(decoding: RenderingFixture.example("timeline-pinch-dismiss.json"), as: UTF8.self)
        let body = Array(Fixture.adding(#""options":{"viewTransitionName":"hero"}"#, to: example).utf8)
        let answer = try JSONReader.parse(try TimelineEndpoint.answer(body: body))
        let unknown = (answer["warnings"]?.array ?? []).compactMap { warning -> String? in
            guard case .string("unknown-field")? = warning["code"], case .string(let pointer)? = warning["pointer"] else { return nil }
            return pointer
        }
        #expect(unknown == ["/options/viewTransitionName"])
    }

    // MARK: - View Transitions Level 2 (issue 25 §3)

    @Test("options.viewTransitionClass selects the pseudo-elements by class (*.CLASS) and names the keyframes after it")
    func viewTransitionClass_selectsByClass() throws {
        let css = try Self.stylesheet(Array(Fixture.adding(#""options":{"viewTransitionClass":"card"}"#).utf8))
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(5))")
        #expect(
            checker.rules.map(\.selector) == [
                "::view-transition-group(*.card)", "::view-transition-old(*.card)", "::view-transition-new(*.card)",
                "::view-transition-old(root)", "::view-transition-new(root)"
            ])
        #expect(checker.keyframes.map(\.name) == ["card-group", "card-snapshot", "card-page", "card-covered", "card-hidden"])
        #expect(css.contains("Give view-transition-name: loupe-zoom (or any name unique on its page) and view-transition-class: card to the source"))
        #expect(!css.contains("@view-transition"))
    }

    @Test(
        "cross-document: @view-transition opts in and types the navigation push or pop, and every rule is scoped to :active-view-transition-type()",
        arguments: ["push.json", "pop.json", "present.json", "dismiss.json"])
    func crossDocument_optsInAndScopesEveryRule(example: String) throws {
        let body = String(decoding: RenderingFixture.example(example), as: UTF8.self)
        let css = try Self.stylesheet(Array(Fixture.adding(#""options":{"viewTransitionNavigation":"cross-document"}"#, to: body).utf8))
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(5))")
        let type = example.hasPrefix("pop") || example.hasPrefix("dismiss") ? "pop" : "push"
        let opening = try #require(checker.rules.first)
        #expect(opening.selector == "@view-transition")
        #expect(opening.declarations.map { "\($0.property): \($0.value)" } == ["navigation: auto", "types: \(type)"])
        let parts = checker.rules.dropFirst()
        #expect(parts.count == 5)
        #expect(
            parts.allSatisfy { $0.selector.hasPrefix(":root:active-view-transition-type(\(type))::view-transition-") }, "\(parts.map(\.selector))")
        // Keyframes carry the type, so a page may link a push's and a pop's stylesheets together.
        #expect(checker.keyframes.allSatisfy { $0.name.hasPrefix("loupe-zoom-\(type)-") })
        #expect(css.contains("Link this stylesheet from the page navigated to"))
        #expect(!css.contains("startViewTransition"))
    }

    @Test("viewTransitionGroup contain adds ::view-transition-group-children, clipped to the card's corner radius at every keyframe")
    func contain_clipsTheNestedGroups() throws {
        let body = Array(Fixture.adding(#""options":{"viewTransitionGroup":"contain"}"#).utf8)
        let css = try Self.stylesheet(body)
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(5))")
        let children = try #require(checker.rules.first { $0.selector == "::view-transition-group-children(loupe-zoom)" })
        #expect(children.declarations.first?.value == "clip")
        let group = try #require(checker.keyframes.first { $0.name == "loupe-zoom-group" })
        let nested = try #require(checker.keyframes.first { $0.name == "loupe-zoom-children" })
        #expect(nested.frames.count == group.frames.count && nested.frames.count > 2)
        for (card, clip) in zip(group.frames, nested.frames) {
            #expect(card.percent == clip.percent)
            #expect(clip.declarations.map(\.value) == card.declarations.filter { $0.property == "border-radius" }.map(\.value))
        }
        #expect(css.contains("Give the card's element view-transition-group: contain"))
        // Without the option the flat tree's stylesheet is unchanged: no children rule.
        #expect(!(try Self.stylesheet(Array(Fixture.adding(#""options":{}"#).utf8))).contains("group-children"))
    }

    @Test(
        "a Level 2 option that is not valid is a 422 at its pointer",
        arguments: [
            (#""viewTransitionClass":"root""#, "/options/viewTransitionClass"),
            (#""viewTransitionClass":"1card""#, "/options/viewTransitionClass"),
            (#""viewTransitionClass":"*/x""#, "/options/viewTransitionClass"),
            (#""viewTransitionNavigation":"auto""#, "/options/viewTransitionNavigation"),
            (#""viewTransitionGroup":"nearest""#, "/options/viewTransitionGroup")
        ])
    func invalidLevel2Option_is422(member: String, pointer: String) throws {
        let body = Array(Fixture.adding(#""options":{"# + member + "}").utf8)
        do {
            _ = try PlanEndpoint.answer(body: body)
            Issue.record("\(member) was accepted")
        } catch {
            #expect(error.status == 422)
            #expect(error.errors.map(\.pointer) == [pointer])
        }
    }
}
