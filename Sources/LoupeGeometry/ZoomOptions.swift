/// Loupe's own knobs beyond what iOS offers.
public struct ZoomOptions: Sendable, Hashable {
    /// `nil` = the framework's behaviour: `.fill` centred for UIKit, `.width` top-aligned for SwiftUI.
    public var fitMode: FitMode?
    public var motionPath: MotionPath
    public var backgroundMode: BackgroundMode
    public var dimming: Dimming
    /// UIKit's `dimmingVisualEffect`: a blur over the content behind the zoomed page; nil (the
    /// default) for none.
    public var dimmingVisualEffect: BlurStyle?
    /// The user's Reduce Motion setting (`UIAccessibility.isReduceMotionEnabled`): the zoom runs
    /// as the system's cross-fade instead (`TransitionEffect.crossfade`).
    public var reduceMotion: Bool
    /// Whether to draw the navigation bar as a layer of its own, and where (`NavigationBar`);
    /// nil (the default) for none.
    public var navigationBar: NavigationBarPlacement?

    public init(
        fitMode: FitMode? = nil, motionPath: MotionPath = .straight, backgroundMode: BackgroundMode = .zoom,
        dimming: Dimming = Dimming(), dimmingVisualEffect: BlurStyle? = nil, reduceMotion: Bool = false,
        navigationBar: NavigationBarPlacement? = nil
    ) {
        self.navigationBar = navigationBar
        self.reduceMotion = reduceMotion
        self.fitMode = fitMode
        self.motionPath = motionPath
        self.backgroundMode = backgroundMode
        self.dimming = dimming
        self.dimmingVisualEffect = dimmingVisualEffect
    }
}
