import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 23 §2: the default slide transition's interactive back swipe. An `edgePan` on a page
/// pushed with the slide (iOS 17, or a SwiftUI page without `navigationTransition`) tracks,
/// releases and finishes or cancels by the zoom's back-swipe rules; the keyframes are a slide
/// (a horizontal translation, no scale) and the callbacks an interactive pop. It used to be a 422
/// saying the gesture belongs to the zoom.
struct SlideBackSwipeTests {
    static let iOS17 = Fixture.scene(platform: Platform(os: .iOS, version: OSVersion(major: 17)))
    static let longSwipe = GestureAvailabilityTests.edgeSwipe  // 4 → 330 pt in 0.3 s
    static let shortSwipe = Finger.drag(.edgePan, from: Point(x: 4, y: 400), to: Point(x: 80, y: 405), start: 0.1, duration: 0.3, hold: 0.1)

    /// No scale, no rotation, no vertical motion: every keyframe's transform is a translation.
    static func expectSlide(_ timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation) {
        for keyframe in timeline.keyframes {
            let t = keyframe.transform
            #expect(t.a == 1 && t.d == 1 && t.b == 0 && t.c == 0 && t.ty == 0, "t \(keyframe.time): \(t)", sourceLocation: sourceLocation)
            #expect(keyframe.mask.rect.size == Fixture.fullScreen.size, sourceLocation: sourceLocation)
        }
    }

    @Test("slide back swipe on iOS 17 tracks and pops") func slideBackSwipe_onIOS17_tracksAndPops() throws {
        let timeline = try Fixture.run(Self.longSwipe, initial: .pushed, scene: Self.iOS17)
        #expect(timeline.warnings.isEmpty)
        #expect(timeline.lifecycleEvents.first?.event.kind == .pop(interactive: true))
        #expect(timeline.segments.contains { $0.kind == .tracking && $0.gesture == .edgePan && $0.transition == .pop })
        #expect(timeline.releases.map(\.outcome) == [.finish])
        #expect(timeline.final.stack == ["source"])
        Self.expectSlide(timeline)
        // The page follows the finger sideways: mid-swipe it has moved right by about the travel.
        let mid = try #require(Measure.frame(timeline, at: 0.3))
        #expect(mid.transform.tx > 100 && mid.transform.tx < 330, "\(mid.transform.tx)")
        #expect(timeline.keyframes.last?.transform.tx ?? 0 >= Fixture.fullScreen.width - 0.5, "ends off the trailing edge")
        #expect(timeline.callbacks.contains { $0.viewController == "destination" && $0.name == "viewDidDisappear" })
    }

    /// Right-to-left: the swipe starts at the right edge and the page slides off to the left; the
    /// release hands position and velocity over without a jump (2 kHz keyframes).
    @Test("slide back swipe right to left and continuous at the release") func slideBackSwipe_rightToLeft_andContinuousAtTheRelease() throws {
        let scene = Fixture.scene(platform: Platform(os: .iOS, version: OSVersion(major: 17)), container: Fixture.rtlContainer, frameRate: 2000)
        let fromRight = Finger.drag(.edgePan, from: Point(x: 398, y: 400), to: Point(x: 70, y: 420), start: 0.1, duration: 0.3)
        let timeline = try Fixture.run(fromRight, initial: .pushed, scene: scene)
        #expect(timeline.releases.map(\.outcome) == [.finish])
        Self.expectSlide(timeline)
        #expect(timeline.keyframes.last?.transform.tx ?? 0 <= -Fixture.fullScreen.width + 0.5, "ends off the left edge")
        for time in Measure.handOffs(timeline) {
            let gap = try #require(Measure.gap(timeline.keyframes, at: time))
            #expect(gap.worstPositionGap(floors: Measure.floors) < 0.01, "position jump at \(time)")
            #expect(gap.worstVelocityGap(floors: Measure.velocityFloors) < 0.01, "velocity jump at \(time)")
        }
    }

