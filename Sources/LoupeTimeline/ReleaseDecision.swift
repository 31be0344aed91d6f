import LoupeLifecycle

/// How one release was decided: finish or cancel from where the gesture would come to rest
/// (measured by swift_transitions, not official).
public struct ReleaseDecision: Sendable, Hashable {
    /// Index of the touchesEnded event.
    public var event: Int
    /// Seconds.
    public var time: Double
    public var gesture: GestureKind
    public var outcome: ReleaseOutcome
    /// What was compared: the projected scale (pan, edge swipe; 1 for a gesture that never got past
    /// its slop), the finger-distance ratio (pinch), for iOS 26's swipe from anywhere on a
    /// slide-pushed page the share of the width still to go (1 − projected travel ÷ width), or
    /// for a spread that opens (`spreadToOpen`) the share of the opening still to go, 1 − the
    /// projected progress.
    public var measure: Double
    /// The boundary: finish when `measure < threshold`.
    public var threshold: Double

    public init(event: Int, time: Double, gesture: GestureKind, outcome: ReleaseOutcome, measure: Double, threshold: Double) {
        self.event = event
        self.time = time
        self.gesture = gesture
        self.outcome = outcome
        self.measure = measure
        self.threshold = threshold
    }
}
