/// One of the four geometries, evaluated in *presentation progress*: 0 = not presented (card on
/// the source, page off-screen or invisible), 1 = presented and at rest. Push/present travel
/// 0 → 1; pop/dismiss travel 1 → 0 on their own spring (see `journeyState`).
public enum TransitionGeometry: Sendable, Hashable {
    case zoom(ZoomGeometry)
    case slide(SlideGeometry)
    case coverVertical(CoverGeometry)
    case popover(PopoverGeometry)

    /// The in-flight state at presentation progress `p` (any real number). A zoom is drawn at its
    /// rubber-banded progress (`ZoomGeometry.geometricProgress`) past either end, so no spring
    /// (a plan's, a timeline's app call, a release's settle or a retarget) mirrors the card,
    /// collapses its mask or flies it far off screen; within 0…1 it is the geometry itself. The
    /// one mapping serves plans and timelines alike, so a timeline's single app call from rest
    /// still draws the plan's keyframes.
    ///
    /// `shrinking`: the motion runs back toward the source (pop, dismiss), which a zoom draws
    /// with the shrinking card's measured edges and cross-fade (issue 35 §3).
    public func state(atProgress p: Double, shrinking: Bool = false) -> FrameState {
        withStateFunction(shrinking: shrinking) { state in state(p) }
    }

    /// Calls `body` with `state(atProgress:)` as a function of the progress alone, the geometry
    /// taken out of the enum once: the keyframe sampler, which asks for a state per frame, would
    /// otherwise copy a zoom's few hundred bytes out of it at every frame.
    @inline(__always)
    func withStateFunction<Result, Failure: Error>(
        shrinking: Bool = false, _ body: ((Double) -> FrameState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch self {
        case .zoom(let g): return try body { g.state(atProgress: g.geometricProgress($0), shrinking: shrinking) }
        case .slide(let g): return try body { g.state(atProgress: $0) }
        case .coverVertical(let g): return try body { g.state(atProgress: $0) }
        case .popover(let g): return try body { g.state(atProgress: $0) }
        }
    }

    /// The state once the motion has stopped at `p`. At the two ends the transition's scaffolding
    /// goes: the system background behind a transparent page is removed ("Zoom transitions" guide)
    /// and so is its dimming, the shadow is gone, and for a zoom that came to rest on the source
    /// (p = 0) the source slot shows again. Values other than 0 and 1 return the in-flight state.
    public func restingState(atProgress p: Double, shrinking: Bool = false) -> FrameState {
        var state = state(atProgress: p, shrinking: shrinking)
        guard p == 0 || p == 1 else { return state }
        state.opacity.background = 0
        state.shadow.opacity = 0
        if case .zoom(let g) = self {
            if !g.sourceIsMissing { state.opacity.sourceSlot = p == 0 ? 1 : 0 }
            // The dimming belongs to the transition too: at rest on a transparent page nothing
            // dims what shows through it (a player that holds the last keyframe, like WAAPI's
            // `fill: both`, would otherwise keep the scrim over it).
            if p == 1 && g.showsSystemBackground {
                state.opacity.dimming = 0
                state.blur = 0
            }
            // At rest on the page the transform is exactly the page's own placement.
            if p == 1 { state.transform = .translation(g.destinationFrame.x, g.destinationFrame.y) }
        }
        return state
    }

    /// Presentation progress for journey progress `q` (the spring's value) in a direction.
    public static func presentationProgress(journey q: Double, isReverse: Bool) -> Double {
        isReverse ? 1 - q : q
    }
}
