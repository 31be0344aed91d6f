import LoupeWarnings

/// Where a script leaves the screens.
public struct FinalState: Sendable, Hashable {
    /// The navigation stack, bottom first, as `viewControllers` reports it.
    public var stack: [String]
    /// The presentation chain, bottom first; empty when nothing is presented.
    public var presented: [Presentation]
    /// Every view controller the script mentioned, including popped and dismissed ones.
    public var states: [String: LifecycleState]
    /// The view controllers whose views are in the hierarchy, sorted by name.
    public var viewsInHierarchy: [String]
    /// A transition a finger still holds when the script ends (nil when everything settled).
    public var unreleasedGesture: PendingTransition?

    public init(
        stack: [String], presented: [Presentation], states: [String: LifecycleState], viewsInHierarchy: [String],
        unreleasedGesture: PendingTransition?
    ) {
        self.stack = stack
        self.presented = presented
        self.states = states
        self.viewsInHierarchy = viewsInHierarchy
        self.unreleasedGesture = unreleasedGesture
    }

    /// The topmost view controller: the last presented one, else the top of the stack.
    public var topViewController: String? {
        presented.last?.viewController ?? stack.last
    }
}
