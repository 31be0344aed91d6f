import LoupeWarnings

/// Drives a validated script: holds the navigation stack, the presentation chain, one state
/// machine per view controller and the running transition, and writes the trace.
///
/// Run-loop cycles: every event is handled in a cycle of its own, and every transition that
/// completes on its own (its spring settles before the next event) completes in a cycle of its
/// own. Everything one event causes — completing a running transition, converting an interrupted
/// push into a pop, starting the new transition — shares that event's cycle, as Apple's
/// fluid-transitions article says of the interrupted push ("within one cycle of the run loop").
struct NavigationSimulator {
    private(set) var trace: [TraceEntry] = []
    private(set) var notes: [Warning<LifecycleWarningCode>] = []
    private var stack: [StackEntry]
    private var presented: [Presentation]
    /// Names on the stack or presented (including one being pushed/presented), for O(1) checks.
    private var shown: Set<String>
    private var machines: [String: ViewControllerMachine] = [:]
    private var balances: [String: CallbackBalance] = [:]
    private var running: RunningTransition?
    private var runLoop = -1
    private var now = 0.0
    private let order: CallbackOrder
    private let timing: TransitionTiming
    /// The most trace entries worth writing: past it the simulation stops (`stoppedAtTraceLimit`).
    private let traceLimit: Int
    /// Whether the simulation stopped because the trace grew past `traceLimit`: the trace is
    /// then the script's first part, and the final state and notes are not the script's.
    private(set) var stoppedAtTraceLimit = false

    /// Sets up the starting screens. Expects a script that passed `ScriptValidator`.
    init(script: LifecycleScript, traceLimit: Int = .max) {
        self.traceLimit = traceLimit
        stack = script.stack.map { StackEntry(name: $0, transition: .zoom) }
        presented = script.presented
        shown = Set(script.stack).union(script.presented.map(\.viewController))
        order = script.callbackOrder
        timing = script.timing
        for name in script.stack { machines[name] = ViewControllerMachine() }
        for presentation in script.presented { machines[presentation.viewController] = ViewControllerMachine() }
        for name in Self.visibleViewControllers(stack: stack, presented: presented) {
            machines[name] = .onScreen
        }
    }

    /// The view controllers whose views are in the hierarchy at rest: the topmost one, and below
    /// it every one whose direct cover is an overFullScreen presentation ("The views beneath the
    /// presented content are not removed", UIModalPresentationStyle docs). Non-top stack entries
    /// are hidden by the navigation controller.
    static func visibleViewControllers(stack: [StackEntry], presented: [Presentation]) -> [String] {
        guard let navigationTop = stack.last?.name else { return [] }
        let layers = [navigationTop] + presented.map(\.viewController)
        var visible: [String] = []
        for (index, name) in layers.enumerated() {
            if index == layers.count - 1 || presented[index].style == .overFullScreen {
                visible.append(name)
            }
        }
        return visible
    }

    // MARK: - Driving the script

    mutating func run(_ events: [NavigationEvent]) throws(LifecycleError) {
        for (index, event) in events.enumerated() {
            settleRunningTransition(upTo: event.time)
            beginCycle(at: event.time)
            try handle(event.kind, index: index)
            if trace.count > traceLimit {
                stoppedAtTraceLimit = true
                return
            }
        }
        settleRunningTransition(upTo: .infinity)
        if let running, running.isTracking {
            note(
                .unreleasedGesture, running.moving,
                "The script ends while a finger still tracks the \(running.kind.rawValue) of \(running.moving): "
                    + "it has had its will-callbacks but no did-callback yet.")
        }
    }

    /// Completes the running transition in its own run-loop cycle if its spring settles by `time`.
    /// A completion at exactly an event's time happens before that event.
    private mutating func settleRunningTransition(upTo time: Double) {
        guard let transition = running, case .animating(let end, let outcome) = transition.phase, end <= time else { return }
        beginCycle(at: end)
        complete(transition, outcome: outcome)
    }

    private mutating func beginCycle(at time: Double) {
        runLoop += 1
        now = time
    }

    private mutating func handle(_ kind: NavigationEvent.Kind, index: Int) throws(LifecycleError) {
        switch kind {
        case .push(let name, let transition):
            completeRunningTransition()
            guard presented.isEmpty else { throw .navigationCoveredByPresentation(event: index) }
            guard !shown.contains(name) else { throw .viewControllerAlreadyShown(event: index, name: name) }
            beginPush(StackEntry(name: name, transition: transition))

        case .pop(let interactive):
            completeRunningTransition()
            guard presented.isEmpty else { throw .navigationCoveredByPresentation(event: index) }
            guard stack.count >= 2 else { throw .cannotPopRoot(event: index) }
            beginPop(interactive: interactive)

        case .present(let name, let style, let transition):
            if let running, running.isModal { throw .presentationInProgress(event: index) }
            completeRunningTransition()
            guard !shown.contains(name) else { throw .viewControllerAlreadyShown(event: index, name: name) }
            beginPresent(Presentation(name, style: style, transition: transition))

        case .dismiss(let interactive):
            if let running, running.kind == .dismiss { throw .presentationInProgress(event: index) }
            completeRunningTransition()
            guard let top = presented.last else { throw .nothingPresented(event: index) }
            if interactive && top.transition != .zoom { throw .gestureUnavailable(event: index) }
            beginDismiss(interactive: interactive)

        case .interrupt:
            guard let transition = running else { throw .nothingToInterrupt(event: index) }
            guard transition.transition.isInterruptible else { throw .notInterruptible(event: index) }
            guard !transition.isTracking else { throw .alreadyTracking(event: index) }
            interrupt(transition)

        case .release(let outcome):
            guard var transition = running, transition.isTracking else { throw .nothingToRelease(event: index) }
            transition.phase = .animating(until: now + timing.settleDuration(after: outcome), outcome: outcome)
            running = transition
        }
    }

