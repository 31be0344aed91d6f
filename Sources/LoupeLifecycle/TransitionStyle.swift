/// Which animation a push or presentation uses: the view controller's `preferredTransition`.
///
/// It matters to the lifecycle because only the fluid zoom transition can be grabbed while it
/// runs (Apple's fluid-transitions article: "People can then grab, drag, and control the
/// transitions when they begin and anytime during their animation"); a standard slide cannot be
/// interrupted, and a standard full-screen cover has no interactive dismissal ("Zoom transitions"
/// guide, "Gestures").
///
/// iOS 26 made the navigation slide interruptible too (WWDC25, "Build a UIKit app with the new
/// design": it "brings the same fluidity to the standard navigation slide transition"): that
/// slide is `interruptibleSlide` (issue 35 §1).
public enum TransitionStyle: String, Sendable, Hashable, CaseIterable {
    case zoom
    case standard
    /// iOS 26's navigation slide: grabbed while it runs, like the zoom, with the same
    /// interrupted-transition callbacks (Apple's fluid-transitions article).
    case interruptibleSlide

    /// Whether a touch may grab the transition while it runs (lifecycle `interrupt`).
    public var isInterruptible: Bool { self != .standard }
}
