/// What the transition actually looks like once platform and presentation style are applied.
public enum TransitionEffect: String, Sendable, Hashable, CaseIterable {
    /// The iOS 18 zoom.
    case zoom
    /// The navigation default: the page slides in from the trailing edge.
    case slide
    /// The modal default: the page rises from the bottom.
    case coverVertical
    /// A popover's own fade (zoom ignored).
    case popover
    /// No animation.
    case none
}
