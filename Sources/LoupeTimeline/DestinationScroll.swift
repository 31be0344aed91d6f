import LoupeGeometry

/// The destination's main scroll view, which gets the first say over a gesture ("Zoom transitions"
/// guide, "Gestures": "the system will give that scroll view precedence").
///
/// The state is taken as constant over the timeline: a gesture the scroll view claims scrolls or
/// zooms it, and whether a later gesture dismisses is decided by this same state.
public struct DestinationScroll: Sendable, Hashable {
    /// `UIScrollView.zoomScale`.
    public var zoomScale: Double
    /// `UIScrollView.minimumZoomScale`. Pinch dismisses only when `zoomScale <= minimumZoomScale`.
    public var minimumZoomScale: Double
    /// `UIScrollView.contentOffset` in points. A vertically scrolling page dismisses by swipe only
    /// when `contentOffset.y <= 0` (scrolled to the top).
    public var contentOffset: Point
    public var scrollsHorizontally: Bool
    public var scrollsVertically: Bool

    public init(
        zoomScale: Double = 1, minimumZoomScale: Double = 1, contentOffset: Point = .zero,
        scrollsHorizontally: Bool = false, scrollsVertically: Bool = false
    ) {
        self.zoomScale = zoomScale
        self.minimumZoomScale = minimumZoomScale
        self.contentOffset = contentOffset
        self.scrollsHorizontally = scrollsHorizontally
        self.scrollsVertically = scrollsVertically
    }

    /// True when the scroll view is zoomed in and so takes a pinch for itself.
    public var isZoomedIn: Bool { zoomScale > minimumZoomScale }

    /// True when the scroll view scrolls vertically and is not at the top, so it takes a downward
    /// swipe for itself ("dismissal is only possible when scrolled to the top").
    public var isScrolledDown: Bool { scrollsVertically && contentOffset.y > 0 }

    /// True when the scroll view scrolls horizontally and is not at its start (`contentOffset.x`
    /// is read as the distance scrolled from the leading edge), so with the default slide it takes
    /// a horizontal swipe for itself ("Zoom transitions" guide).
    public var isScrolledFromStart: Bool { scrollsHorizontally && contentOffset.x > 0 }
}
