import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline
import Testing

/// Issue 25 §1 in timelines: on iOS 26 a presented sheet rests at its detent, so a swipe down
/// starts from the sheet's shape, the presenter keeps its view (no disappearance callbacks, the
/// covered page never hidden), and the release hands over without a jump.
@Suite("Issue 25 §1: sheets at their detent in timelines")
struct SheetDetentTimelineTests {
    static func scene(version: Int, detent: SheetDetent = .medium) -> ZoomScene {
        Fixture.scene(
            platform: Platform(os: .iOS, version: OSVersion(major: version)),
            destination: Destination(frame: Fixture.fullScreen, presentationStyle: .pageSheet, hasCloseButton: true, detent: detent),
            frameRate: 2000)
    }

    static let swipeDown = Finger.drag(.pan, from: Point(x: 200, y: 560), to: Point(x: 210, y: 860), start: 0.1, duration: 0.25)

    @Test("swipe down on a sheet on 26 starts at its detent", arguments: SheetDetent.allCases)
    func swipeDownOnASheetOn26_startsAtItsDetent(_ detent: SheetDetent) throws {
        let timeline = try Fixture.run(Self.swipeDown, initial: .presented, scene: Self.scene(version: 26, detent: detent))
        #expect(timeline.keyframes.first?.mask == detent.restingShape(in: Fixture.container))
        #expect(timeline.releases.map(\.outcome) == [.finish] && timeline.final.presented.isEmpty)
        #expect(timeline.keyframes.allSatisfy { $0.state.opacity.covered == 1 })
        #expect(!timeline.callbacks.contains { $0.viewController == "source" && $0.name == "viewWillAppear" })
        for time in Measure.handOffs(timeline) {
            let gap = try #require(Measure.gap(timeline.keyframes, at: time))
            #expect(gap.worstPositionGap(floors: Measure.floors) < 0.01, "position jump at \(time)")
            #expect(gap.worstVelocityGap(floors: Measure.velocityFloors) < 0.01, "velocity jump at \(time)")
        }
    }

    @Test("present on 26 and before") func presentOn26_andBefore() throws {
        let on26 = try Fixture.run([.present(at: 0)], initial: .source, scene: Self.scene(version: 26))
        #expect(on26.keyframes.last?.mask == SheetDetent.medium.restingShape(in: Fixture.container))
        #expect(!on26.callbacks.contains { $0.viewController == "source" && $0.name == "viewWillDisappear" })
        let on18 = try Fixture.run([.present(at: 0)], initial: .source, scene: Self.scene(version: 18))
        #expect(on18.keyframes.last?.mask.rect == Fixture.fullScreen)
        #expect(on18.callbacks.contains { $0.viewController == "source" && $0.name == "viewWillDisappear" })
        #expect(on18.geometryWarnings.map(\.code).contains(.sheetDetentBeforeIOS26))
    }
}
