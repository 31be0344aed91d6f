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

extension Presentation {
    /// How a presented view controller covers its presenter. (Nested so it never clashes with
    /// LoupeGeometry's wider `PresentationStyle` in modules that import both.)
    ///
    /// Zoom only works full screen ("Zoom transitions" guide: sheets become full screen), so these
    /// are the two styles that matter: `fullScreen` removes the presenter's view when the
    /// presentation completes, `overFullScreen` leaves it in the hierarchy
    /// (UIModalPresentationStyle docs).
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case fullScreen
        case overFullScreen
    }
}

/// How a person lets go of a transition they were dragging.
public enum ReleaseOutcome: String, Sendable, Hashable, CaseIterable {
    /// The transition completes (the pop or dismissal happens).
    case finish
    /// The transition springs back (a cancelled pop or dismissal).
    case cancel
}

extension PendingTransition {
    /// The four transitions the engine knows. (Nested so it never clashes with LoupeGeometry's
    /// `TransitionKind` in modules that import both.)
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case push
        case pop
        case present
        case dismiss
    }
}

/// Which of the documented orders a cancelled pop or dismissal follows.
///
/// Apple's article "Enhancing your app with fluid transitions" contradicts itself on the cancelled
/// pop (its caption and its diagram against its step list), and classic UINavigationController
/// logs differ again. Both defensible readings are offered; docs/behaviour.md ("Cancelled pop")
/// explains the choice.
public enum CallbackOrder: String, Sendable, Hashable, CaseIterable {
    /// The article's state diagram and figure caption: the top view controller goes from
    /// disappearing directly to appearing and gets viewDidAppear, with no second viewWillAppear.
    case article
    /// The logged UIKit order: the top view controller gets a second viewWillAppear (and, by the
    /// documented pairing, viewIsAppearing) before viewDidAppear.
    case classic
}