    // MARK: - Interruption and overlap

    /// A touch grabs an animating zoom transition.
    ///
    /// Push and present are never cancelled: "the system completes the transition to the appeared
    /// state and begins the navigation pop within one cycle of the run loop" (Apple's
    /// fluid-transitions article), and the pop then tracks the finger. A pop or dismissal simply
    /// starts tracking again: it "either runs to completion or gets interrupted again".
    private mutating func interrupt(_ transition: RunningTransition) {
        switch transition.kind {
        case .push:
            complete(transition, outcome: .finish)
            beginPop(interactive: true)
            note(
                .interruptedPush, transition.moving,
                "A touch interrupted the push of \(transition.moving). UIKit never cancels a push: it completed it "
                    + "(viewDidAppear) and began a pop (viewWillDisappear) in the same run-loop cycle.")
        case .present:
            complete(transition, outcome: .finish)
            beginDismiss(interactive: true)
            note(
                .interruptedPresentation, transition.moving,
                "A touch interrupted the presentation of \(transition.moving). Like a push, it was completed "
                    + "(viewDidAppear) and a dismissal began (viewWillDisappear) in the same run-loop cycle.")
        case .pop, .dismiss:
            var grabbed = transition
            grabbed.phase = .tracking
            running = grabbed
            note(
                transition.kind == .pop ? .interruptedPop : .interruptedDismissal, transition.moving,
                "A touch grabbed the running \(transition.kind.rawValue) of \(transition.moving); "
                    + "it now follows the finger and may still finish or be cancelled.")
        }
    }

    /// Completes the running transition, if any, before a new one starts in the same cycle.
    ///
    /// Apple's fluid-transitions article: "Don't avoid starting a new navigation push or pop ...
    /// the system handles the transitions." An animating transition completes with the outcome it
    /// was heading for; a tracked one completes as finished, because UIKit has already updated the
    /// stack the app sees (`viewControllers` no longer holds the view controller being popped) and
    /// the new transition is applied to that stack.
    private mutating func completeRunningTransition() {
        guard let transition = running else { return }
        let outcome: ReleaseOutcome
        switch transition.phase {
        case .animating(_, let heading): outcome = heading
        case .tracking: outcome = .finish
        }
        complete(transition, outcome: outcome)
        note(
            .overlappingTransition, transition.moving,
            "A new transition started while the \(transition.kind.rawValue) of \(transition.moving) was running; "
                + "UIKit completed that \(transition.kind.rawValue) first, in the same run-loop cycle.")
    }

    // MARK: - Starting transitions
    //
    // Interleaving (classic UIKit logs): the outgoing view controller's
    // will-callback comes before the incoming one's, and at the end the outgoing one's did-callback
    // comes before the incoming one's. navigationController(_:willShow:animated:) comes first and
    // (_:didShow:animated:) last, bracketing the transition.

    private mutating func beginPush(_ entry: StackEntry) {
        guard let covered = stack.last?.name else { return }
        record(entry.name, .delegate(.willShow))
        apply(covered) { $0.willDisappear() }
        apply(entry.name) { $0.willAppear() }
        stack.append(entry)
        shown.insert(entry.name)
        running = RunningTransition(
            kind: .push, moving: entry.name, other: covered, transition: entry.transition,
            presentationStyle: .fullScreen, phase: animatingPhase())
    }

    private mutating func beginPop(interactive: Bool) {
        guard stack.count >= 2, let top = stack.popLast(), let revealed = stack.last?.name else { return }
        record(revealed, .delegate(.willShow))
        apply(top.name) { $0.willDisappear() }
        apply(revealed) { $0.willAppear() }
        shown.remove(top.name)
        running = RunningTransition(
            kind: .pop, moving: top.name, other: revealed, transition: top.transition,
            presentationStyle: .fullScreen, phase: interactive ? .tracking : animatingPhase())
    }

    private mutating func beginPresent(_ presentation: Presentation) {
        guard let presenter = topViewController else { return }
        let covered = presentation.style == .fullScreen ? presenter : nil
        if let covered { apply(covered) { $0.willDisappear() } }
        apply(presentation.viewController) { $0.willAppear() }
        presented.append(presentation)
        shown.insert(presentation.viewController)
        running = RunningTransition(
            kind: .present, moving: presentation.viewController, other: covered,
            transition: presentation.transition, presentationStyle: presentation.style, phase: animatingPhase())
    }

