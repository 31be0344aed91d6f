import LoupeLifecycle

/// One event of the equivalent lifecycle script, on the timeline's clock.
public struct LifecycleLink: Sendable, Hashable {
    /// The event as the lifecycle engine gets it (time in timeline seconds).
    public var event: NavigationEvent
    /// Index of the timeline event that caused it (a touchesBegan for an interrupt, the
    /// touchesMoved that got a swipe past its slop for an interactive pop, the touchesEnded for a
    /// release).
    public var timelineEvent: Int
    /// When the spring this event starts comes to rest, if it does so before the next lifecycle
    /// event; that is when the lifecycle completes the transition.
    public var settlesAt: Double?

    public init(event: NavigationEvent, timelineEvent: Int, settlesAt: Double?) {
        self.event = event
        self.timelineEvent = timelineEvent
        self.settlesAt = settlesAt
    }
}
