import LoupeWarnings

/// The engine's answer: what runs, for how long, and every keyframe.
public struct ZoomPlan: Sendable, Hashable {
    public var effect: TransitionEffect
    /// Seconds from start to the last keyframe (the spring's settling time at ε 0.001).
    public var duration: Double
    /// Keyframes per second, as requested.
    public var frameRate: Double
    public var keyframes: [Keyframe]
    /// In the order found: effect fallbacks, source matching, source shape, frame rate, background.
    public var warnings: [Warning<GeometryWarningCode>]
    /// The spring actually used (the request's, or the effect's default).
    public var spring: Spring
    /// The scrim colour (its opacity per keyframe is `opacity.dimming`).
    public var dimmingColor: RGBAColor
    /// The blur over the covered page, when the request asked for one on a zoom (its radius per
    /// keyframe is `blur`); nil otherwise.
    public var dimmingVisualEffect: BlurStyle?
    /// The geometry, to evaluate at any progress (gestures, interruption, timelines).
    public var geometry: TransitionGeometry
    /// True for pop/dismiss: presentation progress is 1 − journey progress.
    public var isReverse: Bool
    /// The source frame the zoom used (container coordinates); `nil` when it zoomed from the centre
    /// or the effect is not a zoom.
    public var sourceFrame: Rect?
    /// iOS 26 and later: the detent a zooming sheet rests at (the page is not full screen, and the
    /// presenter keeps its view); nil otherwise.
    public var keptSheetDetent: SheetDetent?
    /// The journey's initial velocity (progress per second, the request's), so the spring can be
    /// evaluated at any time (`keyframe(at:)`).
    public var initialVelocity: Double
    /// The matched SwiftUI source's `background(_:)`, which fills the card behind its content
    /// while it flies (`MatchedSource.background`); nil when none was given or nothing zooms
    /// from a source.
    public var sourceBackground: RGBAColor?
    /// The navigation bar over a push or pop, pinned while its items cross-fade, when the
    /// request asked for it (`options.navigationBar`) and the effect has one; nil otherwise.
    public var navigationBar: NavigationBar?

    public init(
        effect: TransitionEffect, duration: Double, frameRate: Double, keyframes: [Keyframe],
        warnings: [Warning<GeometryWarningCode>], spring: Spring, dimmingColor: RGBAColor,
        geometry: TransitionGeometry, isReverse: Bool, sourceFrame: Rect?, dimmingVisualEffect: BlurStyle? = nil,
        keptSheetDetent: SheetDetent? = nil, initialVelocity: Double = 0, sourceBackground: RGBAColor? = nil,
        navigationBar: NavigationBar? = nil
    ) {
        self.navigationBar = navigationBar
        self.effect = effect
        self.duration = duration
        self.frameRate = frameRate
        self.keyframes = keyframes
        self.warnings = warnings
        self.spring = spring
        self.dimmingColor = dimmingColor
        self.dimmingVisualEffect = dimmingVisualEffect
        self.geometry = geometry
        self.isReverse = isReverse
        self.sourceFrame = sourceFrame
        self.keptSheetDetent = keptSheetDetent
        self.initialVelocity = initialVelocity
        self.sourceBackground = sourceBackground
    }

    /// The matched SwiftUI source's `shadow(color:radius:x:y:)`, which the card's shadow starts
    /// from (`ZoomGeometry.sourceShadow`); nil when none was given or nothing zooms from a source.
    public var sourceShadow: Shadow? {
        guard case .zoom(let zoom) = geometry else { return nil }
        return zoom.sourceShadow
    }

    /// The keyframe at any `time` (seconds, clamped to `0...duration`), the spring evaluated at
    /// that instant rather than interpolated between keyframes: what a recording made at its own
    /// frame times is compared with. From `duration` on, the resting state, as the last keyframe.
    public func keyframe(at time: Double) -> Keyframe {
        let solution = SpringSolution(spring: spring, from: 0, to: 1, initialVelocity: initialVelocity)
        guard time < duration else {
            let rest = TransitionGeometry.presentationProgress(journey: 1, isReverse: isReverse)
            return Keyframe(time: duration, progress: 1, state: geometry.restingState(atProgress: rest))
        }
        let journey = solution.value(at: max(0, time))
        return Keyframe(time: max(0, time), progress: journey, state: state(atJourneyProgress: journey))
    }

    /// The in-flight state at journey progress `q` (0 = start of this transition, 1 = its end).
    public func state(atJourneyProgress q: Double) -> FrameState {
        geometry.state(atProgress: TransitionGeometry.presentationProgress(journey: q, isReverse: isReverse), shrinking: isReverse)
    }

    /// Keyframes for a retargeted run: the same geometry, a spring released at journey progress
    /// `position` with `velocity` (progress per second) and pulled to `target` (1 = finish,
    /// 0 = cancel back to where this transition started). Times restart at 0.
    /// - Parameter spring: default the plan's spring.
    /// - Throws: as `KeyframeSampler.sample`.
    public func retargeted(
        from position: Double, velocity: Double, to target: Double,
        spring: Spring? = nil
    ) throws(GeometryError) -> (keyframes: [Keyframe], duration: Double) {
        let solution = SpringSolution(spring: spring ?? self.spring, from: position, to: target, initialVelocity: velocity)
        return try KeyframeSampler.sample(solution, frameRate: frameRate, geometry: geometry, isReverse: isReverse)
    }
}
