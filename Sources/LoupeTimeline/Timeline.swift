import LoupeGeometry
import LoupeLifecycle
import LoupeWarnings

/// The engine's answer: one stream of keyframes and the lifecycle callbacks, on one clock.
public struct Timeline: Sendable, Hashable {
    /// Keyframes at k/frameRate from 0, then one at `duration`: the plan's format. `progress` is
    /// the journey progress of the transition the moment belongs to (push/present: presentation
    /// progress; pop/dismiss: 1 − it); before any transition, presentation progress. While a finger
    /// holds the card the transform carries the gesture's scale, rotation and translation; a
    /// rotated card's mask is rotated about its own centre by the transform's angle `atan2(b, a)`.
    public var keyframes: [Keyframe]
    /// The lifecycle engine's trace for the equivalent script, its times on this clock.
    public var callbacks: [TraceEntry]
    /// The lifecycle engine's notes, times on this clock.
    public var notes: [Warning<LifecycleWarningCode>]
    /// Where the screens end up.
    public var final: FinalState
    public var segments: [TimelineSegment]
    public var warnings: [Warning<TimelineWarningCode>]
    /// The geometry engine's warnings for the hosts the timeline used (source, frame rate, ...).
    public var geometryWarnings: [Warning<GeometryWarningCode>]
    /// Every release and how it was decided, in time order.
    public var releases: [ReleaseDecision]
    /// The equivalent lifecycle script's events, with the timeline events that caused them.
    public var lifecycleEvents: [LifecycleLink]
    /// Seconds from 0 to the last keyframe: the last event, or later when a spring is still moving.
    public var duration: Double
    public var frameRate: Double
    /// The scrim colour (its opacity per keyframe is `opacity.dimming`).
    public var dimmingColor: RGBAColor
    /// The host's blur over the covered page (`blur` per keyframe), nil without one.
    public var dimmingVisualEffect: BlurStyle?
    /// The matched SwiftUI source's `background(_:)`, behind the card's content (`ZoomPlan.sourceBackground`).
    public var sourceBackground: RGBAColor?
    /// The navigation bar over the timeline's pushes and pops (`ZoomPlan.navigationBar`), its
    /// fades where they run; nil unless the request asked for one and the host draws it.
    public var navigationBar: NavigationBar?
    /// The matched SwiftUI source's configured shadow (`ZoomPlan.sourceShadow`): keyframes then
    /// give their shadow's colour and sideways offset too.
    public var sourceShadow: Shadow?

    public init(
        keyframes: [Keyframe], callbacks: [TraceEntry], notes: [Warning<LifecycleWarningCode>], final: FinalState,
        segments: [TimelineSegment], warnings: [Warning<TimelineWarningCode>],
        geometryWarnings: [Warning<GeometryWarningCode>],
        releases: [ReleaseDecision], lifecycleEvents: [LifecycleLink], duration: Double, frameRate: Double,
        dimmingColor: RGBAColor, dimmingVisualEffect: BlurStyle? = nil, sourceBackground: RGBAColor? = nil,
        navigationBar: NavigationBar? = nil, sourceShadow: Shadow? = nil
    ) {
        self.sourceShadow = sourceShadow
        self.navigationBar = navigationBar
        self.keyframes = keyframes
        self.callbacks = callbacks
        self.notes = notes
        self.final = final
        self.segments = segments
        self.warnings = warnings
        self.geometryWarnings = geometryWarnings
        self.releases = releases
        self.lifecycleEvents = lifecycleEvents
        self.duration = duration
        self.frameRate = frameRate
        self.dimmingColor = dimmingColor
        self.dimmingVisualEffect = dimmingVisualEffect
        self.sourceBackground = sourceBackground
    }
}
