import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// A timeline with one app call is exactly the plan of that transition, and its callbacks are
/// the lifecycle engine's for it, on the same clock.
struct EngineAgreementTests {
    /// Issue 23 §1: with a soft spring too (response 2, damping 0.2), which undershoots and
    /// overshoots: the timeline draws those frames rubber-banded exactly as the plan does.
    @Test("single app call is the plan and its trace", arguments: [TransitionKind.push, .pop, .present, .dismiss], [false, true])
    func singleAppCall_isThePlanAndItsTrace(kind: TransitionKind, softSpring: Bool) throws {
        var scene = Fixture.scene(frameRate: 60)
        if softSpring { scene.animation.spring = Spring(response: 2, dampingRatio: 0.2) }
        let event: TimelineEvent =
            switch kind {
            case .push: .push(at: 0)
            case .pop: .pop(at: 0)
            case .present: .present(at: 0)
            case .dismiss: .dismiss(at: 0)
            }
        let timeline = try Fixture.run([event], scene: scene)
        var planScene = scene
        planScene.transition = kind
        let plan = try GeometryEngine.plan(planScene)
        #expect(abs(timeline.duration - plan.duration) < 1e-12)
        #expect(timeline.keyframes.count == plan.keyframes.count)
        // The covered page shows until the trace removes its view, in plans as in timelines.
        let covered = HierarchyPresence(timeline.callbacks, viewController: "source", otherwise: true)
        let planned = plan.keyframes.withCoveredPage { covered.isInHierarchy(at: $0) }
        for (a, b) in zip(timeline.keyframes, planned) {
            #expect(a.time == b.time && abs(a.progress - b.progress) < 1e-12)
            #expect(zip(Measure.values(a), Measure.values(b)).allSatisfy { abs($0 - $1) < 1e-9 })
            #expect(a.opacity == b.opacity || zip(a.opacity.values, b.opacity.values).allSatisfy { abs($0 - $1) < 1e-12 })
        }
        let single: SingleTransition =
            switch kind {
            case .push: .push(from: "source", to: "destination")
            case .pop: .pop(from: "destination", to: "source")
            case .present: .present(from: "source", to: "destination")
            case .dismiss: .dismiss(from: "destination", to: "source")
            }
        #expect(timeline.callbacks == (try LifecycleEngine.trace(of: single, duration: plan.duration)))
        #expect(timeline.segments == [TimelineSegment(start: 0, end: plan.duration, kind: .animating, transition: kind, outcome: .finished)])
    }

    @Test("callbacks of a gesture dismissal happen when the card starts and stops moving")
    func callbacksOfAGestureDismissal_happenWhenTheCardStartsAndStopsMoving() throws {
        let timeline = try Fixture.run(GestureAvailabilityTests.swipeDown, initial: .pushed)
        let start = try #require(timeline.segments.first { $0.kind == .tracking })
        let landing = try #require(timeline.segments.last)
        let willDisappear = try #require(timeline.callbacks.first { $0.name == "viewWillDisappear" })
        let didDisappear = try #require(timeline.callbacks.first { $0.name == "viewDidDisappear" })
        #expect(willDisappear.viewController == "destination" && willDisappear.time == start.start)
        #expect(didDisappear.viewController == "destination" && didDisappear.time == landing.end && landing.end == timeline.duration)
    }

    @Test("overlay presentations keep the presenter out of the trace") func overlayPresentations_keepThePresenterOutOfTheTrace() throws {
        let over = Fixture.scene(destination: Destination(frame: Fixture.fullScreen, presentationStyle: .overFullScreen))
        let timeline = try Fixture.run([.present(at: 0)], scene: over)
        #expect(!timeline.callbacks.contains { $0.viewController == "source" })
    }
}
