import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 35 §1: iOS 26 lets a person grab a running slide. Apple (WWDC25, "Build a UIKit app with
/// the new design"): iOS 26 "brings the same fluidity to the standard navigation slide
/// transition… I can immediately swipe back if I selected the wrong note". So on 26 a running
/// slide push or pop is grabbed by the back swipe (edge or content pan), tracked from where the
/// page is, released and decided like any back swipe, with the lifecycle's interrupted-transition
/// callbacks. Before 26 it stays `transition-not-interruptible`.
@Suite("Issue 35 §1: iOS 26 interruptible navigation")
struct InterruptibleSlideTests {
    static var slide26: ZoomScene { NativeCalibrationTests.slide26 }
    static var slide18: ZoomScene {
        var scene = slide26
        scene.platform.version = OSVersion(major: 18)
        return scene
    }
    /// A push at 0, then an edge swipe 0.1 s into it, carried across most of the width.
    static let grabDuringPush: [TimelineEvent] =
        [.push(at: 0)] + Finger.drag(.edgePan, from: Point(x: 4, y: 400), to: Point(x: 330, y: 400), start: 0.1, duration: 0.3)

    @Test("an edge swipe 0.1 s into a slide push on 26 grabs it, and the page goes back")
    func edgeSwipeDuringPush_grabsTheSlideOn26() throws {
        let timeline = try Fixture.run(Self.grabDuringPush, initial: .source, scene: Self.slide26)
        #expect(!timeline.warnings.contains { $0.code == .transitionNotInterruptible }, "\(timeline.warnings.map(\.code))")
        #expect(timeline.segments.contains { $0.kind == .animating && $0.transition == .push && $0.outcome == .interrupted })
        #expect(timeline.segments.contains { $0.kind == .tracking && $0.transition == .pop && $0.gesture == .edgePan })
        #expect(timeline.releases.map(\.outcome) == [.finish] && timeline.releases.map(\.gesture) == [.edgePan])
        #expect(timeline.final.stack == ["source"])
        SlideBackSwipeTests.expectSlide(timeline)
        // The lifecycle's interrupted push: the push completes (viewDidAppear) and the pop begins
        // in the same run-loop cycle (Apple's fluid-transitions article).
        #expect(timeline.lifecycleEvents.contains { $0.event.kind == .interrupt })
        let grab = try #require(timeline.lifecycleEvents.first { $0.event.kind == .interrupt }).event.time
        let names = timeline.callbacks.filter { $0.viewController == "destination" && $0.kind == .callback }.map(\.name)
        #expect(names == ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"], "\(names)")
        let completed = try #require(timeline.callbacks.first { $0.viewController == "destination" && $0.name == "viewDidAppear" })
        let popStarts = try #require(timeline.callbacks.first { $0.viewController == "destination" && $0.name == "viewWillDisappear" })
        #expect(completed.time == grab && popStarts.time == grab && completed.runLoop == popStarts.runLoop, "one run-loop cycle")
    }

    @Test("the grab starts from the page's own position and velocity: no jump at the touch")
    func grab_isContinuous() throws {
        let timeline = try Fixture.run(Self.grabDuringPush, initial: .source, scene: Self.slide26)
        let around = timeline.keyframes.filter { $0.time >= 0.08 && $0.time <= 0.2 }
        #expect(around.count > 10)
        for (a, b) in zip(around, around.dropFirst()) {
            // 240 keyframes a second: the page never moves more than its push speed allows.
            #expect(abs(b.transform.tx - a.transform.tx) < 25, "\(a.time) → \(b.time): \(a.transform.tx) → \(b.transform.tx)")
        }
    }

    @Test("a content swipe grabs a running slide push on 26 too; a short one lets it land pushed")
    func contentSwipeDuringPush_grabsToo() throws {
        let long = [TimelineEvent.push(at: 0)] + Finger.drag(.pan, from: Point(x: 100, y: 400), to: Point(x: 380, y: 405), start: 0.1, duration: 0.25)
        let back = try Fixture.run(long, initial: .source, scene: Self.slide26)
        #expect(back.final.stack == ["source"] && back.releases.map(\.outcome) == [.finish])
        let short =
            [TimelineEvent.push(at: 0)]
            + Finger.drag(.pan, from: Point(x: 100, y: 400), to: Point(x: 150, y: 400), start: 0.1, duration: 0.2, hold: 0.1)
        let stays = try Fixture.run(short, initial: .source, scene: Self.slide26)
        #expect(stays.releases.map(\.outcome) == [.cancel] && stays.final.stack == ["source", "destination"])
    }

    /// Issue 44 §6: a content swipe on a grabbed slide was labelled `pan` in its segment and
    /// `edgePan` in its release; the slide has one back gesture, and one label for it.
    @Test("issue 44 §6: a content swipe that grabs a slide is edgePan in its segment and its release alike")
    func contentSwipeDuringPush_hasOneLabel() throws {
        let long = [TimelineEvent.push(at: 0)] + Finger.drag(.pan, from: Point(x: 100, y: 400), to: Point(x: 380, y: 405), start: 0.1, duration: 0.25)
        let timeline = try Fixture.run(long, initial: .source, scene: Self.slide26)
        let tracking = timeline.segments.filter { $0.kind == .tracking }
        #expect(!tracking.isEmpty && tracking.allSatisfy { $0.gesture == .edgePan }, "\(tracking.map(\.gesture))")
        #expect(timeline.releases.map(\.gesture) == [.edgePan])
    }

    @Test("a running slide pop is grabbed on 26 and can be put back")
    func runningPop_isGrabbedOn26() throws {
        let events =
            [TimelineEvent.pop(at: 0)]
            + Finger.drag(.edgePan, from: Point(x: 4, y: 400), to: Point(x: 20, y: 400), start: 0.05, duration: 0.1, hold: 0.2)
        let timeline = try Fixture.run(events, initial: .pushed, scene: Self.slide26)
        #expect(timeline.segments.contains { $0.kind == .animating && $0.transition == .pop && $0.outcome == .interrupted })
        #expect(timeline.releases.count == 1)
        #expect(!timeline.warnings.contains { $0.code == .transitionNotInterruptible })
    }

    @Test("before 26 a running slide still cannot be grabbed")
    func before26_transitionNotInterruptible() throws {
        let timeline = try Fixture.run(Self.grabDuringPush, initial: .source, scene: Self.slide18)
        #expect(timeline.warnings.map(\.code) == [.transitionNotInterruptible])
        #expect(timeline.final.stack == ["source", "destination"])
    }
}

/// Issue 44 §4: a timeline's app push of iOS 26's slide starts at the recorded speed, as the plan.
@Suite("Issue 44 §4: the recorded slide in timelines")
struct RecordedSlideTimelineTests {
    @Test("issue 44 §4: a timeline's push on 26 draws the plan's recorded decay, frame for frame")
    func appPush_matchesThePlan() throws {
        let scene = NativeCalibrationTests.slide26
        let timeline = try Fixture.run([.push(at: 0)], initial: .source, scene: scene)
        let plan = try GeometryEngine.plan(scene)
        for keyframe in timeline.keyframes.prefix(20) {
            let planned = plan.keyframe(at: keyframe.time)
            #expect(abs(keyframe.mask.rect.x - planned.mask.rect.x) < 0.01, "at \(keyframe.time)")
        }
    }
}
