import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 44 §2: on iOS 26 a back swipe during a running zoom push goes back, by the rules of the
/// back swipe at rest (WWDC25, "Build a UIKit app with the new design": "I can immediately swipe
/// back if I selected the wrong note"). It used to be read as a swipe-down pan and cancel, the
/// card slid 53 pt sideways at full size. Before 26 a finger on a running push is unchanged.
@Suite("Issue 44 §2: the back swipe grabs a running zoom push on iOS 26")
struct BackSwipeDuringZoomTests {
    static func scene(version: Int, rightToLeft: Bool = false) -> ZoomScene {
        var scene = Fixture.scene(platform: Platform(os: .iOS, version: OSVersion(major: version)))
        if rightToLeft {
            scene.container.layoutDirection = .rightToLeft
            scene.source = .view(SourceView(frame: Rect(x: 250, y: 120, width: 110, height: 110), cornerRadius: 8))
        }
        return scene
    }

    /// A 175 pt swipe toward the trailing side, from the middle of the page.
    static func swipe(start: Double, rightToLeft: Bool = false) -> [TimelineEvent] {
        let from = Point(x: rightToLeft ? 300 : 100, y: 420)
        let to = Point(x: from.x + (rightToLeft ? -175 : 175), y: 424)
        return Finger.drag(.pan, from: from, to: to, start: start, duration: 0.2)
    }

    @Test("at rest the 175 pt swipe is the back swipe and pops (the issue's baseline)")
    func atRest_thSwipePops() throws {
        let timeline = try Fixture.run(Self.swipe(start: 0), initial: .pushed, scene: Self.scene(version: 26))
        #expect(timeline.releases.map(\.gesture) == [.edgePan] && timeline.releases.map(\.outcome) == [.finish])
    }

    @Test("issue 44 §2: 0.3 s into a push on 26 the same swipe grabs it and goes back, LTR and RTL", arguments: [false, true])
    func duringPush_goesBackOn26(rightToLeft: Bool) throws {
        let events = [TimelineEvent.push(at: 0)] + Self.swipe(start: 0.3, rightToLeft: rightToLeft)
        let timeline = try Fixture.run(events, initial: .source, scene: Self.scene(version: 26, rightToLeft: rightToLeft))
        #expect(timeline.releases.map(\.gesture) == [.edgePan], "\(timeline.releases)")
        #expect(timeline.releases.map(\.outcome) == [.finish])
        #expect(timeline.final.stack == ["source"])
        #expect(timeline.segments.contains { $0.kind == .tracking && $0.transition == .pop })
        // The card follows the back swipe's mapping (it shrinks as it travels), not a swipe down's.
        let release = try #require(timeline.releases.first)
        let atRelease = try #require(timeline.keyframes.last { $0.time <= release.time })
        #expect(atRelease.transform.a < 0.95, "the card is still full size at the release: \(atRelease.transform.a)")
    }

    @Test("before 26 a finger on a running push is unchanged: the sideways pan does not go back")
    func duringPush_before26_isUnchanged() throws {
        let events = [TimelineEvent.push(at: 0)] + Self.swipe(start: 0.3)
        let timeline = try Fixture.run(events, initial: .source, scene: Self.scene(version: 18))
        #expect(timeline.releases.map(\.gesture) == [.pan])
        #expect(timeline.final.stack == ["source", "destination"])
    }
}
