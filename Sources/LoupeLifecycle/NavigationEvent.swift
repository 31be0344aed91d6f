/// One timed input of a lifecycle script: an app call (push, pop, present, dismiss) or a touch
/// (interrupt, release).
public struct NavigationEvent: Sendable, Hashable {
    /// Seconds on the script's clock. Times never go backwards.
    public var time: Double
    public var kind: Kind

    public enum Kind: Sendable, Hashable {
        /// `pushViewController(_:animated: true)`. Forward transitions are always started by code,
        /// never by a gesture ("Zoom transitions" guide, "Gestures"), so a push is never interactive.
        case push(String, transition: TransitionStyle)
        /// `popViewController(animated: true)`, or, when `interactive`, a back gesture that starts a
        /// pop and tracks the finger until a `release`.
        case pop(interactive: Bool)
        /// `present(_:animated: true)` from the topmost view controller.
        case present(String, style: Presentation.Style, transition: TransitionStyle)
        /// `dismiss(animated: true)` of the topmost presentation, or, when `interactive`, a pinch or
        /// swipe-down gesture (zoom only) that tracks until a `release`.
        case dismiss(interactive: Bool)
        /// A touch grabs the running transition (Apple's fluid-transitions article: "If someone
        /// interrupts a navigation push ... begins the navigation pop"). Only zoom transitions can
        /// be grabbed.
        case interrupt
        /// The finger tracking a transition lets go.
        case release(ReleaseOutcome)
    }

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public static func push(_ viewController: String, at time: Double, transition: TransitionStyle = .zoom) -> NavigationEvent {
        NavigationEvent(time: time, kind: .push(viewController, transition: transition))
    }

    public static func pop(at time: Double, interactive: Bool = false) -> NavigationEvent {
        NavigationEvent(time: time, kind: .pop(interactive: interactive))
    }

    public static func present(
        _ viewController: String, at time: Double, style: Presentation.Style = .fullScreen, transition: TransitionStyle = .zoom
    ) -> NavigationEvent {
        NavigationEvent(time: time, kind: .present(viewController, style: style, transition: transition))
    }

    public static func dismiss(at time: Double, interactive: Bool = false) -> NavigationEvent {
        NavigationEvent(time: time, kind: .dismiss(interactive: interactive))
    }

    public static func interrupt(at time: Double) -> NavigationEvent {
        NavigationEvent(time: time, kind: .interrupt)
    }

    public static func release(_ outcome: ReleaseOutcome, at time: Double) -> NavigationEvent {
        NavigationEvent(time: time, kind: .release(outcome))
    }
}
