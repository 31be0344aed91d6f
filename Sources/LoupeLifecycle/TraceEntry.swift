/// The four kinds of thing a trace records; the raw values are what the API shows as "kind".
public enum TraceKind: String, Sendable, Hashable, CaseIterable {
    case callback
    case state
    case hierarchy
    case delegate
}

/// What happened to one view controller at one step of a trace.
///
/// One enum instead of a (kind, name) string pair so that an impossible entry such as a
/// "state" named "viewWillAppear" cannot be built.
public enum TraceEvent: Sendable, Hashable {
    case callback(Callback)
    case state(LifecycleState)
    case hierarchy(HierarchyChange)
    case delegate(DelegateCall)

    /// The entry's kind, as the API reports it.
    public var kind: TraceKind {
        switch self {
        case .callback: .callback
        case .state: .state
        case .hierarchy: .hierarchy
        case .delegate: .delegate
        }
    }

    /// The entry's name, as the API reports it (UIKit's method name, the state or the change).
    public var name: String {
        switch self {
        case .callback(let callback): callback.rawValue
        case .state(let state): state.rawValue
        case .hierarchy(let change): change.rawValue
        case .delegate(let call): call.rawValue
        }
    }
}

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
