import LoupeGeometry
import LoupeLifecycle

/// Where an error is, so the API layer can build a JSON pointer (`.touch(3, 1)` →
/// `/events/3/touches/1`).
public enum TimelineErrorLocation: Sendable, Hashable {
    /// The events list as a whole.
    case events
    case event(Int, TimelineEventField)
    /// One touch point of an event.
    case touch(event: Int, index: Int)
    /// The scene the geometry engine planned (see the wrapped `GeometryError`).
    case scene
    /// The output as a whole (too many keyframes).
    case output
}
