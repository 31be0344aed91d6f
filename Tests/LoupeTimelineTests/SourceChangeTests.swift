import Foundation
import LoupeGeometry
import LoupeTimeline
import Testing

/// `sourceChanged`: the gallery case. UIKit asks the source provider again at dismissal, so a page
/// paged from photo 1 to photo 7 zooms back into photo 7; a source that moves under a running
/// dismissal is followed without a jump.
@Suite("Source changes")
struct SourceChangeTests {
    static let photo7 = Rect(x: 258, y: 560, width: 120, height: 240)

    @Test("after paging to another photo, a dismissal zooms back into the new source")
    func dismissal_usesTheNewSource() throws {
        let timeline = try Fixture.run(
            [
                .sourceChanged(.view(SourceView(frame: Self.photo7, cornerRadius: 12)), at: 0.5),
                .pop(at: 1)
            ], initial: .pushed)
        let last = try #require(timeline.keyframes.last)
        #expect(last.mask.rect == Self.photo7)
        #expect(last.opacity.sourceSlot == 1)
        // Before the change nothing moved: the page rests, whatever the source.
        #expect(timeline.keyframes.filter { $0.time < 1 }.allSatisfy { $0.mask.rect == Fixture.fullScreen })
    }

    @Test("the source changing to none makes the next dismissal zoom into the centre")
    func noSource_zoomsIntoTheCentre() throws {
        let timeline = try Fixture.run([.sourceChanged(.missing, at: 0.2), .pop(at: 0.4)], initial: .pushed)
        let last = try #require(timeline.keyframes.last)
        #expect(abs(last.mask.rect.midX - Fixture.fullScreen.midX) < 1e-9 && abs(last.mask.rect.midY - Fixture.fullScreen.midY) < 1e-9)
        #expect(timeline.geometryWarnings.contains { $0.code == .missingSource })
    }

