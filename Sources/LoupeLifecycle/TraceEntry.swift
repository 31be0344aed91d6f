/// One line of a lifecycle trace: what happened, to which view controller, when, and in which
/// run-loop cycle.
///
/// `runLoop` exists because Apple's fluid-transitions article makes promises per run-loop cycle
/// ("This transition occurs within one cycle of the run loop, so new events can't interrupt it"):
/// entries that share a `runLoop` number happen without any chance for app code or new input to run
/// between them.
public struct TraceEntry: Sendable, Hashable {
    /// Seconds, on the same clock as the script's event times.
    public var time: Double
    /// The run-loop cycle: every processed event and every transition completion is a new cycle.
    public var runLoop: Int
    public var viewController: String
    public var event: TraceEvent

    public init(time: Double, runLoop: Int, viewController: String, event: TraceEvent) {
        self.time = time
        self.runLoop = runLoop
        self.viewController = viewController
        self.event = event
    }

    public var kind: TraceKind { event.kind }
    public var name: String { event.name }
}
