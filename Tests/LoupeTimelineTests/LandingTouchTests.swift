import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 44 §1: 0.10 s into a pinch's landing (the card about a third of the page), a pan that
/// dragged it 25 pt down was released as `cancel`: judged on the gesture's own scale from the grab
/// (1 against the 0.905 line), the card sprang back to full screen and the destination got
/// viewDidAppear again. Apple's article lets people "stop the transition or drag it to slow it
/// down or reverse it", and says an interrupted pop "either runs to completion or gets
/// interrupted again": the landing may be grabbed, but a downward drag reverses no dismissal. So
/// a grabbed landing is released on the card's real size, the gesture's measure times the card's
/// share of the page when the finger took it.
@Suite("Issue 44 §1: a touch on a landing card")
struct LandingTouchTests {
    static let pinch = Finger.pinch(center: Point(x: 200, y: 440), startDistance: 220, endDistance: 60, start: 0, duration: 0.24)

    static func run(_ extra: [TimelineEvent]) throws -> Timeline {
        var scene = Fixture.scene()
        scene.destination.presentationStyle = .fullScreen
        return try Fixture.run(Self.pinch + extra, initial: .presented, scene: scene)
    }

    static func landingTime() throws -> Double {
        let alone = try run([])
        let landing = try #require(alone.releases.first)
        #expect(landing.outcome == .finish)
        return landing.time
    }

    @Test("issue 44 §1: a pan dragging a landing card 25 pt down lets it land: no reopened page, no second viewDidAppear")
    func downwardDragOnALandingCard_letsItLand() throws {
        let landed = try Self.landingTime()
        let card = try #require(try Self.run([]).keyframes.last { $0.time <= landed + 0.1 }).mask.rect
        let finger = Point(x: card.midX, y: card.midY)
        let drag = Finger.drag(.pan, from: finger, to: Point(x: finger.x, y: finger.y + 25), start: landed + 0.1, duration: 0.08)
        let touched = try Self.run(drag)
        #expect(touched.releases.count == 2)
        let second = try #require(touched.releases.last)
        #expect(second.outcome == .finish, "the drag reopened the page: \(second)")
        #expect(second.measure < 0.5, "judged on the card's real size, not the gesture's own: \(second.measure)")
        #expect(touched.final.presented.isEmpty)
        let appeared = touched.callbacks.filter { $0.viewController == "destination" && $0.name == "viewDidAppear" }
        #expect(appeared.isEmpty, "the destination appeared again")
    }

    @Test("a landing card spread back open by a pinch still reverses: the gesture can undo a landing")
    func spreadOnALandingCard_canReverse() throws {
        let landed = try Self.landingTime()
        let spread = Finger.pinch(center: Point(x: 120, y: 300), startDistance: 60, endDistance: 300, start: landed + 0.05, duration: 0.25)
        let touched = try Self.run(spread)
        #expect(touched.releases.last?.outcome == .cancel, "\(touched.releases)")
    }

    @Test("a finger on a pop the app started is judged as before, on the gesture from the grab")
    func programmaticPop_isJudgedAsBefore() throws {
        let events =
            [TimelineEvent.pop(at: 0)]
            + Finger.drag(.pan, from: Point(x: 200, y: 300), to: Point(x: 200, y: 310), start: 0.1, duration: 0.1, hold: 0.1)
        let timeline = try Fixture.run(events, initial: .pushed)
        #expect(timeline.releases.map(\.outcome) == [.cancel])
    }
}
