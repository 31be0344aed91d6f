/// Something in the script did not do what it may look like it does: above all a gesture that
/// starts no dismissal (it leaves the keyframes unchanged and says why here).
public struct TimelineWarning: Sendable, Hashable {
    /// Stable codes; the raw values are the wire spelling.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A gesture on the source screen: iOS never starts a push or presentation from a gesture
        /// (seed 000, "Gestures").
        case gestureCannotOpen = "gesture-cannot-open"
        /// Pinch on a zoomed-in scroll view: the scroll view zooms out first (seed 000).
        case scrollViewZoomedIn = "scroll-view-zoomed-in"
        /// Swipe down on a vertically scrolling page that is not at the top: it scrolls (seed 000).
        case scrollViewNotAtTop = "scroll-view-not-at-top"
        /// Edge swipe with a trackpad or mouse: the leading-edge swipe needs a finger (seed 000).
        case edgeSwipeNeedsDirectTouch = "edge-swipe-needs-direct-touch"
        /// An edge swipe that does not start at the leading edge (the right edge in right-to-left).
        case notFromLeadingEdge = "not-from-leading-edge"
        /// A one-finger swipe that left its slop sideways or upwards: only a swipe down dismisses.
        case swipeNotDownward = "swipe-not-downward"
        /// Two fingers spreading: iOS has no spread-to-open or spread-to-dismiss (seed 000).
        case pinchSpread = "pinch-spread"
        /// The fingers lifted before the gesture got past its slop or dead zone (a tap).
        case gestureNotRecognized = "gesture-not-recognized"
        /// Two fingers too close together to pinch.
        case touchesTooClose = "touches-too-close"
        /// The app started a transition while a finger was down; the finger no longer drives anything.
        case gestureSuperseded = "gesture-superseded"
    }

    public var code: Code
    /// One or two sentences for a developer; prose, may change (the code is the contract).
    public var message: String
    /// Index of the event the warning is about.
    public var event: Int

    public init(_ code: Code, _ message: String, event: Int) {
        self.code = code
        self.message = message
        self.event = event
    }
}
