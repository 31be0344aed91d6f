import Testing
import LoupeGeometry

@Suite("Default transitions: slide, cover, popover")
struct FallbackGeometryTests {
    let tvOS = Platform(os: .tvOS)

    func container(_ direction: LayoutDirection) -> Container {
        Container(width: 402, height: 874, layoutDirection: direction)
    }

    @Test("slide push arrives from the right edge while the covered page drifts and dims")
    func slidePush_arrivesFromTheRightEdgeWhileTheCoveredPageDriftsAndDims() throws {
        let plan = try Fixture.plan(Fixture.scene(.push, platform: tvOS))
        #expect(plan.effect == .slide && plan.spring == .navigationSlide)
        let first = plan.keyframes[0], last = plan.keyframes.last!
        #expect(first.transform == .translation(402, 0) && first.mask.rect.minX == 402)
        #expect(last.transform == .identity && last.mask.rect == Fixture.fullScreen)
        #expect(last.covered == .translation(-0.3 * 402, 0))
        #expect(close(last.opacity.dimming, 0.10))
        #expect(plan.keyframes.allSatisfy { $0.opacity.sourceSlot == 1 && $0.shadow == .none })
    }

    @Test("slide in right to left arrives from the left edge as a mirror image") func slideInRightToLeft_arrivesFromTheLeftEdgeAsAMirrorImage() throws
    {
        let ltr = try Fixture.plan(Fixture.scene(.push, platform: tvOS, container: container(.leftToRight)))
        let rtl = try Fixture.plan(Fixture.scene(.push, platform: tvOS, container: container(.rightToLeft)))
        #expect(rtl.keyframes[0].transform == .translation(-402, 0))
        #expect(rtl.keyframes.last!.covered == .translation(0.3 * 402, 0))
        for (l, r) in zip(ltr.keyframes, rtl.keyframes) {
            #expect(close(r.transform.tx, -l.transform.tx, 1e-9) && close(r.covered.tx, -l.covered.tx, 1e-9))
            #expect(r.opacity == l.opacity)
        }
    }

    @Test("slide pop leaves toward the trailing edge and uncovers the page") func slidePop_leavesTowardTheTrailingEdgeAndUncoversThePage() throws {
        let plan = try Fixture.plan(Fixture.scene(.pop, platform: tvOS))
        #expect(plan.keyframes[0].transform == .identity)
        #expect(plan.keyframes.last!.transform == .translation(402, 0))
        #expect(plan.keyframes.last!.covered == .identity && plan.keyframes.last!.opacity.dimming == 0)
    }

    @Test("cover vertical present rises from the bottom") func coverVerticalPresent_risesFromTheBottom() throws {
        let plan = try Fixture.plan(Fixture.scene(.present, platform: Platform(os: .watchOS)))
        #expect(plan.effect == .coverVertical)
        #expect(plan.keyframes[0].transform == .translation(0, 874) && plan.keyframes[0].mask.rect.minY == 874)
        #expect(plan.keyframes.last!.transform == .identity)
        #expect(plan.keyframes.allSatisfy { $0.opacity.dimming == 0 && $0.covered == .identity })
        let dismiss = try Fixture.plan(Fixture.scene(.dismiss, platform: Platform(os: .watchOS)))
        #expect(dismiss.keyframes.last!.transform == .translation(0, 874))
    }

    @Test("fallbacks skip source checks they do not use") func fallbacks_skipSourceChecksTheyDoNotUse() throws {
        let plan = try Fixture.plan(Fixture.scene(.push, platform: tvOS, source: .missing))
        #expect(Fixture.codes(plan) == [.platformDefaultTransition])
    }
}