    private mutating func beginDismiss(interactive: Bool) {
        guard let top = presented.popLast(), let presenter = topViewController else { return }
        let revealed = top.style == .fullScreen ? presenter : nil
        apply(top.viewController) { $0.willDisappear() }
        if let revealed { apply(revealed) { $0.willAppear() } }
        shown.remove(top.viewController)
        running = RunningTransition(
            kind: .dismiss, moving: top.viewController, other: revealed, transition: top.transition,
            presentationStyle: top.style, phase: interactive ? .tracking : animatingPhase())
    }

    private func animatingPhase() -> RunningTransition.Phase {
        .animating(until: now + timing.settleDuration, outcome: .finish)
    }

    // MARK: - Completing transitions

    private mutating func complete(_ transition: RunningTransition, outcome: ReleaseOutcome) {
        running = nil
        switch (transition.kind, outcome) {
        case (.push, _), (.present, _):
            // Forward transitions are never cancelled (Apple's fluid-transitions article), whatever
            // the outcome says.
            if let covered = transition.other { apply(covered) { $0.didDisappear() } }
            apply(transition.moving) { $0.didAppear() }
            if transition.kind == .push { record(transition.moving, .delegate(.didShow)) }

        case (.pop, .finish), (.dismiss, .finish):
            apply(transition.moving) { $0.didDisappear() }
            if let revealed = transition.other {
                apply(revealed) { $0.didAppear() }
                if transition.kind == .pop { record(revealed, .delegate(.didShow)) }
            }

        case (.pop, .cancel), (.dismiss, .cancel):
            completeCancelled(transition)
        }
    }

    /// A cancelled pop or dismissal, all in one run-loop cycle (Apple's fluid-transitions article:
    /// "This transition occurs within one cycle of the run loop, so new events can't interrupt
    /// it").
    ///
    /// Revealed view controller first, as logged (classic UIKit logs): viewWillDisappear,
    /// disappearing, removed, viewDidDisappear, disappeared — never viewDidAppear. Then the top view
    /// controller: disappearing → appearing → viewDidAppear → appeared, with a second
    /// viewWillAppear only in `.classic` order. A cancelled pop ends with didShow for the top view
    /// controller, the one actually shown, because the article offers willShow/didShow as the
    /// place to clean up "instead of the view controller callback methods".
    private mutating func completeCancelled(_ transition: RunningTransition) {
        let top = transition.moving
        if let revealed = transition.other {
            apply(revealed) { $0.willDisappear() + $0.didDisappear() }
        }
        let order = order
        apply(top) { $0.cancelDisappearance(order: order) + $0.didAppear() }
        shown.insert(top)
        switch transition.kind {
        case .pop:
            stack.append(StackEntry(name: top, transition: transition.transition))
            record(top, .delegate(.didShow))
        default:
            presented.append(Presentation(top, style: transition.presentationStyle, transition: transition.transition))
        }

        let kind = transition.kind.rawValue
        let topCallbacks =
            order == .article
            ? "viewWillDisappear, then viewDidAppear with no viewWillAppear in between"
            : "viewWillDisappear, then viewWillAppear and viewDidAppear"
        note(
            .cancelledTransition, top,
            "The \(kind) of \(top) was cancelled: it got \(topCallbacks), and stays on screen.")
        if let revealed = transition.other {
            note(
                .cancelledTransition, revealed,
                "The \(kind) that would have revealed \(revealed) was cancelled: it got viewWillAppear, then "
                    + "viewWillDisappear and viewDidDisappear, and never viewDidAppear.")
        }
    }

    // MARK: - Recording

    private var topViewController: String? {
        presented.last?.viewController ?? stack.last?.name
    }

    private mutating func apply(_ name: String, _ change: (inout ViewControllerMachine) -> [TraceEvent]) {
        var machine = machines[name] ?? ViewControllerMachine()
        let events = change(&machine)
        machines[name] = machine
        for event in events { record(name, event) }
    }

    private mutating func record(_ name: String, _ event: TraceEvent) {
        trace.append(TraceEntry(time: now, runLoop: runLoop, viewController: name, event: event))
        guard case .callback(let callback) = event else { return }
        var balance = balances[name] ?? CallbackBalance()
        if let missing = balance.record(callback) {
            note(
                .repeatedCallback, name,
                "\(callback.rawValue) ran again on \(name) before \(missing.rawValue).")
        }
        balances[name] = balance
    }

    private mutating func note(_ code: LifecycleWarningCode, _ name: String, _ message: String) {
        notes.append(Warning(code, message, viewController: name, time: now, runLoop: runLoop))
    }

    // MARK: - Result

    var finalState: FinalState {
        var states: [String: LifecycleState] = [:]
        for (name, machine) in machines { states[name] = machine.state }
        let inHierarchy = machines.filter(\.value.isInHierarchy).map(\.key).sorted()
        return FinalState(
            stack: stack.map(\.name),
            presented: presented,
            states: states,
            viewsInHierarchy: inHierarchy,
            unreleasedGesture: running.map { PendingTransition(kind: $0.kind, viewController: $0.moving) })
    }
}
