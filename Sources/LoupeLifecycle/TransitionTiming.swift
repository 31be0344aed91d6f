/// How long transitions take, supplied by the caller.
///
/// The lifecycle engine does no physics: the spring lives in LoupeGeometry, which this module
/// must not import. The planner asks the geometry engine when its springs settle and passes the
/// durations here, so the callback trace and the keyframes end at the same instant.
public struct TransitionTiming: Sendable, Hashable {
    /// Seconds from the start of a non-interactive push, pop, present or dismiss until its spring
    /// settles (when viewDidAppear / viewDidDisappear run).
    public var settleDuration: Double
    /// Seconds from a `release(.finish)` until the spring that completes the transition settles.
    public var finishSettleDuration: Double
    /// Seconds from a `release(.cancel)` until the spring back settles.
    public var cancelSettleDuration: Double

    /// The longest duration accepted, so `time + duration` can never overflow or go infinite.
    public static let maximumDuration = 3600.0

    public init(settleDuration: Double, finishSettleDuration: Double? = nil, cancelSettleDuration: Double? = nil) {
        self.settleDuration = settleDuration
        self.finishSettleDuration = finishSettleDuration ?? settleDuration
        self.cancelSettleDuration = cancelSettleDuration ?? settleDuration
    }

    /// The same duration for every spring; handy for tests and single-transition traces.
    public static func uniform(_ duration: Double) -> TransitionTiming {
        TransitionTiming(settleDuration: duration)
    }

    func settleDuration(after outcome: ReleaseOutcome) -> Double {
        switch outcome {
        case .finish: finishSettleDuration
        case .cancel: cancelSettleDuration
        }
    }
}
