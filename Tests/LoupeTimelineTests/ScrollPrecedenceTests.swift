import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// The destination's scroll view gets the first say ("Zoom transitions" guide, "Gestures").
struct ScrollPrecedenceTests {
    @Test("zoomed in scroll view takes the pinch") func zoomedInScrollView_takesThePinch() throws {
        let zoomedIn = DestinationScroll(zoomScale: 2, minimumZoomScale: 1)
        let timeline = try Fixture.run(GestureAvailabilityTests.pinchIn, initial: .presented, scroll: zoomedIn)
        #expect(timeline.warnings.map(\.code) == [.scrollViewZoomedIn])
        #expect(timeline.lifecycleEvents.isEmpty)
        Unchanged.expectResting(timeline, atProgress: 1)
    }

    @Test("fully zoomed out scroll view lets the pinch dismiss") func fullyZoomedOutScrollView_letsThePinchDismiss() throws {
        let zoomedOut = DestinationScroll(zoomScale: 1, minimumZoomScale: 1)
        let timeline = try Fixture.run(GestureAvailabilityTests.pinchIn, initial: .presented, scroll: zoomedOut)
        #expect(timeline.warnings.isEmpty)
        #expect(timeline.lifecycleEvents.first?.event.kind == .dismiss(interactive: true))
    }

    @Test("vertical scroll view not at the top takes the swipe") func verticalScrollViewNotAtTheTop_takesTheSwipe() throws {
        let scrolled = DestinationScroll(contentOffset: Point(x: 0, y: 120), scrollsVertically: true)
        let timeline = try Fixture.run(GestureAvailabilityTests.swipeDown, initial: .pushed, scroll: scrolled)
        #expect(timeline.warnings.map(\.code) == [.scrollViewNotAtTop])
        Unchanged.expectResting(timeline, atProgress: 1)
    }

    @Test("vertical scroll view at the top lets the swipe dismiss") func verticalScrollViewAtTheTop_letsTheSwipeDismiss() throws {
        let atTop = DestinationScroll(contentOffset: Point(x: 0, y: 0), scrollsVertically: true)
        let timeline = try Fixture.run(GestureAvailabilityTests.swipeDown, initial: .pushed, scroll: atTop)
        #expect(timeline.warnings.isEmpty)
        #expect(timeline.lifecycleEvents.first?.event.kind == .pop(interactive: true))
    }

    @Test("horizontal scroll view still takes leading edge swipes") func horizontalScrollView_stillTakesLeadingEdgeSwipes() throws {
        let horizontal = DestinationScroll(contentOffset: Point(x: 300, y: 0), scrollsHorizontally: true)
        let timeline = try Fixture.run(GestureAvailabilityTests.edgeSwipe, initial: .pushed, scroll: horizontal)
        #expect(timeline.warnings.isEmpty)
        #expect(timeline.lifecycleEvents.first?.event.kind == .pop(interactive: true))
    }

    @Test("horizontal scroll view takes swipes away from the edge") func horizontalScrollView_takesSwipesAwayFromTheEdge() throws {
        let horizontal = DestinationScroll(scrollsHorizontally: true)
        let events = Finger.drag(.edgePan, from: Point(x: 120, y: 400), to: Point(x: 380, y: 400), start: 0.1, duration: 0.3)
        let timeline = try Fixture.run(events, initial: .pushed, scroll: horizontal)
        #expect(timeline.warnings.map(\.code) == [.notFromLeadingEdge])
        #expect(timeline.warnings.first?.message.contains("scrolls horizontally") == true)
        Unchanged.expectResting(timeline, atProgress: 1)
    }

    @Test("horizontal scroll view does not block a swipe down") func horizontalScrollView_doesNotBlockASwipeDown() throws {
        let horizontal = DestinationScroll(contentOffset: Point(x: 300, y: 0), scrollsHorizontally: true)
        let timeline = try Fixture.run(GestureAvailabilityTests.swipeDown, initial: .pushed, scroll: horizontal)
        #expect(timeline.lifecycleEvents.first?.event.kind == .pop(interactive: true))
    }
}
