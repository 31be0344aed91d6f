/// A navigation stack entry: a view controller and the transition it was pushed with, which its
/// pop reuses (a view controller's `preferredTransition` drives both directions).
struct StackEntry: Sendable, Hashable {
    var name: String
    var transition: TransitionStyle
}
