import LoupeGeometry

/// A stretch of the timeline with one kind of motion. Segments tile the timeline from 0 to its
/// duration without gaps (zero-length idle stretches are left out).
public struct TimelineSegment: Sendable, Hashable {
    /// What the card does during the segment.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A spring runs: an app call's transition, or the landing or spring-back after a release.
        case animating
        /// A finger holds the card (from the interrupt or the recognised gesture to the release).
        case tracking
        /// Nothing moves.
        case idle
    }

    /// How a segment ended.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The transition completed (animating), or the release decided to complete it (tracking).
        case finished
        /// The spring back came to rest (animating), or the release decided to cancel (tracking).
        case cancelled
        /// A touch grabbed the running transition.
        case interrupted
        /// The app started another transition first; the lifecycle completes this one then.
        case superseded
    }

    /// Seconds.
    public var start: Double
    public var end: Double
    public var kind: Kind
    /// The transition the motion belongs to; nil for idle stretches.
    public var transition: TransitionKind?
    /// nil for idle stretches and for a tracking segment the script ends in.
    public var outcome: Outcome?
    /// The gesture driving a tracking segment.
    public var gesture: GestureKind?

    public init(start: Double, end: Double, kind: Kind, transition: TransitionKind?, outcome: Outcome?, gesture: GestureKind? = nil) {
        self.start = start
        self.end = end
        self.kind = kind
        self.transition = transition
        self.outcome = outcome
        self.gesture = gesture
    }
}
