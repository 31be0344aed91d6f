import LoupeGeometry
import LoupeLifecycle

/// The field of a timeline event an error points at; raw values are the API's field names.
public enum TimelineEventField: String, Sendable, Hashable, CaseIterable {
    case time
    case type
    case gesture
    case touches
    case input
}
