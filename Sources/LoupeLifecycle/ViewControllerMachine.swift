/// The appearance state machine of one view controller.
///
/// Modelled on Hummingbird's `HTTPConnectionStateHandler.StateMachine`: a value type whose
/// mutating event methods return what the event causes, here the callbacks, state changes and
/// hierarchy changes in the exact order of the fluid-transitions article's numbered lists. Each
/// method only takes edges of the state diagram; called in a state where the edge does not exist,
/// it changes nothing and returns nothing, so no sequence of calls can produce an illegal trace.
public struct ViewControllerMachine: Sendable, Hashable {
    public private(set) var state: LifecycleState
    /// Whether the view controller's view is in the window's view hierarchy.
    public private(set) var isInHierarchy: Bool

    /// A view controller that has not appeared yet: disappeared, view not in the hierarchy.
    public init() {
        state = .disappeared
        isInHierarchy = false
    }

    /// A view controller on screen at rest: appeared, view in the hierarchy.
    public static var onScreen: ViewControllerMachine {
        var machine = ViewControllerMachine()
        machine.state = .appeared
        machine.isInHierarchy = true
        return machine
    }

    /// Start appearing (push of this view controller, or pop/dismiss revealing it).
    ///
    /// Apple's fluid-transitions article, push steps 1–4: "Calls viewWillAppear(_:). Adds the
    /// controller's view to the view hierarchy. Calls viewIsAppearing(_:). Transitions to the
    /// appearing state." Only from disappeared.
    public mutating func willAppear() -> [TraceEvent] {
        guard state == .disappeared else { return [] }
        var steps: [TraceEvent] = [.callback(.viewWillAppear)]
        if !isInHierarchy {
            isInHierarchy = true
            steps.append(.hierarchy(.addedToHierarchy))
        }
        steps += [.callback(.viewIsAppearing), .state(.appearing)]
        state = .appearing
        return steps
    }

    /// Finish appearing. Apple's fluid-transitions article, push steps 5–6: "Calls
    /// viewDidAppear(_:). Ends in the appeared state." Only from appearing.
    public mutating func didAppear() -> [TraceEvent] {
        guard state == .appearing else { return [] }
        state = .appeared
        return [.callback(.viewDidAppear), .state(.appeared)]
    }

    /// Start disappearing. Apple's fluid-transitions article, pop steps 1–2: "Calls
    /// viewWillDisappear(_:). Transitions to the disappearing state." From appeared, or from
    /// appearing when a cancelled pop sends the revealed view controller back (classic UIKit
    /// logs).
    public mutating func willDisappear() -> [TraceEvent] {
        guard state == .appeared || state == .appearing else { return [] }
        state = .disappearing
        return [.callback(.viewWillDisappear), .state(.disappearing)]
    }

    /// Finish disappearing. Apple's fluid-transitions article, pop steps 3–5: "Removes the view
    /// from the view hierarchy. Calls viewDidDisappear(_:). Ends in the disappeared state." Only
    /// from disappearing.
    public mutating func didDisappear() -> [TraceEvent] {
        guard state == .disappearing else { return [] }
        var steps: [TraceEvent] = []
        if isInHierarchy {
            isInHierarchy = false
            steps.append(.hierarchy(.removedFromHierarchy))
        }
        state = .disappeared
        return steps + [.callback(.viewDidDisappear), .state(.disappeared)]
    }

    /// Turn a disappearance back into an appearance: the top view controller of a cancelled pop or
    /// dismissal. Only from disappearing; follow with `didAppear()`.
    ///
    /// `.article`: "the system transitions directly to the appearing state" (Apple's
    /// fluid-transitions article) — a state change and no callback. `.classic`: the logged UIKit
    /// order calls viewWillAppear again (classic UIKit logs) and, because UIKit documents
    /// viewIsAppearing as following each viewWillAppear, viewIsAppearing too. The view never left
    /// the hierarchy, so nothing is added.
    public mutating func cancelDisappearance(order: CallbackOrder) -> [TraceEvent] {
        guard state == .disappearing else { return [] }
        state = .appearing
        switch order {
        case .article:
            return [.state(.appearing)]
        case .classic:
            return [.callback(.viewWillAppear), .callback(.viewIsAppearing), .state(.appearing)]
        }
    }
}
