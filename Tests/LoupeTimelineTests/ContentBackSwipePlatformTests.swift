import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 35 §4: Apple lists `UINavigationController.interactiveContentPopGestureRecognizer` as
/// available on Mac Catalyst 26.0 and visionOS 26.0, where a push is the platform's default
/// slide; there the content back swipe pops that slide. Before 26, and the edge swipe, stay
/// what they were (a 422: no back swipe is modelled there).
@Suite("Issue 35 §4: the content back swipe on Mac Catalyst 26 and visionOS 26")
struct ContentBackSwipePlatformTests {
    static let platforms: [OperatingSystem] = [.macCatalyst, .visionOS]

    static func scene(_ os: OperatingSystem, major: Int) -> ZoomScene {
        Fixture.scene(platform: Platform(os: os, version: OSVersion(major: major)))
    }

    @Test("content swipe on 26 pops the slide", arguments: platforms)
    func contentSwipeOn26_popsTheSlide(_ os: OperatingSystem) throws {
        let timeline = try Fixture.run(ContentBackSwipeTests.midScreen, initial: .pushed, scene: Self.scene(os, major: 26))
        #expect(timeline.lifecycleEvents.first?.event.kind == .pop(interactive: true))
        #expect(timeline.releases.map(\.gesture) == [.edgePan] && timeline.releases.map(\.outcome) == [.finish])
        #expect(timeline.final.stack == ["source"])
        SlideBackSwipeTests.expectSlide(timeline)
    }

    @Test("trackpad swipe on 26 pops the slide too", arguments: platforms)
    func trackpadSwipeOn26_popsTheSlideToo(_ os: OperatingSystem) throws {
        let trackpad = Finger.drag(.pan, from: Point(x: 120, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3, input: .indirect)
        let timeline = try Fixture.run(trackpad, initial: .pushed, scene: Self.scene(os, major: 26))
        #expect(timeline.final.stack == ["source"])
    }

    @Test("before 26 or the edge swipe is still unavailable", arguments: platforms)
    func before26_orTheEdgeSwipe_isStillUnavailable(_ os: OperatingSystem) throws {
        #expect(throws: TimelineFailure.self) {
            try Fixture.run(ContentBackSwipeTests.midScreen, initial: .pushed, scene: Self.scene(os, major: 18))
        }
        let edge = Finger.drag(.edgePan, from: Point(x: 4, y: 400), to: Point(x: 300, y: 410), start: 0.1, duration: 0.3)
        #expect(throws: TimelineFailure.self) { try Fixture.run(edge, initial: .pushed, scene: Self.scene(os, major: 26)) }
    }
}
