/// The one transition in flight. There is never more than one: a new transition completes the
/// running one first (see `NavigationSimulator.completeRunningTransition`).
struct RunningTransition: Sendable, Hashable {
    enum Phase: Sendable, Hashable {
        /// Animating on its own; it completes with `outcome` when the spring settles at `until`.
        case animating(until: Double, outcome: ReleaseOutcome)
        /// A finger holds it; only a `release` ends this phase.
        case tracking
    }

    var kind: PendingTransition.Kind
    /// The view controller that moves: pushed, popped, presented or dismissed.
    var moving: String
    /// The view controller it covers or reveals, when that one gets callbacks (nil under
    /// overFullScreen, whose presenter keeps its view and gets none).
    var other: String?
    var transition: TransitionStyle
    /// For present and dismiss: how the moving view controller is presented (restored on cancel).
    var presentationStyle: Presentation.Style
    var phase: Phase

    var isTracking: Bool { phase == .tracking }
    var isModal: Bool { kind == .present || kind == .dismiss }
}
