import LoupeGeometry
import LoupeLifecycle

/// Why a gesture cannot be used where the script uses it.
public enum GestureUnavailability: Sendable, Hashable {
    /// The transition that would be reversed is not a zoom here (another platform, an OS before the
    /// zoom API, a popover): the zoom's dismissal gestures do not exist ("Zoom transitions" guide).
    case notAZoom(TransitionEffect)
    /// A presented zoom has no leading-edge swipe: that is the navigation back gesture ("Zoom
    /// transitions" guide).
    case edgeSwipeNeedsNavigation
}
