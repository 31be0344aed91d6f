/// The stable codes of one engine's warnings, each spelled on the wire by its raw value.
///
/// The associated `Subject` ties each engine's codes to the kind of input they can be about, so a
/// geometry code can never be paired with a timeline event.
public protocol WarningCode: RawRepresentable, Sendable, Hashable, CaseIterable where RawValue == String {
    /// What a warning with one of these codes is about (a field, an event, a view controller).
    associatedtype Subject: Sendable, Hashable
}
