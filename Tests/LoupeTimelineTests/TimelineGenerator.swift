import Foundation
import LoupeGeometry
import LoupeLifecycle
import LoupeTestSupport
import LoupeTimeline

/// Random timeline scripts for property tests: app calls and gestures at random moments, often
/// while a transition runs, so releases, interruptions and supersessions all happen.
enum TimelineGenerator {
    /// A mostly valid script. App calls are chosen from what the timeline so far leaves on screen
    /// (pop/dismiss when the destination is shown, push/present when it is not), found by running
    /// the engine on the prefix. With `spreadToOpen`, pinches on the source screen land on the
    /// thumbnail and mostly open, so spreads drive pushes and presentations.
    static func script(seed: UInt64, frameRate: Double = 1000, spreadToOpen: Bool = false) -> TimelineScript {
        var random = SeededGenerator(seed: seed)
        let initial = random.element(of: InitialPage.allCases)
        let modal = initial == .presented || (initial == .source && random.chance(0.4))
        let rtl = random.chance(0.2)
        let container = Container(width: 402, height: 874, layoutDirection: rtl ? .rightToLeft : .leftToRight)
        let scene = Fixture.scene(container: container, frameRate: frameRate)
        var events: [TimelineEvent] = []
        var time = 0.0
        for _ in 0..<random.int(in: 2...8) {
            time += random.double(in: 0.02...0.5)
            let (shown, busyUntil) = screen(events, initial: initial, scene: scene, spreadToOpen: spreadToOpen)
            if random.chance(0.35) {
                // UIKit refuses a present or dismiss while one runs; wait for it to land.
                if modal, let busyUntil, busyUntil >= time { time = busyUntil + random.double(in: 0.01...0.2) }
                switch (modal, shown) {
                case (false, true): events.append(.pop(at: time))
                case (false, false): events.append(.push(at: time))
                case (true, true): events.append(.dismiss(at: time))
                case (true, false): events.append(.present(at: time))
                }
            } else {
                let gesture: GestureKind = modal ? random.element(of: [.pinch, .pan]) : random.element(of: GestureKind.allCases)
                events += touches(gesture, start: time, rtl: rtl, spreads: spreadToOpen && !shown, random: &random)
                time = events.last?.time ?? time
                // Fingers left down end the script: another touchesBegan would be an error.
                if case .touchesMoved = events.last?.kind { break }
            }
        }
        let scroll =
            random.chance(0.2)
            ? DestinationScroll(
                zoomScale: random.element(of: [1, 2]), contentOffset: Point(x: 0, y: random.element(of: [0, 50])),
                scrollsHorizontally: random.chance(0.5), scrollsVertically: random.chance(0.5)) : nil
        return TimelineScript(scene: scene, initial: initial, events: events, destinationScroll: scroll, spreadToOpen: spreadToOpen)
    }

    /// Whether the destination is on screen after `events`, and until when a transition still runs.
    private static func screen(
        _ events: [TimelineEvent], initial: InitialPage, scene: ZoomScene, spreadToOpen: Bool
    ) -> (shown: Bool, busyUntil: Double?) {
        var prefix = scene
        prefix.animation.frameRate = 30
        let script = TimelineScript(scene: prefix, initial: initial, events: events, spreadToOpen: spreadToOpen)
        guard let timeline = try? TimelineEngine.run(script) else {
            return (initial != .source, nil)
        }
        let shown = timeline.final.states["destination"].map { $0 == .appeared || $0 == .appearing } ?? (initial != .source)
        let busy = timeline.segments.last.flatMap { $0.kind == .idle ? nil : $0.end }
        return (shown, busy)
    }