    @Test("a source that moves during a running dismissal is followed: no jump in position or velocity, and it lands on the new frame")
    func runningDismissal_retargets() throws {
        // The list scrolls 200 pt up under the card 0.1 s into the pop.
        let moved = Fixture.thumbnail.offsetBy(dx: 0, dy: -200)
        let changed = try Fixture.run(
            [.pop(at: 0), .sourceChanged(.view(SourceView(frame: moved, cornerRadius: 12)), at: 0.1)],
            initial: .pushed)
        let steady = try Fixture.run([.pop(at: 0)], initial: .pushed)
        #expect(changed.keyframes.last?.mask.rect == moved)
        // Up to the change the two timelines are the same.
        for (a, b) in zip(changed.keyframes, steady.keyframes) where a.time <= 0.1 {
            #expect(a.mask == b.mask && a.transform == b.transform)
        }
        // At 240 Hz, a jump in position or velocity shows as a kick: a large change of the
        // centre's frame-to-frame step. Around the change the kicks stay within what the steady
        // pop's own start produces (a 200 pt jump would kick by about 200 pt, a velocity jump by
        // several points).
        func kicks(_ timeline: Timeline) -> [Double] {
            let centres = timeline.keyframes.map(\.mask.rect.center)
            let steps = zip(centres, centres.dropFirst()).map { Point(x: $1.x - $0.x, y: $1.y - $0.y) }
            return zip(steps, steps.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        }
        let changeIndex = try #require(changed.keyframes.firstIndex { $0.time >= 0.1 })
        let around = kicks(changed)[(changeIndex - 3)...(changeIndex + 3)].max() ?? .infinity
        let steadyLargest = kicks(steady).max() ?? 0
        #expect(around <= 1.5 * steadyLargest, "a kick of \(around) pt around the change; the steady pop's largest is \(steadyLargest)")
        // The pop completes once the card has arrived, not before.
        let completed = try #require(changed.segments.first { $0.transition == .pop }?.end)
        #expect(completed >= 0.1 + 0.45)
    }

    @Test("a source change while a finger holds the card is followed too")
    func heldCard_retargets() throws {
        let moved = Fixture.thumbnail.offsetBy(dx: 150, dy: 0)
        let events = Finger.drag(.pan, from: Point(x: 200, y: 300), to: Point(x: 200, y: 500), start: 0, duration: 0.3, hold: 0.05)
        var script = events
        script.insert(.sourceChanged(.view(SourceView(frame: moved, cornerRadius: 12)), at: 0.15), at: events.firstIndex { $0.time > 0.15 } ?? 1)
        let timeline = try Fixture.run(script, initial: .pushed)
        let centres = timeline.keyframes.map(\.mask.rect.center)
        let jumps = zip(centres, centres.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        #expect((jumps.max() ?? .infinity) < 40, "the largest move between two 240 Hz keyframes is \(jumps.max() ?? 0) pt")
        if timeline.releases.last?.outcome == .cancel {
            #expect(timeline.keyframes.last?.mask.rect == Fixture.fullScreen)
        } else {
            #expect(timeline.keyframes.last?.mask.rect == moved)
        }
    }

    /// Position and velocity through `time`, at 2 kHz, as the continuity tests measure them.
    private static func expectContinuous(_ timeline: Timeline, at time: Double, _ label: String) throws {
        let gap = try #require(Measure.gap(timeline.keyframes, at: time))
        #expect(gap.worstPositionGap(floors: Measure.floors) < 0.01, "\(label): position jump at \(time)")
        #expect(gap.worstVelocityGap(floors: Measure.velocityFloors) < 0.1, "\(label): velocity jump at \(time)")
    }

    static let fast = Fixture.scene(frameRate: 2000)

    /// Review finding: a second change while the first still settled restarted the mix from the
    /// first change's source alone, a jump of 510 pt in one 240 Hz frame.
    @Test("a second change while the first still settles chains from the mix drawn: no jump")
    func secondChangeDuringTheMix_isContinuous() throws {
        let far = SourceView(frame: Rect(x: 267, y: 700, width: 120, height: 160), cornerRadius: 12)
        let back = SourceView(frame: Rect(x: 16, y: 120, width: 120, height: 240), cornerRadius: 12)
        let twice = try Fixture.run(
            [.pop(at: 0.1), .sourceChanged(.view(far), at: 0.2), .sourceChanged(.view(back), at: 0.25)],
            initial: .pushed, scene: Self.fast)
        try Self.expectContinuous(twice, at: 0.2, "first change")
        try Self.expectContinuous(twice, at: 0.25, "second change")
        #expect(twice.keyframes.last?.mask.rect == back.frame)
    }

    /// Review finding: an app call that changed the host while a changed source settled dropped
    /// the mix (the old source was never planned in the new host): a 180 pt jump.
    @Test("a host change while a changed source settles keeps the mix: no jump")
    func hostChangeDuringTheMix_isContinuous() throws {
        let far = SourceView(frame: Rect(x: 267, y: 700, width: 120, height: 160), cornerRadius: 12)
        let changed = try Fixture.run(
            [.pop(at: 0), .sourceChanged(.view(far), at: 0.05), .present(at: 0.2)],
            initial: .pushed, scene: Self.fast)
        try Self.expectContinuous(changed, at: 0.2, "present")
    }

    /// Review finding: advice about an event's source pointed at the request's own source.
    @Test("advice about a source an event gave names that event")
    func adviceAboutAChangedSource_namesItsEvent() throws {
        let offScreen = SourceView(frame: Rect(x: -60, y: 300, width: 120, height: 240), cornerRadius: 12, role: .tab)
        let timeline = try Fixture.run([.sourceChanged(.view(offScreen), at: 0.1), .pop(at: 0.2)], initial: .pushed)
        let changed = timeline.geometryWarnings.filter {
            if case .changedSource(event: 0, _) = $0.subject { return true }
            return false
        }
        #expect(Set(changed.map(\.code)) == [.sourcePartlyOffScreen, .unsuitableSource])
        #expect(!timeline.geometryWarnings.contains { $0.subject == .source || $0.subject == .sourceRole(index: nil) })
    }
}

/// A storm of `sourceChanged` events (issue 21 §2): each change is mixed into every keyframe of
/// its settling window, so thousands of them cost seconds of CPU unless the work is counted.
@Suite("Source change storms")
struct SourceChangeStormTests {
    static func storm(_ changes: Int, gap: Double = 0.004) -> [TimelineEvent] {
        [.push(at: 0.02)]
            + (0..<changes).map { index in
                .sourceChanged(
                    .view(SourceView(frame: Fixture.thumbnail.offsetBy(dx: Double(index % 200), dy: 0), cornerRadius: 12)),
                    at: 0.024 + Double(index) * gap)
            }
    }

    @Test("regression: 7,022 changes 4 ms apart at 240 fps are refused before anything is simulated")
    func storm_isRefusedAsWork() throws {
        let script = Fixture.script(Self.storm(7_022), initial: .source, scene: Fixture.scene(frameRate: 240))
        let found = TimelineEngine.validate(script)
        let estimate = ScriptValidatorProbe.estimate(Self.storm(7_022), frameRate: 240)
        #expect(found == [.tooMuchSourceMixing(count: estimate, limit: TimelineScript.maximumSourceMixing)])
        #expect(found.first?.location == .events)
        #expect(estimate > TimelineScript.maximumSourceMixing)
    }

    @Test("the estimate grows with the frame rate and the count, and a storm just under the limit is played")
    func estimate_boundsWhatIsPlayed() throws {
        #expect(ScriptValidatorProbe.estimate(Self.storm(100), frameRate: 240) > ScriptValidatorProbe.estimate(Self.storm(100), frameRate: 60))
        #expect(ScriptValidatorProbe.estimate(Self.storm(200), frameRate: 60) == 2 * ScriptValidatorProbe.estimate(Self.storm(100), frameRate: 60))
        #expect(ScriptValidatorProbe.estimate([.push(at: 0), .pop(at: 1)], frameRate: 240) == 0)
        var changes = 1
        while ScriptValidatorProbe.estimate(Self.storm(changes + 1), frameRate: 60) <= TimelineScript.maximumSourceMixing { changes += 1 }
        let timeline = try Fixture.run(Self.storm(changes), initial: .source, scene: Fixture.scene(frameRate: 60))
        #expect(timeline.keyframes.count > 0)
        #expect(throws: TimelineFailure.self) {
            try Fixture.run(Self.storm(changes + 1), initial: .source, scene: Fixture.scene(frameRate: 60))
        }
    }

    @Test("re-planning a changed source without keyframes draws the same timeline as planning it whole")
    func geometryOnlyPlans_drawTheSameKeyframes() throws {
        // The storm's changes are planned without keyframes after the first; a single change is
        // planned whole for its host only when the host has not been planned yet. Both end on
        // the newest source, and the plan the geometry comes from is the same either way.
        let events = Self.storm(40, gap: 0.01) + [.pop(at: 1.5)]
        let timeline = try Fixture.run(events, initial: .source, scene: Fixture.scene(frameRate: 60))
        let newest = Fixture.thumbnail.offsetBy(dx: 39, dy: 0)
        #expect(timeline.keyframes.last?.mask.rect == newest)
        let geometry = try GeometryEngine.plan(Fixture.scene(frameRate: 60), sampling: .geometryOnly)
        let whole = try GeometryEngine.plan(Fixture.scene(frameRate: 60))
        #expect(geometry.keyframes.isEmpty && !whole.keyframes.isEmpty)
        #expect(geometry.geometry == whole.geometry && geometry.duration == whole.duration && geometry.warnings == whole.warnings)
    }
}

/// The source-mixing estimate by its documented formula (`TimelineScript.maximumSourceMixing`),
/// worked out here independently of the engine: per change, the keyframes of a settling window
/// of 9.233 / ω at the zoom's ω, plus one, plus twenty for planning the source.
enum ScriptValidatorProbe {
    static func estimate(_ events: [TimelineEvent], frameRate: Double) -> Int {
        let changes = events.filter { if case .sourceChanged = $0.kind { true } else { false } }.count
        let window = (9.233 / Spring.zoom.naturalFrequency * frameRate).rounded(.up) + 1 + 20
        return changes * Int(window)
    }
}
