import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Finish or cancel from where the gesture would come to rest, and the measured springs that
/// follow (measured by swift_transitions, not official).
struct ReleaseTests {
    let model = GestureModel.measured

    /// A swipe anchored at y 318 dragged `travel` further down, ending as given.
    private func swipe(travel: Double, flickFrom: Double? = nil, endAt end: Double) -> [TimelineEvent] {
        var events: [TimelineEvent] = [
            .touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.1),
            .touchesMoved([Point(x: 200, y: 318)], at: 0.15)
        ]
        if let flickFrom { events.append(.touchesMoved([Point(x: 200, y: 318 + flickFrom)], at: 0.3)) }
        events.append(.touchesMoved([Point(x: 200, y: 318 + travel)], at: 0.38))
        events.append(.touchesEnded(at: end))
        return events
    }

    @Test("swipe finishes below scale 0.905 and cancels above") func swipe_finishesBelowScale0905AndCancelsAbove() throws {
        // scale 0.905 ↔ travel (1 − 0.905) ÷ 0.67 × 874 ≈ 123.9 pt; the finger rests before lifting.
        let cancel = try Fixture.run(swipe(travel: 120, endAt: 0.8), initial: .pushed)
        #expect(cancel.releases.map(\.outcome) == [.cancel])
        #expect(abs(cancel.releases[0].measure - (1 - 0.67 * 120 / 874)) < 1e-9 && cancel.releases[0].threshold == 0.905)
        #expect(cancel.final.stack == ["source", "destination"])
        #expect(cancel.notes.contains { $0.code == .cancelledTransition })

        let finish = try Fixture.run(swipe(travel: 128, endAt: 0.8), initial: .pushed)
        #expect(finish.releases.map(\.outcome) == [.finish])
        #expect(finish.final.stack == ["source"])
        #expect(finish.segments.last?.outcome == .finished && finish.segments.last?.transition == .pop)
    }

    @Test("swipe projects the release velocity 120 milliseconds ahead") func swipe_projectsTheReleaseVelocity120MillisecondsAhead() throws {
        // 80 pt alone is scale 0.939 (cancel); at 500 pt/s the projection adds 60 pt → 0.893.
        let flick = try Fixture.run(swipe(travel: 80, flickFrom: 40, endAt: 0.38), initial: .pushed)
        #expect(flick.releases.map(\.outcome) == [.finish])
        #expect(abs(flick.releases[0].measure - model.panScale(travel: 140, height: 874)) < 1e-9)
        let paused = try Fixture.run(swipe(travel: 80, flickFrom: 40, endAt: 0.5), initial: .pushed)
        #expect(paused.releases.map(\.outcome) == [.cancel])
    }

    @Test("edge swipe finishes below scale 0.70") func edgeSwipe_finishesBelowScale070() throws {
        func edge(_ travel: Double) -> [TimelineEvent] {
            [
                .touchesBegan(.edgePan, [Point(x: 4, y: 400)], at: 0.1), .touchesMoved([Point(x: 16, y: 400)], at: 0.15),
                .touchesMoved([Point(x: 16 + travel, y: 400)], at: 0.4), .touchesEnded(at: 0.8)
            ]
        }
        // 0.70 ↔ travel 0.3 ÷ 0.67 × 402 = 180 pt.
        #expect(try Fixture.run(edge(175), initial: .pushed).releases.map(\.outcome) == [.cancel])
        #expect(try Fixture.run(edge(186), initial: .pushed).releases.map(\.outcome) == [.finish])
    }

    @Test("pinch finishes when the fingers close under half their start distance") func pinch_finishesWhenTheFingersCloseUnderHalfTheirStartDistance()
        throws
    {
        func pinch(to distance: Double) -> [TimelineEvent] {
            Finger.pinch(center: Point(x: 200, y: 440), startDistance: 200, endDistance: distance, start: 0.1, duration: 0.2, hold: 0.3)
        }
        let cancel = try Fixture.run(pinch(to: 102), initial: .presented)
        #expect(cancel.releases.map(\.outcome) == [.cancel] && abs(cancel.releases[0].measure - 0.51) < 1e-9)
        #expect(cancel.final.presented.map(\.viewController) == ["destination"])
        let finish = try Fixture.run(pinch(to: 98), initial: .presented)
        #expect(finish.releases.map(\.outcome) == [.finish] && finish.final.presented.isEmpty)
    }

    @Test("pinch uses no projection") func pinch_usesNoProjection() throws {
        // Closing fast to 0.55 of the start: a projection would carry it under 0.5; the rule does not project.
        let fast = Finger.pinch(center: Point(x: 200, y: 440), startDistance: 200, endDistance: 110, start: 0.1, duration: 0.05)
        #expect(try Fixture.run(fast, initial: .pushed).releases.map(\.outcome) == [.cancel])
    }

    @Test("cancel springs back with omega 22 zeta 0.9") func cancel_springsBackWithOmega22Zeta09() throws {
        let timeline = try Fixture.run(swipe(travel: 100, endAt: 0.8), initial: .pushed)
        let release = try #require(timeline.releases.first)
        let back = SpringSolution(
            spring: Spring(response: 2 * .pi / 22, dampingRatio: 0.9),
            from: 1 - 0.67 * 100 / 874, to: 1)
        let after = timeline.keyframes.filter { $0.time > release.time && $0.time < timeline.duration }
        #expect(after.count > 20)
        for frame in after {
            #expect(abs(Measure.scale(frame) - back.value(at: frame.time - release.time)) < 1e-5)
        }
    }

    @Test("finish lands with omega 15 zeta 0.75") func finish_landsWithOmega15Zeta075() throws {
        let timeline = try Fixture.run(swipe(travel: 200, endAt: 0.8), initial: .pushed)
        let release = try #require(timeline.releases.first)
        let landing = SpringSolution(spring: Spring(response: 2 * .pi / 15, dampingRatio: 0.75), from: 1, to: 0)
        let after = timeline.keyframes.filter { $0.time > release.time && $0.time < timeline.duration }
        #expect(after.count > 20)
        for frame in after {
            // The pop's journey progress is 1 − presentation progress.
            #expect(abs(frame.progress - (1 - landing.value(at: frame.time - release.time))) < 1e-6)
        }
        // Underdamped: it overshoots into the source a little (measured "~3 % overshoot").
        #expect(after.contains { $0.progress > 1.01 })
        let last = try #require(timeline.keyframes.last)
        #expect(last.progress == 1 && last.mask == RoundedRect(rect: Fixture.thumbnail, cornerRadius: 12))
        #expect(last.opacity.sourceSlot == 1)
    }
}
