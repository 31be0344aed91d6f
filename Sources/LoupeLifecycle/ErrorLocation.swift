/// Where in a script an error is, so the planner can build a JSON pointer
/// (`.event(3, .viewController)` → `/events/3/viewController`, `.stackEntry(1)` → `/stack/1`).
public enum ErrorLocation: Sendable, Hashable {
    case stack
    case stackEntry(Int)
    case presentedEntry(Int)
    case events
    case event(Int, EventField)
    case timing(TimingField)
}
