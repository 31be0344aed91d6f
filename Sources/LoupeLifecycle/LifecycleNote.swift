/// A warning attached to a trace: something happened that the article's guidelines tell the
/// developer to be ready for.
public struct LifecycleNote: Sendable, Hashable {
    /// Stable, machine-readable note codes; the raw values are part of the API.
    public enum Code: String, Sendable, Hashable, CaseIterable {
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
    }

    public var code: Code
    public var viewController: String
    /// A sentence explaining what happened in this trace.
    public var message: String
    /// The guideline of Apple's fluid-transitions article that applies (its exact text is
    /// `guideline.text`).
    public var guideline: Guideline
    public var time: Double
    public var runLoop: Int

    public init(code: Code, viewController: String, message: String, guideline: Guideline, time: Double, runLoop: Int) {
        self.code = code
        self.viewController = viewController
        self.message = message
        self.guideline = guideline
        self.time = time
        self.runLoop = runLoop
    }
}
