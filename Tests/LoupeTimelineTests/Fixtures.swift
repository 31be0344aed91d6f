import Foundation
import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline

/// Scenes, scripts and measurements shared by the timeline tests: an iPhone 17-sized container
/// (402 × 874 pt) and a 1:2 thumbnail, as in the geometry tests.
enum Fixture {
    static let container = Container(width: 402, height: 874)
    static let rtlContainer = Container(width: 402, height: 874, layoutDirection: .rightToLeft)
    static let fullScreen = Rect(x: 0, y: 0, width: 402, height: 874)
    static let thumbnail = Rect(x: 24, y: 300, width: 120, height: 240)

    static func scene(
        platform: Platform = .iOS, container: Container = Fixture.container,
        destination: Destination = Destination(frame: Fixture.fullScreen), frameRate: Double = 240,
        options: ZoomOptions = ZoomOptions()
    ) -> ZoomScene {
        ZoomScene(
            transition: .push, platform: platform, container: container,
            source: .view(SourceView(frame: thumbnail, cornerRadius: 12)), destination: destination,
            animation: AnimationSettings(frameRate: frameRate), options: options)
    }

    static func script(
        _ events: [TimelineEvent], initial: InitialPage? = nil, scene: ZoomScene = Fixture.scene(),
        scroll: DestinationScroll? = nil
    ) -> TimelineScript {
        TimelineScript(scene: scene, initial: initial, events: events, destinationScroll: scroll)
    }

    static func run(
        _ events: [TimelineEvent], initial: InitialPage? = nil, scene: ZoomScene = Fixture.scene(),
        scroll: DestinationScroll? = nil
    ) throws(TimelineFailure) -> Timeline {
        try TimelineEngine.run(script(events, initial: initial, scene: scene, scroll: scroll))
    }
}

/// Touch scripts: a finger (or two) moving in a straight line at 120 Hz, as UIKit reports them.
enum Finger {
    /// touchesBegan at `from`, touchesMoved every 1/120 s to `to` over `duration`, then (unless
    /// `lift` is false) touchesEnded at the last sample's time and place.
    static func drag(
        _ gesture: GestureKind = .pan, from: Point, to: Point, start: Double, duration: Double,
        input: TouchInput = .direct, hold: Double = 0, lift: Bool = true
    ) -> [TimelineEvent] {
        var events: [TimelineEvent] = [.touchesBegan(gesture, [from], input: input, at: start)]
        let steps = max(1, Int((duration * 120).rounded()))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            events.append(.touchesMoved([Point.lerp(from, to, f)], at: start + duration * f))
        }
        if lift { events.append(.touchesEnded([to], at: start + duration + hold)) }
        return events
    }

    /// Two fingers about `center`, `startDistance` apart at `startAngle`, moving to
    /// `endDistance` apart, turned by `turn` radians, the centre moved by `shift`.
    static func pinch(
        center: Point, startDistance: Double, endDistance: Double, start: Double, duration: Double,
        startAngle: Double = 0, turn: Double = 0, shift: Point = .zero, hold: Double = 0, lift: Bool = true
    ) -> [TimelineEvent] {
        func touches(_ f: Double) -> [Point] {
            let d = startDistance + (endDistance - startDistance) * f
            let angle = startAngle + turn * f
            let c = Point(x: center.x + shift.x * f, y: center.y + shift.y * f)
            let dx = d / 2 * cos(angle), dy = d / 2 * sin(angle)
            return [Point(x: c.x - dx, y: c.y - dy), Point(x: c.x + dx, y: c.y + dy)]
        }
        var events: [TimelineEvent] = [.touchesBegan(.pinch, touches(0), at: start)]
        let steps = max(1, Int((duration * 120).rounded()))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            events.append(.touchesMoved(touches(f), at: start + duration * f))
        }
        if lift { events.append(.touchesEnded(touches(1), at: start + duration + hold)) }
        return events
    }
}
