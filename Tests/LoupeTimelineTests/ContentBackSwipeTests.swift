import Foundation
import LoupeGeometry
import LoupeLifecycle
import LoupeTestSupport
import LoupeTimeline
import Testing

/// Issue 25 §2: iOS 26's content back swipe (`UINavigationController.interactiveContentPopGestureRecognizer`,
/// iOS 26.0+). On 26 a finger's horizontal pan toward the trailing side, starting anywhere on a
/// pushed page, is the back swipe: tracked, released and decided like the edge swipe. A page that
/// scrolls horizontally and is not at its start keeps the swipe. Before 26 such a pan is no back
/// swipe (`swipe-not-downward`). Right-to-left layouts mirror the direction.
@Suite("Issue 25 §2: iOS 26 content back swipe")
struct ContentBackSwipeTests {
    static let ios26 = Platform(os: .iOS, version: OSVersion(major: 26))
    static func scene(_ platform: Platform = ios26, container: Container = Fixture.container) -> ZoomScene {
        Fixture.scene(platform: platform, container: container)
    }
    /// A finger from the middle of the page toward the right, 120 → 380 pt in 0.3 s.
    static let midScreen = Finger.drag(.pan, from: Point(x: 120, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3)

    @Test("mid screen pan on 26 goes back like the edge swipe") func midScreenPanOn26_goesBackLikeTheEdgeSwipe() throws {
        let pan = try Fixture.run(Self.midScreen, initial: .pushed, scene: Self.scene())
        #expect(pan.warnings.isEmpty, "\(pan.warnings.map(\.code))")
        #expect(pan.lifecycleEvents.first?.event.kind == .pop(interactive: true))
        #expect(pan.segments.first { $0.kind == .tracking }?.gesture == .edgePan)
        #expect(pan.releases.map(\.gesture) == [.edgePan] && pan.releases.map(\.outcome) == [.finish])
        #expect(pan.final.stack == ["source"])
        // Tracked with the edge swipe's mapping: once both are recognised (the pan's 18 pt slop
        // is wider than the edge swipe's 12 pt dead zone), the card follows the same path.
        let edge = try Fixture.run(
            Finger.drag(.edgePan, from: Point(x: 120, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3, input: .indirect),
            initial: .pushed, scene: Self.scene())
        let late = { (timeline: Timeline) in timeline.keyframes.filter { $0.time >= 0.3 && $0.time <= 0.4 }.map(\.mask.rect.midX) }
        #expect(!late(pan).isEmpty)
        for (a, b) in zip(late(pan), late(edge)) { #expect(abs(a - b) < 6) }
    }

    @Test("short content swipe on 26 cancels as the edge swipe does") func shortContentSwipeOn26_cancelsAsTheEdgeSwipeDoes() throws {
        let short = Finger.drag(.pan, from: Point(x: 150, y: 400), to: Point(x: 230, y: 405), start: 0.1, duration: 0.3, hold: 0.1)
        let timeline = try Fixture.run(short, initial: .pushed, scene: Self.scene())
        #expect(timeline.releases.map(\.outcome) == [.cancel] && timeline.releases.map(\.gesture) == [.edgePan])
        #expect(timeline.final.stack == ["source", "destination"])
    }

    @Test("before 26 a mid screen pan is no back swipe", arguments: [OSVersion(major: 18), OSVersion(major: 25, minor: 9)])
    func before26_aMidScreenPanIsNoBackSwipe(_ version: OSVersion) throws {
        let pan = try Fixture.run(Self.midScreen, initial: .pushed, scene: Self.scene(Platform(os: .iOS, version: version)))
        #expect(pan.warnings.map(\.code) == [.swipeNotDownward])
        #expect(pan.lifecycleEvents.isEmpty && pan.final.stack == ["source", "destination"])
        // No version is the iOS 18 behaviour too.
        let current = try Fixture.run(Self.midScreen, initial: .pushed)
        #expect(current.warnings.map(\.code) == [.swipeNotDownward])
    }

    @Test("the wrong way or on a presented page is no back swipe") func theWrongWay_orOnAPresentedPage_isNoBackSwipe() throws {
        let leftwards = Finger.drag(.pan, from: Point(x: 300, y: 400), to: Point(x: 40, y: 410), start: 0.1, duration: 0.3)
        #expect(try Fixture.run(leftwards, initial: .pushed, scene: Self.scene()).warnings.map(\.code) == [.swipeNotDownward])
        let presented = try Fixture.run(Self.midScreen, initial: .presented, scene: Self.scene())
        #expect(presented.warnings.map(\.code) == [.swipeNotDownward])
        // A swipe down is still the swipe-down dismissal, not a back swipe.
        let down = Finger.drag(.pan, from: Point(x: 200, y: 300), to: Point(x: 210, y: 700), start: 0.1, duration: 0.3)
        let swipe = try Fixture.run(down, initial: .pushed, scene: Self.scene())
        #expect(swipe.segments.first { $0.kind == .tracking }?.gesture == .pan)
    }

    /// Scroll precedence: a horizontally scrolling page that is not at its start scrolls (as the
    /// "Zoom transitions" guide says of the slide's back swipe); at its start, or a vertically
    /// scrolled page, the swipe goes back. A trackpad's swipe always goes back.
    @Test("scroll views keep precedence when not at their start") func scrollViews_keepPrecedenceWhenNotAtTheirStart() throws {
        let scrolled = DestinationScroll(contentOffset: Point(x: 40, y: 0), scrollsHorizontally: true)
        let refused = try Fixture.run(Self.midScreen, initial: .pushed, scene: Self.scene(), scroll: scrolled)
        #expect(refused.warnings.map(\.code) == [.scrollViewNotAtStart])
        #expect(refused.lifecycleEvents.isEmpty)
        let atStart = DestinationScroll(contentOffset: Point(x: 0, y: 500), scrollsHorizontally: true, scrollsVertically: true)
        let back = try Fixture.run(Self.midScreen, initial: .pushed, scene: Self.scene(), scroll: atStart)
        #expect(back.lifecycleEvents.first?.event.kind == .pop(interactive: true))
        let trackpad = Finger.drag(.pan, from: Point(x: 120, y: 400), to: Point(x: 380, y: 410), start: 0.1, duration: 0.3, input: .indirect)
        let wins = try Fixture.run(trackpad, initial: .pushed, scene: Self.scene(), scroll: scrolled)
        #expect(wins.lifecycleEvents.first?.event.kind == .pop(interactive: true))
    }

    /// The slide's back swipe (a page pushed without the zoom) takes the content swipe on 26 too.
    @Test("slide push on 26 goes back from mid screen") func slidePushOn26_goesBackFromMidScreen() throws {
        var scene = Self.scene(Platform(os: .iOS, version: OSVersion(major: 26), framework: .swiftUI))
        scene.source = .matched([MatchedSource(id: "a", namespace: "grid", frame: Fixture.thumbnail)])
        let timeline = try Fixture.run(Self.midScreen, initial: .pushed, scene: scene)
        #expect(timeline.warnings.isEmpty, "\(timeline.warnings.map(\.code))")
        #expect(timeline.releases.map(\.outcome) == [.finish] && timeline.final.stack == ["source"])
        SlideBackSwipeTests.expectSlide(timeline)
        var old = scene
        old.platform.version = OSVersion(major: 18)
        #expect(throws: TimelineFailure.self) { try Fixture.run(Self.midScreen, initial: .pushed, scene: old) }
    }

    /// Right-to-left: the mirrored swipe goes back the same way, its keyframes the mirror image.
    @Test("right to left mirrors the direction") func rightToLeft_mirrorsTheDirection() throws {
        let ltr = try Fixture.run(Self.midScreen, initial: .pushed, scene: Self.scene())
        let mirrored = Finger.drag(.pan, from: Point(x: 402 - 120, y: 400), to: Point(x: 402 - 380, y: 410), start: 0.1, duration: 0.3)
        var rtlScene = Self.scene(container: Fixture.rtlContainer)
        let thumbnail = Fixture.thumbnail
        rtlScene.source = .view(
            SourceView(frame: Rect(x: 402 - thumbnail.maxX, y: thumbnail.y, width: thumbnail.width, height: thumbnail.height), cornerRadius: 12))
        let rtl = try Fixture.run(mirrored, initial: .pushed, scene: rtlScene)
        #expect(rtl.releases.map(\.outcome) == ltr.releases.map(\.outcome))
        #expect(rtl.keyframes.count == ltr.keyframes.count)
        for (a, b) in zip(ltr.keyframes, rtl.keyframes) {
            #expect(abs(a.mask.rect.midX - (402 - b.mask.rect.midX)) < 1e-6, "t \(a.time)")
            #expect(abs(a.mask.rect.midY - b.mask.rect.midY) < 1e-6)
        }
        // The LTR direction in an RTL layout is no back swipe.
        let wrongWay = try Fixture.run(Self.midScreen, initial: .pushed, scene: Self.scene(container: Fixture.rtlContainer))
        #expect(wrongWay.warnings.map(\.code) == [.swipeNotDownward])
    }

    /// Random finger pans on random pushed pages: on 26 a pan is tracked as the back swipe
    /// exactly when it leaves its slop horizontally toward the trailing side; before 26 never.
    @Test("seeded property content swipe is the back swipe exactly when horizontal toward the trailing side")
    func seededProperty_contentSwipeIsTheBackSwipeExactlyWhenHorizontalTowardTheTrailingSide() throws {
        var random = SeededGenerator(seed: 0x2026_0252)
        for _ in 0..<60 {
            let rtl = random.chance(0.5)
            let container = rtl ? Fixture.rtlContainer : Fixture.container
            let from = Point(x: random.double(in: 30...372), y: random.double(in: 100...800))
            let angle = random.double(in: 0...(2 * Double.pi))
            let length = random.double(in: 40...300)
            let to = Point(x: from.x + length * cos(angle), y: from.y + length * sin(angle))
            let path = Finger.drag(.pan, from: from, to: to, start: 0.1, duration: random.double(in: 0.1...0.4))
            let trailing = (to.x - from.x) * (rtl ? -1 : 1)
            let isBack = trailing > 0 && abs(to.x - from.x) > abs(to.y - from.y)
            let on26 = try Fixture.run(path, initial: .pushed, scene: Self.scene(container: container))
            let tracked = on26.segments.first { $0.kind == .tracking }?.gesture
            #expect((tracked == .edgePan) == isBack, "from \(from) to \(to) rtl \(rtl)")
            if isBack { #expect(on26.lifecycleEvents.first?.event.kind == .pop(interactive: true)) }
            let before = try Fixture.run(
                path, initial: .pushed, scene: Self.scene(Platform(os: .iOS, version: OSVersion(major: 18)), container: container))
            #expect(before.segments.allSatisfy { $0.gesture != .edgePan })
        }
    }
}
