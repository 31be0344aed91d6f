import LoupeGeometry
import Testing

/// Issue 44 §7: the navigation bar as a layer of its own. Its items stay pinned above the card
/// and cross-fade: the back button over about 140 ms, the titles in a 50 ms cross-fade about
/// 90 ms in (estimates from swift_transitions' native recordings).
@Suite("The navigation bar's fades")
struct NavigationBarTests {
    static func plan(_ transition: TransitionKind, options: ZoomOptions = ZoomOptions(navigationBar: .standard)) throws -> ZoomPlan {
        try Fixture.plan(Fixture.scene(transition, options: options))
    }

    @Test("a zoom push fades the back button in over 140 ms and swaps the titles between 90 and 140 ms")
    func push_followsTheRecordedSchedule() throws {
        let bar = try #require(try Self.plan(.push).navigationBar)
        #expect(bar.frame == Rect(x: 0, y: 0, width: 402, height: 44))
        #expect(bar.opacities(at: 0) == .coveredPageOnTop)
        let early = bar.opacities(at: 0.070)
        #expect(close(early.backButton, 0.5) && early.destinationItems == 0 && early.coveredItems == 1)
        let swapping = bar.opacities(at: 0.115)
        #expect(close(swapping.destinationItems, 0.5) && close(swapping.coveredItems, 0.5))
        #expect(bar.opacities(at: 0.140) == .destinationOnTop)
    }

    @Test("a zoom pop runs the same schedule the other way, and its last keyframe has the covered page's items")
    func pop_runsTheScheduleBackwards() throws {
        let plan = try Self.plan(.pop)
        let bar = try #require(plan.navigationBar)
        #expect(bar.opacities(at: 0) == .destinationOnTop)
        #expect(close(bar.opacities(at: 0.070).backButton, 0.5))
        #expect(bar.opacities(at: try #require(plan.keyframes.last).time) == .coveredPageOnTop)
    }

    @Test("a transition shorter than the fade ends the fade with it, so the items are at rest when the card is")
    func shortTransition_compressesTheFade() throws {
        let quick = AnimationSettings(spring: Spring(response: 0.05, dampingRatio: 1))
        let plan = try Fixture.plan(Fixture.scene(.push, animation: quick, options: ZoomOptions(navigationBar: .standard)))
        #expect(plan.duration < NavigationBarFade.backButtonDuration)
        let bar = try #require(plan.navigationBar)
        #expect(bar.opacities(at: plan.duration) == .destinationOnTop)
        #expect(bar.opacities(at: plan.duration / 2).backButton > 0)
    }

    @Test("a presented page's bar flies with the card, and a slide's titles slide: no bar, and a warning at the option")
    func modalAndSlide_drawNoBar() throws {
        let present = try Self.plan(.present)
        #expect(present.navigationBar == nil)
        #expect(Fixture.codes(present).contains(.navigationBarNotDrawn))
        let tvOS = try Fixture.plan(Fixture.scene(.push, platform: Platform(os: .tvOS), options: ZoomOptions(navigationBar: .standard)))
        #expect(tvOS.effect != .zoom && tvOS.navigationBar == nil)
        #expect(tvOS.warnings.contains { $0.code == .navigationBarNotDrawn && $0.subject == .navigationBar })
    }

    @Test("without the option a plan has no bar and no warning about one")
    func withoutTheOption_noBar() throws {
        let plan = try Self.plan(.push, options: ZoomOptions())
        #expect(plan.navigationBar == nil && !Fixture.codes(plan).contains(.navigationBarNotDrawn))
    }

    @Test("a fade that starts partway through another starts from where the items were, never jumping")
    func reversedFade_startsWhereTheItemsWere() {
        var bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 400, height: 44), initial: .coveredPageOnTop)
        bar.fade(at: 0, towardDestination: true, transitionDuration: 0.5)
        let before = bar.opacities(at: 0.1)
        bar.fade(at: 0.1, towardDestination: false, transitionDuration: 0.5)
        #expect(bar.opacities(at: 0.1) == before)
        #expect(bar.opacities(at: 0.3) == .coveredPageOnTop)
        // Toward where the items already are, nothing is added.
        bar.fade(at: 0.4, towardDestination: false, transitionDuration: 0.5)
        #expect(bar.fades.count == 2)
    }
}
