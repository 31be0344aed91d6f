import Testing
import LoupeGeometry

@Suite("Zoom plans: endpoints, directions, options")
struct GeometryEngineTests {
    @Test("push keyframes are one frame apart and end at the settling time") func pushKeyframes_areOneFrameApartAndEndAtTheSettlingTime() throws {
        let plan = try Fixture.plan(Fixture.scene())
        #expect(plan.effect == .zoom && plan.frameRate == 60)
        #expect(close(plan.duration, SpringSolution(spring: .zoom).settlingDuration(), 1e-12))
        let frames = plan.keyframes
        for (k, frame) in frames.dropLast().enumerated() {
            #expect(frame.time == Double(k) / 60)
        }
        #expect(frames.last!.time == plan.duration)
        #expect(frames.count == Int((plan.duration * 60).rounded(.up)) + 1)
        #expect(frames.last!.time - frames[frames.count - 2].time <= 1.0 / 60)
    }

    @Test("push first keyframe is the source frame with the source radius") func pushFirstKeyframe_isTheSourceFrameWithTheSourceRadius() throws {
        let first = try Fixture.plan(Fixture.scene()).keyframes[0]
        #expect(first.time == 0 && first.progress == 0)
        #expect(first.mask == RoundedRect(rect: Fixture.thumbnail, cornerRadius: 12))
        #expect(first.opacity == Opacities(sourceSlot: 0, sourceContent: 1, destination: 1, dimming: 0, background: 0))
    }

    @Test("push final keyframe is exactly the page at rest") func pushFinalKeyframe_isExactlyThePageAtRest() throws {
        let last = try Fixture.plan(Fixture.scene()).keyframes.last!
        #expect(last.progress == 1)
        #expect(last.transform == .identity)
        #expect(last.mask.rect == Fixture.fullScreen)
        #expect(last.mask.cornerRadius == 55)
        #expect(last.opacity == Opacities(sourceSlot: 0, sourceContent: 0, destination: 1, dimming: 0.15, background: 0))
        #expect(last.shadow.opacity == 0)
    }

    @Test("page that does not cover the container rests at its own corner radius and origin")
    func pageThatDoesNotCoverTheContainer_restsAtItsOwnCornerRadiusAndOrigin() throws {
        let frame = Rect(x: 20, y: 80, width: 362, height: 700)
        let plan = try Fixture.plan(Fixture.scene(.present, destination: Destination(frame: frame, cornerRadius: 16)))
        let last = plan.keyframes.last!
        #expect(last.mask == RoundedRect(rect: frame, cornerRadius: 16))
        #expect(last.transform == .translation(20, 80))
    }

    @Test("pop runs its own spring back into the source and the source reappears at the end")
    func pop_runsItsOwnSpringBackIntoTheSourceAndTheSourceReappearsAtTheEnd() throws {
        let push = try Fixture.plan(Fixture.scene(.push))
        let pop = try Fixture.plan(Fixture.scene(.pop))
        #expect(pop.isReverse)
        let first = pop.keyframes[0], last = pop.keyframes.last!
        #expect(first.progress == 0 && close(first.mask.rect, Fixture.fullScreen, 1e-12) && first.mask.cornerRadius == 55)
        #expect(last.progress == 1 && last.mask == RoundedRect(rect: Fixture.thumbnail, cornerRadius: 12))
        #expect(pop.keyframes.dropLast().allSatisfy { $0.opacity.sourceSlot == 0 })
        #expect(last.opacity.sourceSlot == 1 && last.opacity.sourceContent == 1 && last.opacity.dimming == 0)
        // Its own spring from 0 → 1 of the reverse journey, not the push keyframes reversed.
        let solution = SpringSolution(spring: .zoom)
        for frame in pop.keyframes.dropLast() {
            #expect(close(frame.progress, solution.value(at: frame.time), 1e-12))
            #expect(frame.mask == pop.geometry.state(atProgress: 1 - frame.progress, shrinking: true).mask)
        }
        let reversedPush = push.keyframes.reversed().map(\.mask)
        #expect(pop.keyframes[1].mask != reversedPush[1])
    }

    @Test("bouncy spring progress passes one and the geometry overshoots with it") func bouncySpring_progressPassesOneAndTheGeometryOvershootsWithIt()
        throws
    {
        let plan = try Fixture.plan(Fixture.scene(animation: AnimationSettings(spring: .bouncy)))
        let peak = plan.keyframes.max { $0.progress < $1.progress }!
        #expect(peak.progress > 1)
        #expect(peak.mask.rect.width > Fixture.fullScreen.width)
        #expect(plan.keyframes.last!.progress == 1 && plan.keyframes.last!.mask.rect == Fixture.fullScreen)
    }

