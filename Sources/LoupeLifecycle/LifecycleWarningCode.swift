import LoupeWarnings

/// The lifecycle engine's warnings: something happened in a trace that Apple's fluid-transitions
/// article tells the developer to be ready for (the raw values are the wire spelling).
public enum LifecycleWarningCode: String, WarningCode {
    public typealias Subject = LifecycleWarningSubject

    /// A callback ran again before the one that balances it: a will-callback before its
    /// did-callback (viewWillAppear twice before viewDidAppear), or a did-callback before its
    /// opposite (viewDidAppear twice with no viewDidDisappear in between).
    case repeatedCallback = "repeated-callback"
    /// A pop or dismissal was cancelled: the top view controller got viewWillDisappear but stays,
    /// the revealed one got viewWillAppear but never viewDidAppear.
    case cancelledTransition = "cancelled-transition"
    /// A touch grabbed a push: it completed and a pop began in the same run-loop cycle.
    case interruptedPush = "interrupted-push"
    /// A touch grabbed a presentation: it completed and a dismissal began in the same cycle.
    case interruptedPresentation = "interrupted-presentation"
    /// A touch grabbed a running pop; it tracks the finger again.
    case interruptedPop = "interrupted-pop"
    /// A touch grabbed a running dismissal; it tracks the finger again.
    case interruptedDismissal = "interrupted-dismissal"
    /// A new transition started while another ran; the running one was completed first.
    case overlappingTransition = "overlapping-transition"
    /// The script ended while a finger was still tracking a transition.
    case unreleasedGesture = "unreleased-gesture"

    /// The guideline of Apple's fluid-transitions article that applies (its exact text is
    /// `guideline.text`): each kind of event calls for one piece of advice.
    public var guideline: Guideline {
        switch self {
        case .repeatedCallback: .callbacksMayRepeat
        case .cancelledTransition, .interruptedPush, .interruptedPresentation: .cleanUpAtTransitionEnd
        case .interruptedPop, .interruptedDismissal, .unreleasedGesture: .minimizeTransitionState
        case .overlappingTransition: .startNewTransitions
        }
    }
}
