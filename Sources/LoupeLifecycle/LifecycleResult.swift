import LoupeWarnings

/// Everything the engine answers for one script.
public struct LifecycleResult: Sendable, Hashable {
    public var trace: [TraceEntry]
    public var final: FinalState
    public var notes: [Warning<LifecycleWarningCode>]
    /// The simulation stopped once the trace held more entries than the caller's limit
    /// (`LifecycleEngine.run(_:stoppingPast:)`): `trace` is the script's first part only.
    public var stoppedAtTraceLimit: Bool

    public init(trace: [TraceEntry], final: FinalState, notes: [Warning<LifecycleWarningCode>], stoppedAtTraceLimit: Bool = false) {
        self.trace = trace
        self.final = final
        self.notes = notes
        self.stoppedAtTraceLimit = stoppedAtTraceLimit
    }
}
