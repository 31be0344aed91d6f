/// The field of an event that an error points at; raw values are the API's field names.
public enum EventField: String, Sendable, Hashable, CaseIterable {
    case time
    case type
    case viewController
    case interactive
}
