import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 23 §3 in timelines: `opacity.covered` follows the timeline's own trace, so the covered
/// page is hidden while a full-screen page is shown and back from the moment a pop or dismissal
/// (app call or gesture) adds its view again.
struct CoveredPageTimelineTests {
    @Test("covered page hidden while shown back when the gesture puts it back") func coveredPage_hiddenWhileShown_backWhenTheGesturePutsItBack()
        throws
    {
        let timeline = try Fixture.run(GestureAvailabilityTests.swipeDown, initial: .pushed)
        let added = try #require(timeline.callbacks.first { $0.viewController == "source" && $0.name == "addedToHierarchy" })
        for keyframe in timeline.keyframes {
            #expect(keyframe.opacity.covered == (keyframe.time >= added.time ? 1 : 0), "t \(keyframe.time)")
        }
        #expect(timeline.keyframes.first?.opacity.covered == 0 && timeline.keyframes.last?.opacity.covered == 1)
    }

    @Test("covered page over full screen always shows full screen hidden once the presentation completes")
    func coveredPage_overFullScreen_alwaysShows_fullScreen_hiddenOnceThePresentationCompletes() throws {
        let over = Fixture.scene(destination: Destination(frame: Fixture.fullScreen, presentationStyle: .overFullScreen))
        let kept = try Fixture.run([.present(at: 0)], scene: over)
        #expect(kept.keyframes.allSatisfy { $0.opacity.covered == 1 })
        let full = try Fixture.run([.present(at: 0)])
        #expect(full.keyframes.last?.opacity.covered == 0)
        #expect(full.keyframes.dropLast().allSatisfy { $0.opacity.covered == 1 })
    }
}
