/// The guidelines of Apple's fluid-transitions article ("Maintain seamless transitions"), quoted
/// word for word, so every lifecycle warning can show the developer the advice that applies to what just
/// happened.
public enum Guideline: String, Sendable, Hashable, CaseIterable {
    case startNewTransitions
    case minimizeTransitionState
    case callbacksMayRepeat
    case cleanUpAtTransitionEnd
    case cleanUpInNavigationDelegate

    /// The guideline's exact text in Apple's article.
    public var text: String {
        switch self {
        case .startNewTransitions:
            "Don’t avoid starting a new navigation push or pop based on whether a transition is currently running. "
                + "Let the new push or pop start, and the system handles the transitions."
        case .minimizeTransitionState:
            "Keep temporary transition state to a minimum, and avoid making other code dependent on that state."
        case .callbacksMayRepeat:
            "Implement your callback methods so that the system can safely call them multiple times. "
                + "The system might call these methods more than once before calling anything that uses or cleans up the results."
        case .cleanUpAtTransitionEnd:
            "If you need to track some state during a transition, clean it up in viewDidAppear(_:) or viewDidDisappear(_:). "
                + "The system calls these at the end of the transition."
        case .cleanUpInNavigationDelegate:
            "If you’re using a navigation control delegate, you can use navigationController(_:willShow:animated:) and "
                + "navigationController(_:didShow:animated:) to clean up instead of the view controller callback methods."
        }
    }
}
