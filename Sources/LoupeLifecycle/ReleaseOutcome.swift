/// How a person lets go of a transition they were dragging.
public enum ReleaseOutcome: String, Sendable, Hashable, CaseIterable {
    /// The transition completes (the pop or dismissal happens).
    case finish
    /// The transition springs back (a cancelled pop or dismissal).
    case cancel
}