    @Test("initial velocity is progress per second like UIKit") func initialVelocity_isProgressPerSecondLikeUIKit() throws {
        let fast = try Fixture.plan(Fixture.scene(animation: AnimationSettings(initialVelocity: 5)))
        let rest = try Fixture.plan(Fixture.scene())
        let expected = SpringSolution(spring: .zoom, initialVelocity: 5)
        #expect(close(fast.keyframes[1].progress, expected.value(at: 1.0 / 60), 1e-12))
        #expect(fast.keyframes[1].progress > rest.keyframes[1].progress)
    }

    @Test("custom frame rate spaces keyframes by its interval") func customFrameRate_spacesKeyframesByItsInterval() throws {
        let plan = try Fixture.plan(Fixture.scene(animation: AnimationSettings(frameRate: 120)))
        #expect(plan.keyframes[3].time == 3.0 / 120)
        #expect(plan.keyframes.count == Int((plan.duration * 120).rounded(.up)) + 1)
    }

    /// Issue 44 §6: the centre card starts at 0.9 of the page, swift_transitions' fallback
    /// (`fallbackInset` 0.05), not the 0.5 that was said to be the peer's.
    @Test("missing source zooms from a nine tenths centre card while the page fades in")
    func missingSource_zoomsFromANineTenthsCentreCardWhileThePageFadesIn() throws {
        let plan = try Fixture.plan(Fixture.scene(source: .missing))
        let first = plan.keyframes[0], last = plan.keyframes.last!
        let centre = Fixture.container.bounds.center
        #expect(close(first.mask.rect, Rect(center: centre, size: Size(width: 361.8, height: 786.6)), 1e-9))
        #expect(close(first.mask.cornerRadius, 49.5))
        #expect(first.opacity.destination == 0 && first.opacity.sourceContent == 0)
        #expect(last.opacity.destination == 1 && last.mask.rect == Fixture.fullScreen)
        #expect(plan.keyframes.allSatisfy { $0.opacity.sourceSlot == 1 })
        #expect(plan.sourceFrame == nil)
        #expect(plan.warnings.contains { $0.code == .missingSource && $0.subject == .source })
        let back = try Fixture.plan(Fixture.scene(.dismiss, source: .missing))
        #expect(close(back.keyframes.last!.mask.rect.center.x, centre.x) && back.keyframes.last!.opacity.destination == 0)
    }

    @Test("transparent over full screen page has an opaque background until the final keyframe")
    func transparentOverFullScreenPage_hasAnOpaqueBackgroundUntilTheFinalKeyframe() throws {
        let destination = Destination(frame: Fixture.fullScreen, isOpaque: false, presentationStyle: .overFullScreen)
        for kind in [TransitionKind.present, .dismiss] {
            let plan = try Fixture.plan(Fixture.scene(kind, destination: destination))
            #expect(plan.keyframes.dropLast().allSatisfy { $0.opacity.background == 1 })
            #expect(plan.keyframes.last!.opacity.background == 0)
            #expect(plan.warnings.contains { $0.code == .transparentDestination && $0.subject == .destinationOpaque })
        }
    }

    @Test("opaque page never shows the system background") func opaquePage_neverShowsTheSystemBackground() throws {
        let plan = try Fixture.plan(Fixture.scene(.present))
        #expect(plan.keyframes.allSatisfy { $0.opacity.background == 0 })
        #expect(!Fixture.codes(plan).contains(.transparentDestination))
    }

    @Test("dimming colour and strength come from the options") func dimmingColourAndStrength_comeFromTheOptions() throws {
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        let plan = try Fixture.plan(Fixture.scene(options: ZoomOptions(dimming: Dimming(color: red, strength: 0.4))))
        #expect(plan.dimmingColor == red)
        #expect(plan.keyframes.last!.opacity.dimming == 0.4)
        let p = plan.keyframes[5].progress
        #expect(close(plan.keyframes[5].opacity.dimming, 0.4 * p))
    }

