import LoupeGeometry
import LoupeLifecycle
import LoupeTimeline

/// Turns springs into the durations the lifecycle engine needs, using the geometry engine's
/// settling time (ε 0.001), so a trace ends exactly when the matching keyframes do.
public enum LifecycleTimingMapper {
    /// After a `release(.finish)`: the landing spring, ω 15 rad/s, ζ 0.75 (measured by
    /// swift_transitions: one spring "holds all rest releases to 2.4 pt"; measured, not official).
    /// The timeline engine's, so a lifecycle trace and a timeline land together.
    public static let finishSpring = GestureModel.measured.finishSpring
    /// After a `release(.cancel)`: the spring back, ω 22 rad/s, ζ 0.9 (measured by swift_transitions).
    public static let cancelSpring = GestureModel.measured.cancelSpring

    /// Non-interactive transitions settle like `spring` (default: the measured zoom spring, the
    /// same default a zoom plan uses); releases settle like the finish and cancel springs.
    public static func timing(for spring: Spring?) -> TransitionTiming {
        TransitionTiming(
            settleDuration: settling(spring ?? .zoom),
            finishSettleDuration: settling(finishSpring),
            cancelSettleDuration: settling(cancelSpring))
    }

    /// Seconds until `spring` settles from rest at 0 to 1 (infinity when it never does; the
    /// engine rejects that as an invalid duration).
    static func settling(_ spring: Spring) -> Double {
        SpringSolution(spring: spring, from: 0, to: 1).settlingDuration()
    }
}
