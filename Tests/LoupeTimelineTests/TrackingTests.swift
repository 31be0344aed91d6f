import Foundation
import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// While touches move, the card follows them with the measured mappings (swift_transitions,
/// measured, not official). Each script holds the fingers still at the end long enough for the
/// tracking spring (ω 45) to catch up, then reads the last keyframe.
struct TrackingTests {
    let model = GestureModel.measured

    private func held(_ events: [TimelineEvent], until time: Double) -> [TimelineEvent] {
        events + [.touchesMoved(events.last?.touches ?? [], at: time)]
    }

    @Test("swipe stays still inside its slop") func swipe_staysStillInsideItsSlop() throws {
        let events: [TimelineEvent] = [
            .touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1),
            .touchesMoved([Point(x: 205, y: 316)], at: 0.2),
            .touchesMoved([Point(x: 200, y: 317.9)], at: 0.3)
        ]
        let inside = try Fixture.run(events, initial: .pushed)
        #expect(inside.lifecycleEvents.isEmpty)
        Unchanged.expectResting(inside, atProgress: 1)

        let past = try Fixture.run(events + [.touchesMoved([Point(x: 200, y: 318)], at: 0.4)], initial: .pushed)
        #expect(past.lifecycleEvents.map(\.event) == [.pop(at: 0.4, interactive: true)])
        #expect(past.lifecycleEvents.first?.timelineEvent == 3)
    }

    @Test("swipe down scales about the finger and follows it") func swipeDown_scalesAboutTheFingerAndFollowsIt() throws {
        let events = held(
            [
                .touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1),
                .touchesMoved([Point(x: 200, y: 318)], at: 0.15),  // past the 18 pt slop: the anchor
                .touchesMoved([Point(x: 200, y: 568)], at: 0.4)
            ], until: 0.9)
        let last = try #require(try Fixture.run(events, initial: .pushed).keyframes.last)
        let expected = 1 - 0.67 * 250 / 874
        #expect(abs(Measure.scale(last) - expected) < 1e-6)
        let grabbed = last.transform.apply(to: Point(x: 200, y: 318))
        #expect(abs(grabbed.x - 200) < 1e-4 && abs(grabbed.y - 568) < 1e-4)
        // The mask and its corners follow: the page at rest (radius 55) scaled about the finger.
        #expect(abs(last.mask.rect.width - 402 * expected) < 1e-4 && abs(last.mask.cornerRadius - 55 * expected) < 1e-4)
    }

    @Test("swipe sideways is rubber banded and does not change the scale") func swipeSideways_isRubberBandedAndDoesNotChangeTheScale() throws {
        let events = held(
            [
                .touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1),
                .touchesMoved([Point(x: 200, y: 318)], at: 0.15),
                .touchesMoved([Point(x: 300, y: 318)], at: 0.4)
            ], until: 0.9)
        let last = try #require(try Fixture.run(events, initial: .pushed).keyframes.last)
        #expect(abs(Measure.scale(last) - 1) < 1e-6)
        let moved = last.transform.apply(to: Point(x: 200, y: 318)).x - 200
        #expect(abs(moved - model.rubberBand(100, gain: 0.56, limit: 0.9 * 402)) < 1e-4)
        #expect(moved > 45 && moved < 52)  // measured: 49 pt for a 100 pt sweep
    }

    @Test("edge swipe has a twelve point dead zone then scales with the width") func edgeSwipe_hasATwelvePointDeadZoneThenScalesWithTheWidth() throws
    {
        let inside = try Fixture.run(
            [
                .touchesBegan(.edgePan, [Point(x: 4, y: 400)], at: 0.1),
                .touchesMoved([Point(x: 15.9, y: 400)], at: 0.2)
            ], initial: .pushed)
        #expect(inside.lifecycleEvents.isEmpty)

        let events = held(
            [
                .touchesBegan(.edgePan, [Point(x: 4, y: 400)], at: 0.1),
                .touchesMoved([Point(x: 16, y: 400)], at: 0.15),
                .touchesMoved([Point(x: 216, y: 450)], at: 0.4)
            ], until: 0.9)
        let last = try #require(try Fixture.run(events, initial: .pushed).keyframes.last)
        #expect(abs(Measure.scale(last) - (1 - 0.67 * 200 / 402)) < 1e-6)
        let grabbed = last.transform.apply(to: Point(x: 16, y: 400))
        #expect(abs(grabbed.x - 216) < 1e-4 && abs(grabbed.y - (400 + 0.43 * 50)) < 1e-4)
    }

    @Test("pinch scales with distance over start minus dead zone spins and follows the focal point")
    func pinch_scalesWithDistanceOverStartMinusDeadZone_spinsAndFollowsTheFocalPoint() throws {
        let center = Point(x: 200, y: 440)
        func fingers(_ distance: Double, _ angle: Double, _ c: Point) -> [Point] {
            [
                Point(x: c.x - distance / 2 * cos(angle), y: c.y - distance / 2 * sin(angle)),
                Point(x: c.x + distance / 2 * cos(angle), y: c.y + distance / 2 * sin(angle))
            ]
        }
        let moved = Point(x: 230, y: 500)
        let events = held(
            [
                .touchesBegan(.pinch, fingers(200, 0, center), at: 0.1),
                .touchesMoved(fingers(191.3, 0, center), at: 0.15),  // through the 8.7 pt dead zone
                .touchesMoved(fingers(100, .pi / 2, moved), at: 0.4)
            ], until: 0.9)
        let timeline = try Fixture.run(events, initial: .presented)
        #expect(timeline.lifecycleEvents.map(\.event.kind) == [.dismiss(interactive: true)])
        let last = try #require(timeline.keyframes.last)
        #expect(abs(Measure.scale(last) - 100 / 191.3) < 1e-6)
        #expect(abs(Measure.rotation(last) - .pi / 2) < 1e-6)  // rotation 1:1: the spin
        let focal = last.transform.apply(to: center)
        #expect(abs(focal.x - moved.x) < 1e-4 && abs(focal.y - moved.y) < 1e-4)  // focal point 1:1
        // The rotated mask: rotated about its own centre, which is where the page's centre went.
        let pageCentre = last.transform.apply(to: Point(x: 201, y: 437))
        #expect(abs(last.mask.rect.midX - pageCentre.x) < 1e-4 && abs(last.mask.rect.midY - pageCentre.y) < 1e-4)
    }

    @Test("pinch spins through more than a full turn without jumping") func pinch_spinsThroughMoreThanAFullTurnWithoutJumping() throws {
        let center = Point(x: 200, y: 440)
        func fingers(_ angle: Double) -> [Point] {
            [
                Point(x: center.x - 95.5 * cos(angle), y: center.y - 95.5 * sin(angle)),
                Point(x: center.x + 95.5 * cos(angle), y: center.y + 95.5 * sin(angle))
            ]
        }
        var events: [TimelineEvent] = [
            .touchesBegan(.pinch, [Point(x: 100, y: 440), Point(x: 300, y: 440)], at: 0.1),
            .touchesMoved(fingers(0), at: 0.12)
        ]  // 191 pt apart: past the dead zone
        let turn = 2 * Double.pi + 0.5
        for k in 1...96 { events.append(.touchesMoved(fingers(turn * Double(k) / 96), at: 0.12 + 0.8 * Double(k) / 96)) }
        let timeline = try Fixture.run(held(events, until: 1.4), initial: .pushed)
        let last = try #require(timeline.keyframes.last)
        #expect(abs(Measure.rotation(last) - 0.5) < 1e-6)
        #expect(abs(Measure.scale(last) - 191 / 191.3) < 1e-6)
        // The transform turns smoothly: no frame-to-frame jump in its angle.
        var previous = 0.0
        for frame in timeline.keyframes {
            #expect(abs(remainder(Measure.rotation(frame) - previous, 2 * .pi)) < 0.1)
            previous = Measure.rotation(frame)
        }
    }

    @Test("tracking lags a few frames behind the finger") func trackingLags_aFewFramesBehindTheFinger() throws {
        let events = [TimelineEvent]([
            .touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1),
            .touchesMoved([Point(x: 200, y: 318)], at: 0.15),
            .touchesMoved([Point(x: 200, y: 618)], at: 0.45)
        ])
        let timeline = try Fixture.run(events, initial: .pushed)
        let last = try #require(timeline.keyframes.last)
        let where_ = last.transform.apply(to: Point(x: 200, y: 318)).y
        // 1000 pt/s with ω 45, ζ 1 trails by 2ζ/ω × 1000 ≈ 44 pt (measured: "all lag 2–3 frames").
        #expect(abs((618 - where_) - 2 / 45 * 1000) < 3)
    }
}