    @Test("slide back swipe short swipe cancels and the page slides back") func slideBackSwipe_shortSwipeCancels_andThePageSlidesBack() throws {
        let timeline = try Fixture.run(Self.shortSwipe, initial: .pushed, scene: Self.iOS17)
        #expect(timeline.releases.map(\.outcome) == [.cancel])
        #expect(timeline.final.stack == ["source", "destination"])
        Self.expectSlide(timeline)
        #expect(timeline.keyframes.last?.transform.tx == 0)
        #expect(timeline.keyframes.contains { $0.transform.tx > 30 }, "it moved with the finger")
    }

    /// The SwiftUI case: sources but no `navigationTransition` on the destination slides, and its
    /// back swipe goes back too.
    @Test("slide back swipe on a SwiftUI page without the zoom") func slideBackSwipe_onASwiftUIPageWithoutTheZoom() throws {
        var scene = Fixture.scene(platform: Platform(os: .iOS, framework: .swiftUI))
        scene.source = .matched([MatchedSource(id: "a", namespace: "grid", frame: Fixture.thumbnail)])
        let timeline = try Fixture.run(Self.longSwipe, initial: .pushed, scene: scene)
        #expect(timeline.releases.map(\.outcome) == [.finish])
        #expect(timeline.final.stack == ["source"])
        Self.expectSlide(timeline)
    }

    /// The "Zoom transitions" guide: "When using the default slide transition, you can only go
    /// back with a horizontal swipe if the content is fully scrolled to the start."
    @Test("slide back swipe only when the content is scrolled to its start") func slideBackSwipe_onlyWhenTheContentIsScrolledToItsStart() throws {
        let scrolled = DestinationScroll(contentOffset: Point(x: 40, y: 0), scrollsHorizontally: true)
        let refused = try Fixture.run(Self.longSwipe, initial: .pushed, scene: Self.iOS17, scroll: scrolled)
        #expect(refused.warnings.map(\.code) == [.scrollViewNotAtStart])
        #expect(refused.lifecycleEvents.isEmpty && refused.final.stack == ["source", "destination"])
        let trackpad = Finger.drag(.edgePan, from: Point(x: 200, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3, input: .indirect)
        #expect(try Fixture.run(trackpad, initial: .pushed, scene: Self.iOS17, scroll: scrolled).warnings.map(\.code) == [.scrollViewNotAtStart])

        let atStart = DestinationScroll(contentOffset: .zero, scrollsHorizontally: true)
        let back = try Fixture.run(Self.longSwipe, initial: .pushed, scene: Self.iOS17, scroll: atStart)
        #expect(back.warnings.isEmpty && back.final.stack == ["source"])
        // The zoom keeps its own rule (the edge swipe wins from the edge, FB14083432).
        let zoom = try Fixture.run(Self.longSwipe, initial: .pushed, scroll: scrolled)
        #expect(zoom.warnings.isEmpty && zoom.final.stack == ["source"])
    }

    /// A running slide cannot be grabbed; the zoom's other gestures stay errors on a slide, and
    /// the 422's message no longer says the edge swipe belongs to the zoom.
    @Test("slide others gestures and running transitions") func slide_othersGesturesAndRunningTransitions() throws {
        let grabbed = try Fixture.run(
            [.push(at: 0)] + Finger.drag(.edgePan, from: Point(x: 4, y: 400), to: Point(x: 300, y: 400), start: 0.05, duration: 0.2),
            initial: .source, scene: Self.iOS17)
        #expect(grabbed.warnings.map(\.code) == [.transitionNotInterruptible])
        #expect(grabbed.final.stack == ["source", "destination"])
        #expect(throws: TimelineFailure(errors: [.gestureUnavailable(event: 0, gesture: .pinch, reason: .notAZoom(.slide))])) {
            try Fixture.run(GestureAvailabilityTests.pinchIn, initial: .pushed, scene: Self.iOS17)
        }
        let tvOS = Fixture.scene(platform: Platform(os: .tvOS))
        #expect(throws: TimelineFailure(errors: [.gestureUnavailable(event: 0, gesture: .edgePan, reason: .notAZoom(.slide))])) {
            try Fixture.run(Self.longSwipe, initial: .pushed, scene: tvOS)
        }
        let message = TimelineError.gestureUnavailable(event: 0, gesture: .edgePan, reason: .notAZoom(.slide)).message
        #expect(!message.contains("belongs to the zoom"), "\(message)")
        #expect(message.contains("slide"))
    }
}
