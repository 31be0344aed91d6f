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
    /// Reduce Motion (`options.reduceMotion`): the system cross-fades the page in place instead of
    /// zooming it; no scale, no card.
    case crossfade
    /// No animation.
    case none
}
