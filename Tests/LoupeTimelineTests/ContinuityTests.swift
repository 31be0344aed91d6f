import Foundation
import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Position and velocity are continuous across every release and interruption, measured by
/// finite differences over the keyframes on both sides (at 2 kHz, so the differences resolve the
/// ω 45 tracking spring).
struct ContinuityTests {
    static let scene = Fixture.scene(frameRate: 2000)

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var initial: InitialPage?
        var events: [TimelineEvent]
    }

    static let cases: [Case] = [
        Case(
            description: "swipe down flicked", initial: .pushed,
            events: Finger.drag(from: Point(x: 200, y: 300), to: Point(x: 240, y: 560), start: 0.1, duration: 0.15)),
        Case(
            description: "swipe down released slowly (cancel)", initial: .pushed,
            events: Finger.drag(from: Point(x: 200, y: 300), to: Point(x: 190, y: 380), start: 0.1, duration: 0.3)),
        Case(
            description: "edge swipe flicked", initial: .pushed,
            events: Finger.drag(.edgePan, from: Point(x: 5, y: 400), to: Point(x: 250, y: 460), start: 0.1, duration: 0.12)),
        Case(
            description: "pinch with spin", initial: .presented,
            events: Finger.pinch(
                center: Point(x: 200, y: 440), startDistance: 240, endDistance: 90, start: 0.1,
                duration: 0.2, turn: 0.9, shift: Point(x: 40, y: 80))),
        Case(
            description: "interrupted push, flicked back", initial: nil,
            events: [.push(at: 0)] + Finger.drag(from: Point(x: 150, y: 400), to: Point(x: 160, y: 700), start: 0.1, duration: 0.1)),
        Case(
            description: "interrupted dismissal, thrown back up", initial: nil,
            events: [.dismiss(at: 0)] + Finger.drag(from: Point(x: 150, y: 400), to: Point(x: 150, y: 250), start: 0.12, duration: 0.08))
    ]

    @Test("position and velocity are continuous at every hand off", arguments: cases)
    func positionAndVelocity_areContinuousAtEveryHandOff(_ example: Case) throws {
        let timeline = try Fixture.run(example.events, initial: example.initial, scene: Self.scene)
        let handOffs = Measure.handOffs(timeline)
        #expect(!handOffs.isEmpty)
        for time in handOffs {
            let gap = try #require(Measure.gap(timeline.keyframes, at: time))
            #expect(gap.worstPositionGap(floors: Measure.floors) < 0.01, "position jump at \(time)")
            #expect(gap.worstVelocityGap(floors: Measure.velocityFloors) < 0.01, "velocity jump at \(time)")
        }
    }

    @Test("flicked release hands over a real velocity") func flickedRelease_handsOverARealVelocity() throws {
        // Guards the test above against a motion too slow to show a velocity jump: the card is
        // moving at hundreds of points per second when the finger lets go.
        let timeline = try Fixture.run(Self.cases[0].events, initial: .pushed, scene: Self.scene)
        let release = try #require(timeline.releases.first)
        let gap = try #require(Measure.gap(timeline.keyframes, at: release.time))
        #expect(abs(gap.leftVelocity[1]) > 300)
    }

    @Test("gap measure detects a velocity kink and a jump") func gapMeasure_detectsAVelocityKinkAndAJump() throws {
        let plan = try GeometryEngine.plan(Fixture.scene())
        func frames(_ x: (Double) -> Double) -> [Keyframe] {
            (0...40).map { k in
                let t = Double(k) / 2000
                var state = plan.geometry.state(atProgress: 1)
                state.mask.rect = state.mask.rect.offsetBy(dx: 0, dy: x(t))
                return Keyframe(time: t, progress: 0, state: state)
            }
        }
        let t0 = 0.01
        let smooth = try #require(Measure.gap(frames { 300 * $0 + 2000 * $0 * $0 }, at: t0))
        #expect(smooth.worstVelocityGap(floors: Measure.velocityFloors) < 0.01)
        let kink = try #require(Measure.gap(frames { $0 < t0 ? 300 * $0 : 300 * t0 }, at: t0))
        #expect(kink.worstVelocityGap(floors: Measure.velocityFloors) > 0.5)
        let between = t0 + 0.00025
        let jump = try #require(Measure.gap(frames { $0 < between ? 0 : 3 }, at: between))
        #expect(jump.worstPositionGap(floors: Measure.floors) > 1)
    }

    /// Issue 15 §7: a release whose spring starts inside the settling tolerance (the card let go
    /// a tenth of a point from rest) used to snap there: a jump in position and velocity at the
    /// release. It glides the rest of the way now, and the last keyframe is exactly at rest.
    @Test("release inside the tolerance glides instead of snapping") func releaseInsideTheTolerance_glidesInsteadOfSnapping() throws {
        // Past the slop and back to a tenth of a point below where the swipe was recognised,
        // held still, then lifted: the card rests 0.1 pt off and the release cancels.
        let down = Finger.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 330), start: 0.1, duration: 0.1, lift: false)
        // Samples every 2.5 pt: the swipe is recognised at y 320, the first past the 18 pt slop.
        let anchorY = 320.1
        let back = Finger.drag(from: Point(x: 200, y: 330), to: Point(x: 200, y: anchorY), start: 0.2, duration: 0.1, hold: 0.6)
        let timeline = try Fixture.run(down + Array(back.dropFirst()), initial: .pushed, scene: Self.scene)
        let release = try #require(timeline.releases.last)
        #expect(release.outcome == .cancel)
        let frames = timeline.keyframes
        let centres = frames.map(\.mask.rect.center)
        let around = frames.indices.filter { abs(frames[$0].time - release.time) < 0.02 && $0 > 0 }
        let largest = around.map { hypot(centres[$0].x - centres[$0 - 1].x, centres[$0].y - centres[$0 - 1].y) }.max() ?? .infinity
        #expect(largest < 0.005, "the card moves \(largest) pt between two 2 kHz keyframes at the release")
        // It did have somewhere to go: the card was off rest when let go, and rests exactly.
        let atRelease = try #require(Measure.frame(timeline, at: release.time))
        #expect(abs(atRelease.mask.rect.midY - Fixture.fullScreen.midY) > 0.01)
        #expect(frames.last?.mask.rect == Fixture.fullScreen)
    }
}
