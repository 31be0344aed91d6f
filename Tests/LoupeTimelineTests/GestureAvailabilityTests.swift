import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Which gestures reverse a zoom, and where ("Zoom transitions" guide, "Gestures").
struct GestureAvailabilityTests {
    static let pinchIn = Finger.pinch(center: Point(x: 200, y: 440), startDistance: 220, endDistance: 80, start: 0.1, duration: 0.3)
    static let swipeDown = Finger.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 700), start: 0.1, duration: 0.3)
    static let edgeSwipe = Finger.drag(.edgePan, from: Point(x: 4, y: 400), to: Point(x: 330, y: 420), start: 0.1, duration: 0.3)

    /// The kind of lifecycle event each dismissal gesture started.
    private func startedDismissal(_ timeline: Timeline) -> NavigationEvent.Kind? {
        timeline.lifecycleEvents.first?.event.kind
    }

    @Test("pinch and swipe down dismiss both hosts", arguments: [GestureKind.pinch, .pan])
    func pinchAndSwipeDown_dismissBothHosts(gesture: GestureKind) throws {
        let events = gesture == .pinch ? Self.pinchIn : Self.swipeDown
        let pushed = try Fixture.run(events, initial: .pushed)
        #expect(startedDismissal(pushed) == .pop(interactive: true))
        #expect(pushed.final.stack == ["source"])
        let presented = try Fixture.run(events, initial: .presented)
        #expect(startedDismissal(presented) == .dismiss(interactive: true))
        #expect(presented.final.presented.isEmpty)
        #expect(pushed.warnings.isEmpty && presented.warnings.isEmpty)
    }

    @Test("edge swipe goes back in navigation") func edgeSwipe_goesBackInNavigation() throws {
        let timeline = try Fixture.run(Self.edgeSwipe, initial: .pushed)
        #expect(startedDismissal(timeline) == .pop(interactive: true))
        #expect(timeline.releases.map(\.outcome) == [.finish])
    }

    @Test("edge swipe on a presentation is an error") func edgeSwipe_onAPresentation_isAnError() {
        #expect(throws: TimelineFailure(errors: [.gestureUnavailable(event: 0, gesture: .edgePan, reason: .edgeSwipeNeedsNavigation)])) {
            try Fixture.run(Self.edgeSwipe, initial: .presented)
        }
    }

    /// Issue 16 §1 ("Zoom transitions" guide: "When scrolling with a trackpad/mouse, the back
    /// gesture always takes precedence"): a trackpad's back swipe goes back like a finger's, from
    /// the edge or from anywhere; it used to be refused with a warning.
    @Test("edge swipe with a trackpad goes back from anywhere") func edgeSwipe_withATrackpad_goesBackFromAnywhere() throws {
        for startX in [4.0, 200.0] {
            let events = Finger.drag(
                .edgePan, from: Point(x: startX, y: 400), to: Point(x: startX + 326, y: 420), start: 0.1,
                duration: 0.3, input: .indirect)
            let timeline = try Fixture.run(events, initial: .pushed)
            #expect(timeline.warnings.isEmpty, "from x \(startX): \(timeline.warnings.map(\.code))")
            #expect(startedDismissal(timeline) == .pop(interactive: true), "from x \(startX)")
            #expect(timeline.releases.map(\.outcome) == [.finish], "from x \(startX)")
        }
    }

    @Test("edge swipe with a trackpad wins over a horizontally scrolling page") func edgeSwipe_withATrackpad_winsOverAHorizontallyScrollingPage()
        throws
    {
        let scroll = DestinationScroll(scrollsHorizontally: true)
        let fromTheMiddle = { (input: TouchInput) in
            Finger.drag(.edgePan, from: Point(x: 200, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3, input: input)
        }
        let trackpad = try Fixture.run(fromTheMiddle(.indirect), initial: .pushed, scroll: scroll)
        #expect(startedDismissal(trackpad) == .pop(interactive: true))
        let finger = try Fixture.run(fromTheMiddle(.direct), initial: .pushed, scroll: scroll)
        #expect(finger.warnings.map(\.code) == [.notFromLeadingEdge])
        #expect(finger.lifecycleEvents.isEmpty)
    }

    /// Issue 16 §1: with a trackpad or mouse, a horizontal `pan` toward the trailing side is the
    /// back swipe too: from anywhere, tracked and released with the edge swipe's mapping, and it
    /// wins over a scrolling page. A finger's horizontal pan still dismisses nothing.
    @Test("horizontal pan with a trackpad goes back like the edge swipe") func horizontalPan_withATrackpad_goesBackLikeTheEdgeSwipe() throws {
        let path = { (gesture: GestureKind, input: TouchInput) in
            Finger.drag(gesture, from: Point(x: 120, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3, input: input)
        }
        let scroll = DestinationScroll(contentOffset: Point(x: 0, y: 300), scrollsHorizontally: true, scrollsVertically: true)
        let pan = try Fixture.run(path(.pan, .indirect), initial: .pushed, scroll: scroll)
        #expect(pan.warnings.isEmpty, "\(pan.warnings.map(\.code))")
        #expect(startedDismissal(pan) == .pop(interactive: true))
        #expect(pan.releases.map(\.outcome) == [.finish])
        #expect(pan.segments.first { $0.kind == .tracking }?.gesture == .edgePan)
        // Tracked like a trackpad edge swipe along the same path, once both are recognised (the
        // pan's 18 pt slop is wider than the edge swipe's 12 pt dead zone, so compare from then).
        let edge = try Fixture.run(path(.edgePan, .indirect), initial: .pushed)
        let late = { (timeline: Timeline) in timeline.keyframes.filter { $0.time >= 0.3 && $0.time <= 0.4 }.map(\.mask.rect.midX) }
        for (a, b) in zip(late(pan), late(edge)) { #expect(abs(a - b) < 6) }

        let finger = try Fixture.run(path(.pan, .direct), initial: .pushed)
        #expect(finger.warnings.map(\.code) == [.swipeNotDownward])
        // The wrong way (toward the leading side), or on a presented page, is no back swipe either.
        let leftwards = try Fixture.run(
            Finger.drag(
                .pan, from: Point(x: 300, y: 400), to: Point(x: 40, y: 410), start: 0.1, duration: 0.3,
                input: .indirect), initial: .pushed)
        #expect(leftwards.warnings.map(\.code) == [.swipeNotDownward])
        let presented = try Fixture.run(path(.pan, .indirect), initial: .presented)
        #expect(presented.warnings.map(\.code) == [.swipeNotDownward])
        // In right-to-left layouts the back swipe goes leftwards.
        let rtl = try Fixture.run(
            Finger.drag(
                .pan, from: Point(x: 300, y: 400), to: Point(x: 30, y: 410), start: 0.1, duration: 0.3,
                input: .indirect), initial: .pushed, scene: Fixture.scene(container: Fixture.rtlContainer))
        #expect(startedDismissal(rtl) == .pop(interactive: true))
    }

    @Test("right to left edge swipe starts at the right edge") func rightToLeft_edgeSwipeStartsAtTheRightEdge() throws {
        let scene = Fixture.scene(container: Fixture.rtlContainer)
        let fromRight = Finger.drag(.edgePan, from: Point(x: 398, y: 400), to: Point(x: 70, y: 420), start: 0.1, duration: 0.3)
        let back = try Fixture.run(fromRight, initial: .pushed, scene: scene)
        #expect(startedDismissal(back) == .pop(interactive: true))
        #expect(back.releases.map(\.outcome) == [.finish])
        // The card follows the finger leftwards.
        let grabbed = try #require(Measure.frame(back, at: 0.3))
        #expect(grabbed.mask.rect.midX < 201 - 50)

        let fromLeft = try Fixture.run(Self.edgeSwipe, initial: .pushed, scene: scene)
        #expect(fromLeft.warnings.map(\.code) == [.notFromLeadingEdge])
        Unchanged.expectResting(fromLeft, atProgress: 1)
    }

    @Test("right to left mirrors the left to right edge swipe") func rightToLeft_mirrorsTheLeftToRightEdgeSwipe() throws {
        let ltr = try Fixture.run(Self.edgeSwipe, initial: .pushed)
        let mirrored = Finger.drag(.edgePan, from: Point(x: 402 - 4, y: 400), to: Point(x: 402 - 330, y: 420), start: 0.1, duration: 0.3)
        let rtl = try Fixture.run(mirrored, initial: .pushed, scene: Fixture.scene(container: Fixture.rtlContainer))
        #expect(ltr.keyframes.count == rtl.keyframes.count)
        // While the finger holds the page (full screen, symmetric) the motion is an exact mirror;
        // the landing then goes to the same thumbnail in both, which is not mirrored.
        let release = try #require(ltr.releases.first?.time)
        for (a, b) in zip(ltr.keyframes, rtl.keyframes) where a.time <= release {
            #expect(abs((402 - a.mask.rect.midX) - b.mask.rect.midX) < 1e-6)
            #expect(abs(a.mask.rect.midY - b.mask.rect.midY) < 1e-6 && abs(a.mask.rect.width - b.mask.rect.width) < 1e-6)
        }
    }

    @Test("forward transitions never start from a gesture", arguments: [GestureKind.pinch, .pan, .edgePan])
    func forwardTransitions_neverStartFromAGesture(gesture: GestureKind) throws {
        let events: [TimelineEvent] =
            switch gesture {
            case .pinch: Finger.pinch(center: Point(x: 84, y: 420), startDistance: 60, endDistance: 300, start: 0.1, duration: 0.3)
            case .pan: Finger.drag(from: Point(x: 84, y: 420), to: Point(x: 84, y: 100), start: 0.1, duration: 0.3)
            case .edgePan: Self.edgeSwipe
            }
        let timeline = try Fixture.run(events, initial: .source)
        #expect(timeline.warnings.map(\.code) == [.gestureCannotOpen])
        #expect(timeline.lifecycleEvents.isEmpty)
        Unchanged.expectResting(timeline, atProgress: 0)
    }

    @Test("gestures on a platform without the zoom are errors") func gesturesOnAPlatformWithoutTheZoom_areErrors() {
        let tvOS = Fixture.scene(platform: Platform(os: .tvOS))
        #expect(throws: TimelineFailure(errors: [.gestureUnavailable(event: 0, gesture: .pan, reason: .notAZoom(.slide))])) {
            try Fixture.run(Self.swipeDown, initial: .pushed, scene: tvOS)
        }
        let popover = Fixture.scene(destination: Destination(frame: Fixture.fullScreen, presentationStyle: .popover, keepsPopoverWhenCompact: true))
        #expect(throws: TimelineFailure(errors: [.gestureUnavailable(event: 0, gesture: .edgePan, reason: .notAZoom(.popover))])) {
            try Fixture.run(Self.edgeSwipe, initial: .presented, scene: popover)
        }
    }

    /// Issue 16 §1, the "Zoom transitions" guide: the dismissal gestures are installed on a
    /// popover, which ignores the zoom, and "trigger a non-interactive dismissal". It used to be a
    /// 422.
    @Test("a gesture on a popover triggers its ordinary dismissal once recognised", arguments: [GestureKind.pinch, .pan])
    func aGestureOnAPopover_triggersItsOrdinaryDismissalOnceRecognised(gesture: GestureKind) throws {
        let popover = Fixture.scene(destination: Destination(frame: Fixture.fullScreen, presentationStyle: .popover, keepsPopoverWhenCompact: true))
        let timeline = try Fixture.run(gesture == .pinch ? Self.pinchIn : Self.swipeDown, initial: .presented, scene: popover)
        #expect(timeline.warnings.map(\.code) == [.popoverGestureDismisses])
        #expect(timeline.warnings.first?.event == 0)
        #expect(!timeline.segments.contains { $0.kind == .tracking }, "no tracking: the fingers do not drive it")
        let dismissal = try #require(timeline.segments.first { $0.transition == .dismiss })
        #expect(dismissal.kind == .animating && dismissal.gesture == nil && dismissal.start > 0, "starts at recognition")
        #expect(timeline.lifecycleEvents.map(\.event.kind) == [.dismiss(interactive: false)])
        #expect(timeline.lifecycleEvents.first?.event.time == dismissal.start)
        #expect(timeline.final.presented.isEmpty)
    }

    /// Issue 23 §9: a spread on a popover dismisses nothing, so it gets `pinch-spread` alone, not
    /// the dismissal warning; a tap gets `gesture-not-recognized` alone.
    @Test("popover dismissal warning only where a gesture dismisses not on a spread or a tap")
    func popoverDismissalWarning_onlyWhereAGestureDismisses_notOnASpreadOrATap() throws {
        let popover = Fixture.scene(destination: Destination(frame: Fixture.fullScreen, presentationStyle: .popover, keepsPopoverWhenCompact: true))
        let spread = try Fixture.run(
            Finger.pinch(center: Point(x: 200, y: 440), startDistance: 120, endDistance: 300, start: 0.1, duration: 0.3),
            initial: .presented, scene: popover)
        #expect(spread.warnings.map(\.code) == [.pinchSpread])
        #expect(spread.lifecycleEvents.isEmpty)
        #expect(!spread.final.presented.isEmpty)
        let tap: [TimelineEvent] = [.touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1), .touchesEnded(at: 0.18)]
        let tapped = try Fixture.run(tap, initial: .presented, scene: popover)
        #expect(tapped.warnings.map(\.code) == [.gestureNotRecognized])
    }

    /// Issue 23 §9: a touch on a hidden popover cannot open it (`gesture-cannot-open`), and one on a
    /// running popover transition cannot grab it (`popover-gesture-ignored`); neither dismisses.
    @Test("popover dismissal warning not on a hidden or moving popover") func popoverDismissalWarning_notOnAHiddenOrMovingPopover() throws {
        let popover = Fixture.scene(destination: Destination(frame: Fixture.fullScreen, presentationStyle: .popover, keepsPopoverWhenCompact: true))
        let hidden = try Fixture.run(Self.swipeDown, initial: .source, scene: popover)
        #expect(hidden.warnings.map(\.code) == [.gestureCannotOpen])
        let moving = try Fixture.run([.present(at: 0)] + Self.pinchIn, initial: .source, scene: popover)
        #expect(moving.warnings.map(\.code) == [.popoverGestureIgnored])
        #expect(!moving.warnings.contains { $0.code == .popoverGestureDismisses })
    }

    @Test("a tap is not recognised and changes nothing") func aTap_isNotRecognisedAndChangesNothing() throws {
        let tap: [TimelineEvent] = [.touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1), .touchesEnded(at: 0.18)]
        let timeline = try Fixture.run(tap, initial: .pushed)
        #expect(timeline.warnings.map(\.code) == [.gestureNotRecognized])
        #expect(timeline.warnings.first?.event == 1)
        Unchanged.expectResting(timeline, atProgress: 1)
    }

    @Test("swipe up or sideways does not dismiss") func swipeUpOrSideways_doesNotDismiss() throws {
        for to in [Point(x: 200, y: 100), Point(x: 380, y: 310)] {
            let timeline = try Fixture.run(Finger.drag(from: Point(x: 200, y: 300), to: to, start: 0.1, duration: 0.3), initial: .pushed)
            #expect(timeline.warnings.map(\.code) == [.swipeNotDownward])
            Unchanged.expectResting(timeline, atProgress: 1)
        }
    }

    @Test("pinch spread and rotation alone do not dismiss") func pinchSpread_andRotationAlone_doNotDismiss() throws {
        let spread = try Fixture.run(
            Finger.pinch(center: Point(x: 200, y: 440), startDistance: 120, endDistance: 300, start: 0.1, duration: 0.3), initial: .pushed)
        #expect(spread.warnings.map(\.code) == [.pinchSpread])
        Unchanged.expectResting(spread, atProgress: 1)
        let turn = try Fixture.run(
            Finger.pinch(center: Point(x: 200, y: 440), startDistance: 200, endDistance: 200, start: 0.1, duration: 0.3, turn: 1.5), initial: .pushed)
        #expect(turn.warnings.map(\.code) == [.gestureNotRecognized])
        Unchanged.expectResting(turn, atProgress: 1)
    }
}

/// "A gesture that does not start a dismissal leaves keyframes unchanged."
enum Unchanged {
    /// Every keyframe is the resting state at `progress`, as a timeline with no gesture draws it.
    static func expectResting(_ timeline: Timeline, atProgress progress: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let plan = try? GeometryEngine.plan(Fixture.scene()) else {
            Issue.record("plan failed", sourceLocation: sourceLocation)
            return
        }
        var rest = plan.geometry.restingState(atProgress: progress)
        // The fixture's page is full screen: the covered page's view is out of the hierarchy while
        // it is shown (issue 23 §3).
        rest.opacity.covered = progress == 1 ? 0 : 1
        #expect(timeline.keyframes.allSatisfy { $0.state == rest && $0.progress == progress }, sourceLocation: sourceLocation)
        #expect(timeline.segments.allSatisfy { $0.kind == .idle }, sourceLocation: sourceLocation)
    }
}
