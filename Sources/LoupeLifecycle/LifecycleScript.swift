/// Everything the engine needs to simulate one session: the starting screens, the timed events,
/// the durations and which cancelled-pop order to follow.
public struct LifecycleScript: Sendable, Hashable {
    /// The navigation stack, bottom first. Its top view controller starts appeared.
    public var stack: [String]
    /// Presentations already on screen, bottom first (usually empty).
    public var presented: [Presentation]
    public var events: [NavigationEvent]
    public var timing: TransitionTiming
    public var callbackOrder: CallbackOrder

    /// The most events a script may hold; the planner caps requests at the same number, so the
    /// engine's work is bounded (at most a few dozen trace entries per event).
    public static let maximumEventCount = 10_000
    /// The latest event time accepted (seconds). Keeps every time and end time finite.
    public static let maximumTime = 1_000_000_000.0

    public init(
        stack: [String],
        presented: [Presentation] = [],
        events: [NavigationEvent],
        timing: TransitionTiming,
        callbackOrder: CallbackOrder = .article
    ) {
        self.stack = stack
        self.presented = presented
        self.events = events
        self.timing = timing
        self.callbackOrder = callbackOrder
    }
}
