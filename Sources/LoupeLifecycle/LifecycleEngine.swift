/// The entry points the planner calls. Pure and synchronous: a script in, a trace out.
public enum LifecycleEngine {
    /// Every problem that can be found without simulating: stack, names, durations, times.
    public static func validate(_ script: LifecycleScript) -> [LifecycleError] {
        ScriptValidator.problems(in: script)
    }

    /// Simulates `script` and returns its trace, final state and notes.
    ///
    /// - Throws: `LifecycleFailure` with every static problem (see `validate`), or else with the
    ///   first simulation error (popping the root, interrupting nothing, ...).
    public static func run(_ script: LifecycleScript) throws(LifecycleFailure) -> LifecycleResult {
        let simulator = try simulate(script)
        return LifecycleResult(trace: simulator.trace, final: simulator.finalState, notes: simulator.notes)
    }

    /// The validated script, played.
    private static func simulate(_ script: LifecycleScript) throws(LifecycleFailure) -> NavigationSimulator {
        let problems = validate(script)
        guard problems.isEmpty else { throw LifecycleFailure(errors: problems) }
        var simulator = NavigationSimulator(script: script)
        do {
            try simulator.run(script.events)
        } catch {
            throw LifecycleFailure(errors: [error])
        }
        return simulator
    }

    /// The callback trace of one uninterrupted transition starting at time 0 and settling at
    /// `duration`, on the keyframes' clock — what the plans route shows beside its keyframes.
    ///
    /// ```swift
    /// let trace = try LifecycleEngine.trace(of: .push(from: "source", to: "destination"), duration: 0.5)
    /// ```
    public static func trace(
        of transition: SingleTransition, duration: Double, callbackOrder: CallbackOrder = .article
    ) throws(LifecycleFailure) -> [TraceEntry] {
        // Only the trace: every plan asks for one, and the final state would be built for nothing.
        try simulate(transition.script(duration: duration, callbackOrder: callbackOrder)).trace
    }
}

/// One transition between two named view controllers; `from` is on screen before, `to` after.
public enum SingleTransition: Sendable, Hashable {
    case push(from: String, to: String, transition: TransitionStyle = .zoom)
    case pop(from: String, to: String)
    case present(from: String, to: String, style: Presentation.Style = .fullScreen, transition: TransitionStyle = .zoom)
    case dismiss(from: String, to: String, style: Presentation.Style = .fullScreen)

    /// The equivalent one-event script.
    public func script(duration: Double, callbackOrder: CallbackOrder = .article) -> LifecycleScript {
        let timing = TransitionTiming.uniform(duration)
        switch self {
        case .push(let from, let to, let transition):
            return LifecycleScript(
                stack: [from], events: [.push(to, at: 0, transition: transition)], timing: timing, callbackOrder: callbackOrder)
        case .pop(let from, let to):
            return LifecycleScript(stack: [to, from], events: [.pop(at: 0)], timing: timing, callbackOrder: callbackOrder)
        case .present(let from, let to, let style, let transition):
            return LifecycleScript(
                stack: [from], events: [.present(to, at: 0, style: style, transition: transition)], timing: timing,
                callbackOrder: callbackOrder)
        case .dismiss(let from, let to, let style):
            return LifecycleScript(
                stack: [to], presented: [Presentation(from, style: style)], events: [.dismiss(at: 0)], timing: timing,
                callbackOrder: callbackOrder)
        }
    }
}
