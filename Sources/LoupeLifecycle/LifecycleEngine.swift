/// The entry points the planner calls. Pure and synchronous: a script in, a trace out.
public enum LifecycleEngine {
    /// Every problem that can be found without simulating: stack, names, durations, times.
    public static func validate(_ script: LifecycleScript) -> [LifecycleError] {
        ScriptValidator.problems(in: script)
    }

    /// Simulates `script` and returns its trace, final state and warnings (the answer's `notes`).
    ///
    /// - Throws: `LifecycleFailure` with every static problem (see `validate`), or else with the
    ///   first simulation error (popping the root, interrupting nothing, ...).
    public static func run(_ script: LifecycleScript) throws(LifecycleFailure) -> LifecycleResult {
        try run(script, stoppingPast: .max)
    }

    /// `run`, stopped as soon as the trace holds more than `traceLimit` entries: the caller
    /// refuses a trace that long whatever follows, so the rest need not be played (a script of
    /// 10,000 events makes about 150,000 entries; issue 42 §2 bounds what a refusal costs).
    /// The result then says `stoppedAtTraceLimit`, and only its trace means anything.
    public static func run(_ script: LifecycleScript, stoppingPast traceLimit: Int) throws(LifecycleFailure) -> LifecycleResult {
        let simulator = try simulate(script, traceLimit: traceLimit)
        return LifecycleResult(
            trace: simulator.trace, final: simulator.finalState, notes: simulator.notes, stoppedAtTraceLimit: simulator.stoppedAtTraceLimit)
    }

    /// The validated script, played.
    private static func simulate(_ script: LifecycleScript, traceLimit: Int = .max) throws(LifecycleFailure) -> NavigationSimulator {
        let problems = validate(script)
        guard problems.isEmpty else { throw LifecycleFailure(errors: problems) }
        var simulator = NavigationSimulator(script: script, traceLimit: traceLimit)
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
