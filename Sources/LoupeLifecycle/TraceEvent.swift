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
