/// Which page is showing when the timeline starts. (A page, not a *screen*: LoupeHTTP screens a
/// request that asks for `100 Continue`, and the device's display is the container.)
public enum InitialPage: String, Sendable, Hashable, CaseIterable {
    /// Only the source's page: the destination is not shown yet (start of a push or present).
    case source
    /// The destination was pushed with the zoom and is at rest on top of the source.
    case pushed
    /// The destination was presented full screen with the zoom and is at rest.
    case presented

    /// The page implied by the first app call: push/present start from the source, pop from a
    /// pushed destination, dismiss from a presented one. With no app call the destination is taken
    /// as pushed, the host in which all three gestures exist.
    public static func inferred(from events: [TimelineEvent]) -> InitialPage {
        for event in events {
            switch event.kind {
            case .push, .present: return .source
            case .pop: return .pushed
            case .dismiss: return .presented
            case .touchesBegan, .touchesMoved, .touchesEnded, .sourceChanged: continue
            }
        }
        return .pushed
    }
}
