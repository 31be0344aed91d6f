import LoupeGeometry
import LoupeTimeline

/// The card as the engine moves it, to evaluate at any instant: a plan's spring or a timeline's
/// motion, never an interpolation between keyframes (a recording's frames fall between them).
public struct ExpectedMotion: Sendable {
    enum Source: Sendable {
        case plan(ZoomPlan)
        case timeline(TimelineMotion)
    }

    let source: Source
    /// Seconds from 0 to rest: the card holds its first pose before 0 and its last after.
    public let duration: Double

    /// A plan's motion (its spring, geometry and direction).
    public init(plan: ZoomPlan) {
        source = .plan(plan)
        duration = plan.duration
    }

    /// A timeline's motion.
    public init(timeline: TimelineMotion) {
        source = .timeline(timeline)
        duration = timeline.duration
    }

    /// The card at `time` on the expected clock.
    public func sample(at time: Double) -> CardSample {
        switch source {
        case .plan(let plan):
            return CardSample(plan.keyframe(at: time))
        case .timeline(let motion):
            guard let keyframe = motion.keyframe(at: time) else { return CardSample(card: .zero) }
            return CardSample(keyframe)
        }
    }
}