    /// One gesture: 2–12 samples at 30–240 Hz, fingers moving at up to ~2,500 pt/s, mostly down
    /// and inward so many gestures dismiss; sometimes left down at the end.
    private static func touches(
        _ gesture: GestureKind, start: Double, rtl: Bool, spreads: Bool = false, random: inout SeededGenerator
    ) -> [TimelineEvent] {
        let leading = rtl ? 402.0 - random.double(in: 1...15) : random.double(in: 1...15)
        var point = Point(x: gesture == .edgePan ? leading : random.double(in: 40...360), y: random.double(in: 100...700))
        let spreading = spreads && gesture == .pinch
        if spreading {
            // On the thumbnail (Fixture.thumbnail: 24, 300, 120 × 240).
            point = Point(x: 24 + (point.x - 40) / 320 * 120, y: 300 + (point.y - 100) / 600 * 240)
        }
        var distance = random.double(in: 60...300), angle = random.double(in: -3...3)
        func fingers() -> [Point] {
            guard gesture == .pinch else { return [point] }
            return [
                Point(x: point.x - distance / 2 * cos(angle), y: point.y - distance / 2 * sin(angle)),
                Point(x: point.x + distance / 2 * cos(angle), y: point.y + distance / 2 * sin(angle))
            ]
        }
        var events: [TimelineEvent] = [.touchesBegan(gesture, fingers(), input: random.chance(0.9) ? .direct : .indirect, at: start)]
        var time = start
        let inward = rtl ? -1.0 : 1.0
        for _ in 0..<random.int(in: 1...11) {
            let dt = 1 / random.element(of: [30.0, 60, 120, 240])
            time += dt
            let speed = random.double(in: 0...2500)
            let heading =
                gesture == .edgePan
                ? (inward > 0 ? 0 : Double.pi) + random.double(in: -0.6...0.6)
                : Double.pi / 2 + random.double(in: -1.2...1.2) + (random.chance(0.15) ? Double.pi : 0)
            point.x += speed * dt * cos(heading)
            point.y += speed * dt * sin(heading)
            distance = max(20, distance + random.double(in: spreading ? -300...2500 : -900...300) * dt)
            angle += random.double(in: -6...6) * dt
            events.append(.touchesMoved(fingers(), at: time))
        }
        if random.chance(0.9) {
            events.append(
                random.chance(0.5)
                    ? .touchesEnded(at: time + random.element(of: [0, 0, 0.05, 0.3]))
                    : .touchesEnded(fingers(), at: time + 1 / 240))
        }
        return events
    }

    /// Anything at all: random kinds, times, touch counts and numbers, valid or not.
    static func garbage(seed: UInt64) -> TimelineScript {
        var random = SeededGenerator(seed: seed)
        let numbers: [Double] = [0, 1, -1, 0.5, 400, 1e6, 1e7, -1e300, .nan, .infinity, 59.99, 60, 61]
        func number() -> Double { random.chance(0.7) ? random.double(in: -10...900) : random.element(of: numbers) }
        func points() -> [Point] { (0..<random.int(in: 0...3)).map { _ in Point(x: number(), y: number()) } }
        var events: [TimelineEvent] = []
        var time = 0.0
        for _ in 0..<random.int(in: 0...25) {
            time = random.chance(0.9) ? time + random.double(in: 0...0.3) : number()
            let kind: TimelineEvent.Kind
            switch random.int(in: 0...6) {
            case 0: kind = .push
            case 1: kind = .pop
            case 2: kind = .present
            case 3: kind = .dismiss
            case 4:
                kind = .touchesBegan(
                    gesture: random.element(of: GestureKind.allCases), touches: points(),
                    input: random.element(of: TouchInput.allCases))
            case 5: kind = .touchesMoved(touches: points())
            default: kind = .touchesEnded(touches: points())
            }
            events.append(TimelineEvent(time: time, kind: kind))
        }
        // iOS 26 too (issue 25): its content back swipe and sheets at their detent keep every invariant.
        let platform = random.element(of: [
            Platform.iOS, Platform(os: .tvOS), Platform(os: .iOS, version: OSVersion(major: 17)),
            Platform(os: .iOS, version: OSVersion(major: 26))
        ])
        let style = random.element(of: PresentationStyle.allCases)
        let scene = Fixture.scene(
            platform: platform, destination: Destination(frame: Fixture.fullScreen, presentationStyle: style),
            frameRate: random.element(of: [24, 60, 240]))
        return TimelineScript(
            scene: scene, initial: random.chance(0.3) ? nil : random.element(of: InitialPage.allCases), events: events,
            destinationScroll: random.chance(0.3) ? DestinationScroll(zoomScale: number(), contentOffset: Point(x: number(), y: number())) : nil)
    }
}
