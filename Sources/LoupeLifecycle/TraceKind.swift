/// The four kinds of thing a trace records; the raw values are what the API shows as "kind".
public enum TraceKind: String, Sendable, Hashable, CaseIterable {
    case callback
    case state
    case hierarchy
    case delegate
}
