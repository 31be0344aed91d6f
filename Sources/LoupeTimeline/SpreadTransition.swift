import LoupeGeometry

/// The forward transition a spread on the source drives when `spreadToOpen` is on
/// (`options.spreadTransition`). A request may name it because a timeline with no app call has
/// nothing else to say whether the destination is pushed or presented: the destination's
/// `presentationStyle` always has a value (default fullScreen), so it cannot tell.
public enum SpreadTransition: String, Sendable, Hashable, CaseIterable {
    case push
    case present

    var host: Host { self == .push ? .navigation : .presentation }
}
