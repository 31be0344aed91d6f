import LoupeConformance
import LoupeGeometry
import LoupeTestSupport

/// Plans and recordings for the conformance tests: an iPhone-sized push from a grid thumbnail,
/// and recordings made from it (as a player that plays it exactly would record them) or from
/// other curves (as a player that does not).
enum Recordings {
    static let container = Container(width: 402, height: 874)
    static let thumbnail = Rect(x: 16, y: 120, width: 110, height: 160)

    static func scene(_ transition: TransitionKind = .push, spring: Spring? = nil) -> ZoomScene {
        ZoomScene(
            transition: transition, platform: .iOS, container: container,
            source: .view(SourceView(frame: thumbnail, cornerRadius: 8)),
            destination: Destination(frame: Rect(x: 0, y: 0, width: 402, height: 874)),
            animation: AnimationSettings(spring: spring), options: ZoomOptions())
    }

    static func plan(_ transition: TransitionKind = .push, spring: Spring? = nil) throws -> ZoomPlan {
        try GeometryEngine.plan(scene(transition, spring: spring))
    }

    /// What a recorder sees of a card whose box (and opacities) at time `t` since the motion
    /// began are `pose(t)`: frames every 1/`rate` s from `lead` s before the start to `tail` s
    /// after `span`, on a clock on which the motion starts at `shift` plus `phase` of a frame,
    /// each value off by up to `noise` (points; a fiftieth of it for opacities).
    static func record(
        _ pose: (Double) -> CardSample, span: Double, rate: Double, shift: Double, phase: Double = 0, noise: Double = 0,
        lead: Double = 0.05, tail: Double = 0.1, generator: inout SeededGenerator
    ) -> [ObservedFrame] {
        var frames: [ObservedFrame] = []
        let count = Int(((lead + span + tail) * rate).rounded(.up))
        for k in 0...count {
            let sinceStart = Double(k) / rate - lead + phase / rate
            var sample = pose(sinceStart)
            func jitter(_ value: Double, _ amplitude: Double) -> Double { value + generator.double(in: -amplitude...amplitude) }
            if noise > 0 {
                sample.card = Rect(
                    x: jitter(sample.card.x, noise), y: jitter(sample.card.y, noise), width: jitter(sample.card.width, noise),
                    height: jitter(sample.card.height, noise))
                sample.cornerRadius = sample.cornerRadius.map { jitter($0, noise / 2) }
                sample.dimming = sample.dimming.map { min(1, max(0, jitter($0, noise / 50))) }
                sample.sourceContent = sample.sourceContent.map { min(1, max(0, jitter($0, noise / 50))) }
            }
            frames.append(ObservedFrame(time: shift + sinceStart, sample: sample))
        }
        return frames
    }

    /// The plan's own card at `t` (held before 0 and after the end).
    static func planPose(_ plan: ZoomPlan) -> (Double) -> CardSample {
        let motion = ExpectedMotion(plan: plan)
        return { motion.sample(at: $0) }
    }

    /// A card that goes from the plan's first box to its last along a cubic Bézier easing over
    /// `duration` (CSS `ease` is (0.25, 0.1, 0.25, 1); Flutter's `Curves.fastOutSlowIn` is
    /// (0.4, 0, 0.2, 1)), its opacities and radius following the same progress.
    static func easedPose(_ plan: ZoomPlan, duration: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> (Double) -> CardSample {
        let motion = ExpectedMotion(plan: plan)
        let start = motion.sample(at: 0)
        let end = motion.sample(at: plan.duration)
        return { time in
            let p = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).value(at: min(1, max(0, time / duration)))
            func mix(_ a: Double?, _ b: Double?) -> Double? { a.flatMap { a in b.map { a + ($0 - a) * p } } }
            return CardSample(
                card: Rect.lerp(start.card, end.card, p), cornerRadius: mix(start.cornerRadius, end.cornerRadius),
                dimming: mix(start.dimming, end.dimming), sourceContent: mix(start.sourceContent, end.sourceContent))
        }
    }
}

/// CSS's cubic-bezier() timing function: y for x, by Newton's method then bisection.
struct CubicBezier {
    var x1, y1, x2, y2: Double

    private func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    func value(at x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<60 {
            let current = coordinate(t, x1, x2)
            if abs(current - x) < 1e-12 { break }
            if current < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return coordinate(t, y1, y2)
    }
}
