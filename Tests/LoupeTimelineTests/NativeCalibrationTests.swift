import Foundation
import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 35 §3: the values swift_transitions has since measured against native (its CHANGELOG
/// 0.2.0 and `lib/src/zoom/zoom_dismiss_physics.dart`), each named by its test.
@Suite("Issue 35 §3: calibrated to swift_transitions' newest native measurements")
struct NativeCalibrationTests {
    static let ios26 = Platform(os: .iOS, version: OSVersion(major: 26))
    static let zoom26 = Fixture.scene(platform: ios26)
    /// A SwiftUI page whose destination declares no zoom: pushed with the slide.
    static var slide26: ZoomScene {
        var scene = Fixture.scene(platform: Platform(os: .iOS, version: OSVersion(major: 26), framework: .swiftUI))
        scene.source = .matched([MatchedSource(id: "a", namespace: "grid", frame: Fixture.thumbnail)])
        return scene
    }

    /// A finger from x = 100 to `to`, then held still for 0.1 s and lifted (a release at rest).
    static func heldSwipe(_ gesture: GestureKind = .pan, from: Double = 100, to: Double) -> [TimelineEvent] {
        Finger.drag(gesture, from: Point(x: from, y: 400), to: Point(x: to, y: 400), start: 0.1, duration: 0.4, hold: 0.1)
    }

    // MARK: The zoom card's content swipe: 18 pt of slop, commit below 0.79

    @Test("content swipe on a zoomed page: 18 pt of slop, then the edge swipe's rate")
    func contentSwipe_waitsOut18ptThenShrinksAtTheEdgeRate() throws {
        let model = GestureModel.measured
        #expect(model.panSlop == 18)
        let timeline = try Fixture.run(Self.heldSwipe(to: 100 + 18 + 120), initial: .pushed, scene: Self.zoom26)
        let release = try #require(timeline.releases.first)
        // Held at rest: the measure is the edge swipe's scale 120 pt (give or take a sample) past the slop.
        #expect(abs(release.measure - model.edgeScale(travel: 120, width: 402)) < 0.01, "\(release.measure)")
    }

    @Test("content swipe commit line 0.79: released at 0.762 it lands, at 0.80 it springs back")
    func contentSwipe_commitsBelow079() throws {
        #expect(GestureModel.measured.contentSwipeCommitScale == 0.79)
        // 0.762 ⇒ 0.238 / 0.67 × 402 = 142.8 pt past the slop; 0.80 ⇒ 114.0 pt.
        let lands = try Fixture.run(Self.heldSwipe(to: 100 + 18 + 143), initial: .pushed, scene: Self.zoom26)
        let landed = try #require(lands.releases.first)
        #expect(landed.threshold == 0.79 && landed.outcome == .finish && landed.measure > 0.70, "\(landed)")
        #expect(lands.final.stack == ["source"])
        let back = try Fixture.run(Self.heldSwipe(to: 100 + 18 + 112), initial: .pushed, scene: Self.zoom26)
        #expect(back.releases.map(\.outcome) == [.cancel] && back.final.stack == ["source", "destination"])
        // The edge swipe keeps its own 0.70: released at the same scale it springs back.
        let edge = try Fixture.run(Self.heldSwipe(.edgePan, from: 4, to: 4 + 12 + 143), initial: .pushed, scene: Self.zoom26)
        #expect(edge.releases.map(\.threshold) == [0.70] && edge.releases.map(\.outcome) == [.cancel])
    }

    // MARK: The slide page's content swipe: 27 pt dead zone, commit at 42 % of the width

    @Test("slide content swipe: the page holds for 27 pt from the touch, then follows 1:1")
    func slideContentSwipe_waitsOut27pt() throws {
        let timeline = try Fixture.run(Self.heldSwipe(to: 100 + 27 + 150), initial: .pushed, scene: Self.slide26)
        SlideBackSwipeTests.expectSlide(timeline)
        // Held at the end of the drag: the page has moved the finger's travel less 27 pt.
        let held = try #require(Measure.frame(timeline, at: 0.6))
        #expect(abs(held.transform.tx - 150) < 1, "\(held.transform.tx)")
    }

    @Test("slide content swipe commit at 42 % of the width; the edge swipe's at 53 % (issue 44 §4)")
    func slideContentSwipe_commitsFrom42Percent() throws {
        #expect(GestureModel.measured.slideContentDeadZone == 27 && GestureModel.measured.slideContentCommitShare == 0.42)
        let width = 402.0
        let lands = try Fixture.run(Self.heldSwipe(to: 100 + 27 + 0.44 * width), initial: .pushed, scene: Self.slide26)
        let landed = try #require(lands.releases.first)
        #expect(landed.outcome == .finish && abs(landed.threshold - 0.58) < 1e-12 && abs(landed.measure - 0.56) < 0.01, "\(landed)")
        #expect(lands.final.stack == ["source"])
        let back = try Fixture.run(Self.heldSwipe(to: 100 + 27 + 0.40 * width), initial: .pushed, scene: Self.slide26)
        #expect(back.releases.map(\.outcome) == [.cancel])
        // The same 44 % from the edge is short of the edge swipe's line, 53 % of the width on 26
        // (swift_transitions' CHANGELOG 0.2.0; issue 44 §4), and 56 % passes it.
        let edge = try Fixture.run(Self.heldSwipe(.edgePan, from: 4, to: 4 + 12 + 0.44 * width), initial: .pushed, scene: Self.slide26)
        #expect(edge.releases.map(\.outcome) == [.cancel] && edge.releases.map(\.threshold) == [1 - 0.53])
        let past = try Fixture.run(Self.heldSwipe(.edgePan, from: 4, to: 4 + 12 + 0.56 * width), initial: .pushed, scene: Self.slide26)
        #expect(past.releases.map(\.outcome) == [.finish] && past.final.stack == ["source"])
    }

    // MARK: A fast pinch lands sooner: ω × (1 + 0.3 × fingers' speed in widths per second)

    @Test("landing quickened by finger speed: 845 pt/s on a 393 pt page gives ω 24.7, capped at 3 widths a second")
    func landingSpring_quickensWithFingerSpeed() {
        let model = GestureModel.measured
        #expect(abs(model.landingSpring(fingerSpeed: 845, width: 393).naturalFrequency - 24.7) < 0.05)
        #expect(model.landingSpring(fingerSpeed: 0, width: 393) == model.finishSpring)
        #expect(abs(model.landingSpring(fingerSpeed: 100_000, width: 393).naturalFrequency - 15 * 1.9) < 1e-9)
        #expect(model.landingSpring(fingerSpeed: 845, width: 393).dampingRatio == 0.75)
    }

    @Test("a pinch let go at speed lands sooner than one let go at rest; a pan's landing is not quickened")
    func fastPinch_landsSooner() throws {
        func landing(_ events: [TimelineEvent]) throws -> Double {
            let timeline = try Fixture.run(events, initial: .pushed)
            let segment = try #require(timeline.segments.last { $0.kind == .animating })
            #expect(timeline.final.stack == ["source"])
            return segment.end - segment.start
        }
        // Fingers closing from 300 to 100 pt apart: each finger at 250 pt/s (0.4 s) or 1,000 pt/s (0.1 s).
        let slow = try landing(Finger.pinch(center: Point(x: 200, y: 450), startDistance: 300, endDistance: 100, start: 0.1, duration: 0.4))
        let fast = try landing(Finger.pinch(center: Point(x: 200, y: 450), startDistance: 300, endDistance: 100, start: 0.1, duration: 0.1))
        #expect(fast < slow * 0.8, "fast \(fast) s, slow \(slow) s")
        // A pan flung or held lands on the same ω 15 (the peer: "a pan hands nothing over").
        let model = GestureModel.measured
        #expect(model.landingSpring(fingerSpeed: 0, width: 402).naturalFrequency == 15)
    }
}

/// Issue 35 §3: under a drag the covered page holds where the flight left it (0.914), as
/// swift_transitions measured ("a gesture dragging the card does not move it", parity stage 9),
/// and comes back to 1 as the landing brings the card home.
@Suite("Issue 35 §3: the covered page under a gesture")
struct CoveredPageGestureTests {
    @Test("a swipe down holds the covered page at 0.914 while it tracks; the landing brings it to 1")
    func dragHoldsTheCoveredPage() throws {
        let swipe = Finger.drag(.pan, from: Point(x: 200, y: 300), to: Point(x: 200, y: 600), start: 0.1, duration: 0.3)
        let timeline = try Fixture.run(swipe, initial: .pushed)
        let tracking = try #require(timeline.segments.first { $0.kind == .tracking })
        let held = timeline.keyframes.filter { $0.time >= tracking.start && $0.time <= tracking.end }
        #expect(!held.isEmpty)
        #expect(held.allSatisfy { abs($0.covered.a - 0.914) < 1e-12 })
        #expect(timeline.keyframes.last?.covered == .identity)
    }
}
