import LoupeLifecycle

// Shorthands so an expected trace reads like the fluid-transitions article's numbered lists.
extension TraceEvent {
    static let willAppear = TraceEvent.callback(.viewWillAppear)
    static let isAppearing = TraceEvent.callback(.viewIsAppearing)
    static let didAppear = TraceEvent.callback(.viewDidAppear)
    static let willDisappear = TraceEvent.callback(.viewWillDisappear)
    static let didDisappear = TraceEvent.callback(.viewDidDisappear)
    static let added = TraceEvent.hierarchy(.addedToHierarchy)
    static let removed = TraceEvent.hierarchy(.removedFromHierarchy)
    static let appearing = TraceEvent.state(.appearing)
    static let appeared = TraceEvent.state(.appeared)
    static let disappearing = TraceEvent.state(.disappearing)
    static let disappeared = TraceEvent.state(.disappeared)
    static let willShow = TraceEvent.delegate(.willShow)
    static let didShow = TraceEvent.delegate(.didShow)
}

/// The expected entries of one run-loop cycle.
func cycle(_ runLoop: Int, at time: Double, _ steps: [(String, TraceEvent)]) -> [TraceEntry] {
    steps.map { TraceEntry(time: time, runLoop: runLoop, viewController: $0.0, event: $0.1) }
}

/// The fluid-transitions article's push, steps 1–4, for `name`.
func beginsAppearing(_ name: String) -> [(String, TraceEvent)] {
    [(name, .willAppear), (name, .added), (name, .isAppearing), (name, .appearing)]
}

/// The fluid-transitions article's push, steps 5–6.
func endsAppearing(_ name: String) -> [(String, TraceEvent)] {
    [(name, .didAppear), (name, .appeared)]
}

/// The fluid-transitions article's pop, steps 1–2.
func beginsDisappearing(_ name: String) -> [(String, TraceEvent)] {
    [(name, .willDisappear), (name, .disappearing)]
}

/// The fluid-transitions article's pop, steps 3–5.
func endsDisappearing(_ name: String) -> [(String, TraceEvent)] {
    [(name, .removed), (name, .didDisappear), (name, .disappeared)]
}

/// Durations with exact binary fractions, so expected times compare exactly.
let testTiming = TransitionTiming(settleDuration: 0.5, finishSettleDuration: 0.25, cancelSettleDuration: 0.125)

func simulate(
    stack: [String], presented: [Presentation] = [], _ events: [NavigationEvent],
    timing: TransitionTiming = testTiming, order: CallbackOrder = .article
) throws -> LifecycleResult {
    try LifecycleEngine.run(
        LifecycleScript(stack: stack, presented: presented, events: events, timing: timing, callbackOrder: order))
}

/// The errors a script fails with, or [] when it runs.
func errors(
    stack: [String], presented: [Presentation] = [], _ events: [NavigationEvent], timing: TransitionTiming = testTiming
) -> [LifecycleError] {
    do {
        _ = try LifecycleEngine.run(LifecycleScript(stack: stack, presented: presented, events: events, timing: timing))
        return []
    } catch {
        return error.errors
    }
}