    @Test("SwiftUI without alignment rect scales the page into the card from its top at width fit")
    func swiftUIWithoutAlignmentRect_scalesThePageIntoTheCardFromItsTopAtWidthFit() throws {
        let source = MatchedSource(id: "cover", namespace: "ns", frame: Fixture.thumbnail, cornerRadius: 12)
        let scene = Fixture.scene(
            platform: Platform(os: .iOS, framework: .swiftUI), source: .matched([source]),
            destination: Destination(frame: Fixture.fullScreen, sourceID: "cover", namespace: "ns"))
        let plan = try Fixture.plan(scene)
        let page = plan.keyframes[0].transform.apply(to: Rect(origin: .zero, size: Fixture.fullScreen.size))
        #expect(close(page.minY, Fixture.thumbnail.minY) && close(page.width, Fixture.thumbnail.width))
        #expect(close(page.minX, Fixture.thumbnail.minX))
    }

    @Test("the matched SwiftUI source's background is the plan's, and a zoom from the centre has none (issue 44 §7)")
    func matchedSourcesBackground_isThePlans() throws {
        let yellow = RGBAColor(red: 1, green: 0.8, blue: 0, alpha: 0.5)
        let source = MatchedSource(id: "cover", namespace: "ns", frame: Fixture.thumbnail, cornerRadius: 12, background: yellow)
        func plan(sourceID: String) throws -> ZoomPlan {
            try Fixture.plan(
                Fixture.scene(
                    platform: Platform(os: .iOS, framework: .swiftUI), source: .matched([source]),
                    destination: Destination(frame: Fixture.fullScreen, sourceID: .string(sourceID), namespace: "ns")))
        }
        #expect(try plan(sourceID: "cover").sourceBackground == yellow)
        // No source with that id: the page zooms from the centre, with no source to take a background from.
        #expect(try plan(sourceID: "other").sourceBackground == nil)
        #expect(try Fixture.plan(Fixture.scene()).sourceBackground == nil)
    }

    @Test("explicit fit mode overrides the framework default") func explicitFitMode_overridesTheFrameworkDefault() throws {
        let align = Rect(x: 0, y: 200, width: 402, height: 300)
        let scene = Fixture.scene(
            destination: Destination(frame: Fixture.fullScreen, alignmentRect: align),
            options: ZoomOptions(fitMode: .fit))
        let plan = try Fixture.plan(scene)
        let mapped = plan.keyframes[0].transform.apply(to: align)
        #expect(Fixture.thumbnail.contains(mapped, tolerance: 1e-9))
    }

    @Test("crossfade plan carries content and background layers on every keyframe")
    func crossfadePlan_carriesContentAndBackgroundLayersOnEveryKeyframe() throws {
        let align = Rect(x: 0, y: 200, width: 402, height: 536)
        let plan = try Fixture.plan(
            Fixture.scene(
                destination: Destination(frame: Fixture.fullScreen, alignmentRect: align),
                options: ZoomOptions(backgroundMode: .crossfade)))
        #expect(plan.keyframes.allSatisfy { $0.layers != nil })
        #expect(plan.keyframes[0].layers!.background.opacity == 0)
        #expect(plan.keyframes.last!.layers!.background.opacity == 1)
        #expect(plan.keyframes.last!.layers!.content.mask.rect == align)
    }

    @Test("retargeting resamples the same geometry from a position and velocity") func retargeting_resamplesTheSameGeometryFromAPositionAndVelocity()
        throws
    {
        let plan = try Fixture.plan(Fixture.scene(.pop))
        // A pop interrupted at 40 % and sent back (cancelled): the page returns to rest, source stays hidden.
        let cancelled = try plan.retargeted(from: 0.4, velocity: -1.5, to: 0)
        #expect(cancelled.keyframes[0].progress == 0.4)
        #expect(cancelled.keyframes[0].mask == plan.state(atJourneyProgress: 0.4).mask)
        let last = cancelled.keyframes.last!
        #expect(last.progress == 0 && close(last.mask.rect, Fixture.fullScreen, 1e-12) && last.opacity.sourceSlot == 0)
        let finished = try plan.retargeted(from: 0.4, velocity: 2, to: 1)
        #expect(finished.keyframes.last!.opacity.sourceSlot == 1)
    }

    @Test("geometry at any progress is available for timelines") func geometryAtAnyProgress_isAvailableForTimelines() throws {
        let plan = try Fixture.plan(Fixture.scene())
        guard case .zoom(let zoom) = plan.geometry else {
            Issue.record("expected zoom geometry")
            return
        }
        #expect(zoom.state(atProgress: 0.37) == plan.state(atJourneyProgress: 0.37))
        #expect(plan.sourceFrame == Fixture.thumbnail)
    }
}
