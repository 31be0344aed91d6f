/// Which animation a push or presentation uses: the view controller's `preferredTransition`.
///
/// It matters to the lifecycle because only the fluid zoom transition can be grabbed while it
/// runs (Apple's fluid-transitions article: "People can then grab, drag, and control the
/// transitions when they begin and anytime during their animation"); a standard slide cannot be
/// interrupted, and a standard full-screen cover has no interactive dismissal ("Zoom transitions"
/// guide, "Gestures").
public enum TransitionStyle: String, Sendable, Hashable, CaseIterable {
    case zoom
    case standard
}
