/// What a timeline warning is about: one event, or an option that concerns the whole timeline.
public enum TimelineWarningSubject: Sendable, Hashable {
    /// Index of the event.
    case event(Int)
    /// The name of the script option (the API's member of `options`, e.g. "spreadToOpen").
    case option(String)
}
