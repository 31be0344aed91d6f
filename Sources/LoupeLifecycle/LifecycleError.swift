/// One thing wrong with a script. Plain values carrying indices (not messages) so the planner
/// decides the wording and tests compare exactly.
public enum LifecycleError: Error, Sendable, Hashable {
    // MARK: Found without simulating (all are reported together)

    /// The navigation stack has no root view controller.
    case emptyStack
    /// A stack entry's name is empty or only whitespace.
    case blankStackName(index: Int)
    /// A stack entry repeats an earlier name; each name is one view controller instance.
    case duplicateStackName(index: Int, name: String)
    /// A pre-existing presentation's name is empty or only whitespace.
    case blankPresentedName(index: Int)
    /// A pre-existing presentation repeats a name already on the stack or presented.
    case duplicatePresentedName(index: Int, name: String)
    /// A duration is negative, not finite, or above `TransitionTiming.maximumDuration`.
    case invalidDuration(TimingField)
    /// More events than `LifecycleScript.maximumEventCount`.
    case tooManyEvents(count: Int, limit: Int)
    /// An event time is negative, not finite, or above `LifecycleScript.maximumTime`.
    case invalidTime(event: Int)
    /// An event time is earlier than the latest time before it.
    case timeWentBackwards(event: Int, previousTime: Double)
    /// A push or present names no view controller (empty or whitespace).
    case blankViewController(event: Int)

    // MARK: Found while simulating (the first one stops the run)

    /// A push or present names a view controller that is already on the stack or presented.
    case viewControllerAlreadyShown(event: Int, name: String)
    /// A pop when only the root view controller is left (after any running transition completed).
    case cannotPopRoot(event: Int)
    /// A push or pop while a presentation covers the navigation controller.
    case navigationCoveredByPresentation(event: Int)
    /// A dismiss with nothing presented.
    case nothingPresented(event: Int)
    /// A present while a presentation or dismissal is running, or a dismiss while a dismissal is
    /// running: UIKit refuses both ("while a presentation or dismiss is in progress").
    case presentationInProgress(event: Int)
    /// An interrupt with no transition running.
    case nothingToInterrupt(event: Int)
    /// An interrupt while a finger already tracks the transition.
    case alreadyTracking(event: Int)
    /// An interrupt of a standard (non-zoom) transition, which cannot be grabbed.
    case notInterruptible(event: Int)
    /// A release with no finger tracking a transition.
    case nothingToRelease(event: Int)
    /// An interactive dismissal of a presentation without the zoom transition, which has no
    /// dismissal gesture ("Zoom transitions" guide, "Gestures").
    case gestureUnavailable(event: Int)

    /// Where the error is in the script.
    public var location: ErrorLocation {
        switch self {
        case .emptyStack: .stack
        case .blankStackName(let index), .duplicateStackName(let index, _): .stackEntry(index)
        case .blankPresentedName(let index), .duplicatePresentedName(let index, _): .presentedEntry(index)
        case .invalidDuration(let field): .timing(field)
        case .tooManyEvents: .events
        case .invalidTime(let event), .timeWentBackwards(let event, _): .event(event, .time)
        case .blankViewController(let event), .viewControllerAlreadyShown(let event, _): .event(event, .viewController)
        case .gestureUnavailable(let event): .event(event, .interactive)
        case .cannotPopRoot(let event), .navigationCoveredByPresentation(let event), .nothingPresented(let event),
            .presentationInProgress(let event), .nothingToInterrupt(let event), .alreadyTracking(let event),
            .notInterruptible(let event), .nothingToRelease(let event):
            .event(event, .type)
        }
    }

    /// A human-readable sentence for logs and default API messages.
    public var message: String {
        switch self {
        case .emptyStack: "The navigation stack needs a root view controller."
        case .blankStackName: "A view controller name must not be blank."
        case .duplicateStackName(_, let name): "\"\(name)\" is already on the stack."
        case .blankPresentedName: "A view controller name must not be blank."
        case .duplicatePresentedName(_, let name): "\"\(name)\" is already on screen."
        case .invalidDuration: "Durations must be finite, at least 0 and at most \(TransitionTiming.maximumDuration) seconds."
        case .tooManyEvents(let count, let limit): "\(count) events is more than the limit of \(limit)."
        case .invalidTime: "Event times must be finite, at least 0 and at most \(LifecycleScript.maximumTime) seconds."
        case .timeWentBackwards(_, let previous): "Event times must not go backwards (previous event at \(previous) s)."
        case .blankViewController: "A view controller name must not be blank."
        case .viewControllerAlreadyShown(_, let name): "\"\(name)\" is already on the stack or presented."
        case .cannotPopRoot: "Cannot pop the root view controller."
        case .navigationCoveredByPresentation: "Cannot push or pop while a presentation covers the navigation controller."
        case .nothingPresented: "Nothing is presented to dismiss."
        case .presentationInProgress: "A presentation or dismissal is already in progress."
        case .nothingToInterrupt: "No transition is running to interrupt."
        case .alreadyTracking: "The running transition is already tracking a finger."
        case .notInterruptible: "Only zoom transitions (and iOS 26's interruptible slide) can be interrupted."
        case .nothingToRelease: "No finger is tracking a transition."
        case .gestureUnavailable: "Only zoom presentations have an interactive dismissal."
        }
    }
}
