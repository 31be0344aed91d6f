import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Bad input gives structured errors with the event index and the field.
struct TimelineErrorTests {
    private func errors(_ events: [TimelineEvent], initial: InitialPage? = .pushed, scene: ZoomScene = Fixture.scene()) -> [TimelineError] {
        do {
            _ = try Fixture.run(events, initial: initial, scene: scene)
            return []
        } catch {
            return error.errors
        }
    }

    @Test("touches out of time order point at the time") func touchesOutOfTimeOrder_pointAtTheTime() {
        let found = errors([.touchesBegan(.pan, [Point(x: 1, y: 2)], at: 0.3), .touchesMoved([Point(x: 1, y: 30)], at: 0.2)])
        #expect(found == [.timeWentBackwards(event: 1, previousTime: 0.3)])
        #expect(found.first?.location == .event(1, .time))
    }

    @Test("touch counts must fit the gesture") func touchCounts_mustFitTheGesture() {
        let found = errors([
            .touchesBegan(.pinch, [Point(x: 1, y: 2)], at: 0),
            .touchesMoved([Point(x: 1, y: 2), Point(x: 5, y: 6), Point(x: 7, y: 8)], at: 0.1),
            .touchesEnded([Point(x: 1, y: 2)], at: 0.2),
            .touchesBegan(.pan, [Point(x: 1, y: 2), Point(x: 5, y: 6)], at: 0.3),
            .touchesEnded(at: 0.4)
        ])
        #expect(
            found == [
                .wrongTouchCount(event: 0, gesture: .pinch, expected: 2, actual: 1),
                .wrongTouchCount(event: 1, gesture: .pinch, expected: 2, actual: 3),
                .wrongTouchCount(event: 2, gesture: .pinch, expected: 2, actual: 1),
                .wrongTouchCount(event: 3, gesture: .pan, expected: 1, actual: 2)
            ])
        #expect(found.first?.location == .event(0, .touches))
    }

    @Test("touches without began and began twice are refused") func touchesWithoutBegan_andBeganTwice_areRefused() {
        let found = errors([
            .touchesMoved([Point(x: 1, y: 2)], at: 0),
            .touchesEnded(at: 0.1),
            .touchesBegan(.pan, [Point(x: 1, y: 2)], at: 0.2),
            .touchesBegan(.pan, [Point(x: 1, y: 2)], at: 0.3)
        ])
        #expect(found == [.touchesWithoutBegan(event: 0), .touchesWithoutBegan(event: 1), .gestureAlreadyActive(event: 3)])
        #expect(found.first?.location == .event(0, .type))
    }

    @Test("times must be finite non negative and within a minute") func times_mustBeFiniteNonNegativeAndWithinAMinute() {
        let found = errors([.push(at: .nan), .pop(at: -1), .push(at: 60.5), .pop(at: 59)], initial: .source)
        #expect(found == [.invalidTime(event: 0), .invalidTime(event: 1), .timeBeyondLimit(event: 2, limit: 60)])
    }

    @Test("touch coordinates must be finite and in range") func touchCoordinates_mustBeFiniteAndInRange() {
        let found = errors([
            .touchesBegan(.pinch, [Point(x: 1, y: 2), Point(x: .infinity, y: 2)], at: 0),
            .touchesEnded([Point(x: 1, y: 2), Point(x: 3, y: 2e7)], at: 0.1)
        ])
        #expect(found == [.invalidTouch(event: 0, touch: 1), .invalidTouch(event: 1, touch: 1)])
        #expect(found.first?.location == .touch(event: 0, index: 1))
    }

    @Test("more than ten thousand events is one error without walking them") func moreThanTenThousandEvents_isOneErrorWithoutWalkingThem() {
        let events = (0...10_000).map { TimelineEvent.touchesMoved([], at: Double($0) * -1) }
        #expect(errors(events) == [.tooManyEvents(count: 10_001, limit: 10_000)])
        #expect(TimelineError.tooManyEvents(count: 10_001, limit: 10_000).location == .events)
    }

    @Test("too many keyframes is an error not a hang") func tooManyKeyframes_isAnErrorNotAHang() {
        let found = errors(
            [.touchesBegan(.pan, [Point(x: 1, y: 2)], at: 20), .touchesEnded(at: 20)],
            scene: Fixture.scene(frameRate: 1000))
        #expect(found == [.tooManyKeyframes(count: 20_001, limit: 15_000)])
    }

    @Test("lifecycle errors point at the timeline event that caused them") func lifecycleErrors_pointAtTheTimelineEventThatCausedThem() {
        // Event 2 is the first app call; the ignored tap before it never reaches the lifecycle.
        let found = errors(
            [.touchesBegan(.pan, [Point(x: 1, y: 2)], at: 0), .touchesEnded(at: 0.1), .pop(at: 0.2)],
            initial: .source)
        #expect(found == [.lifecycle(.cannotPopRoot(event: 0), event: 2)])
        #expect(found.first?.location == .event(2, .type))
        #expect(errors([.push(at: 0)], initial: .pushed) == [.lifecycle(.viewControllerAlreadyShown(event: 0, name: "destination"), event: 0)])
    }

    @Test("scene errors come from the geometry engine") func sceneErrors_comeFromTheGeometryEngine() {
        let mac = Fixture.scene(platform: Platform(os: .macOS, framework: .swiftUI))
        #expect(errors([.push(at: 0)], initial: .source, scene: mac) == [.geometry(.zoomAPIUnavailable(os: .macOS, framework: .swiftUI))])
    }

    @Test("every error has a message") func everyError_hasAMessage() {
        let all: [TimelineError] = [
            .tooManyEvents(count: 2, limit: 1), .tooMuchSourceMixing(count: 2, limit: 1), .invalidTime(event: 0),
            .timeBeyondLimit(event: 0, limit: 60),
            .timeWentBackwards(event: 0, previousTime: 1), .wrongTouchCount(event: 0, gesture: .pan, expected: 1, actual: 2),
            .invalidTouch(event: 0, touch: 0), .touchesWithoutBegan(event: 0), .gestureAlreadyActive(event: 0),
            .gestureUnavailable(event: 0, gesture: .pan, reason: .notAZoom(.slide)),
            .gestureUnavailable(event: 0, gesture: .edgePan, reason: .edgeSwipeNeedsNavigation),
            .tooManyKeyframes(count: 2, limit: 1), .lifecycle(.cannotPopRoot(event: 0), event: 0), .geometry(.emptyContainer)
        ]
        #expect(all.allSatisfy { !$0.message.isEmpty })
        #expect(Set(all.map(\.message)).count == all.count)
    }
}
