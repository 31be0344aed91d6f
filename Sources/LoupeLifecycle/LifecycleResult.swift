import LoupeWarnings

/// Everything the engine answers for one script.
public struct LifecycleResult: Sendable, Hashable {
    public var trace: [TraceEntry]
    public var final: FinalState
    public var notes: [Warning<LifecycleWarningCode>]

    public init(trace: [TraceEntry], final: FinalState, notes: [Warning<LifecycleWarningCode>]) {
        self.trace = trace
        self.final = final
        self.notes = notes
    }
}
