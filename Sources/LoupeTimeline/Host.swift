import LoupeGeometry

/// Where the destination lives: on the navigation stack or presented modally. The two hosts plan
/// different geometry (sheets become full screen, popovers do not zoom) and offer different
/// gestures (no edge swipe for a presentation).
enum Host: Sendable, Hashable {
    case navigation
    case presentation

    init(_ transition: TransitionKind) {
        self = transition.isModal ? .presentation : .navigation
    }

    /// The transition that shows the destination in this host.
    var forward: TransitionKind { self == .navigation ? .push : .present }
    /// The transition that takes it away again.
    var reverse: TransitionKind { self == .navigation ? .pop : .dismiss }
}
