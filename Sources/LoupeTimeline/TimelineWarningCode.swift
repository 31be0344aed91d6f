import LoupeWarnings

/// The timeline engine's warnings: something in the script did not do what it may look like it
/// does, above all a gesture that starts no dismissal (it leaves the keyframes unchanged and says
/// why here), or an option that makes the timeline behave unlike iOS (the raw values are the wire
/// spelling).
public enum TimelineWarningCode: String, WarningCode {
    public typealias Subject = TimelineWarningSubject

    /// A gesture on the source screen: iOS never starts a push or presentation from a gesture
    /// ("Zoom transitions" guide, "Gestures"). With `spreadToOpen` on, also a pinch on the
    /// source that is not a spread starting over the source view.
    case gestureCannotOpen = "gesture-cannot-open"
    /// Pinch on a zoomed-in scroll view: the scroll view zooms out first ("Zoom transitions"
    /// guide).
    case scrollViewZoomedIn = "scroll-view-zoomed-in"
    /// Swipe down on a vertically scrolling page that is not at the top: it scrolls ("Zoom
    /// transitions" guide).
    case scrollViewNotAtTop = "scroll-view-not-at-top"
    /// An edge swipe that does not start at the leading edge (the right edge in right-to-left).
    case notFromLeadingEdge = "not-from-leading-edge"
    /// A one-finger swipe that left its slop sideways or upwards: only a swipe down dismisses.
    case swipeNotDownward = "swipe-not-downward"
    /// Two fingers spreading: iOS has no spread-to-open or spread-to-dismiss ("Zoom
    /// transitions" guide).
    case pinchSpread = "pinch-spread"
    /// The fingers lifted before the gesture got past its slop or dead zone (a tap).
    case gestureNotRecognized = "gesture-not-recognized"
    /// Two fingers too close together to pinch.
    case touchesTooClose = "touches-too-close"
    /// The app started a transition while a finger was down; the finger no longer drives anything.
    case gestureSuperseded = "gesture-superseded"
    /// `spreadToOpen` is on: a spread on the source drives the push or presentation, which iOS
    /// never does ("Zoom transitions" guide: only Photos on iPhone OS 3.2 did). Given for every
    /// timeline with the option on, whether or not a spread happens, so no answer passes for
    /// iOS's.
    case spreadToOpenNotIOS = "spread-to-open-not-ios"
    /// `options.interactiveDismissShouldBegin` is false: a dismissal gesture was vetoed and the
    /// page stays shown.
    case dismissalVetoed = "dismissal-vetoed"
    /// A pinch or swipe down on a popover: iOS installs them though the popover ignores the
    /// zoom, and they trigger its ordinary, non-interactive dismissal ("Zoom transitions" guide).
    case popoverGestureDismisses = "popover-gesture-dismisses"
    /// A touch on a popover whose own transition is running: it cannot be grabbed, and the
    /// installed dismissal gestures only act on a popover shown at rest, so nothing changes.
    case popoverGestureIgnored = "popover-gesture-ignored"
    /// A touch on a running slide push or pop: UIKit's slide cannot be grabbed (only the zoom
    /// is interruptible), so nothing changes.
    case transitionNotInterruptible = "transition-not-interruptible"
    /// A back swipe on a page pushed with the slide whose content scrolls horizontally and is
    /// not at its start: it scrolls ("Zoom transitions" guide: with the default slide you can
    /// only go back with a horizontal swipe if the content is fully scrolled to the start).
    case scrollViewNotAtStart = "scroll-view-not-at-start"
}
