import LoupeGeometry
import LoupeLifecycle

/// Everything the timeline engine needs: the scene (as for a plan), what is on screen at the
/// start, the timed events and the state of the destination's scroll view.
public struct TimelineScript: Sendable, Hashable {
    /// Container, source, destination, animation (spring, frame rate), options and platform.
    /// Its `transition` is ignored: every app call plans its own.
    public var scene: ZoomScene
    /// What is on screen at time 0.
    public var initial: InitialPage
    /// App calls and touch samples in time order.
    public var events: [TimelineEvent]
    /// nil: the destination does not scroll, so it never claims a gesture.
    public var destinationScroll: DestinationScroll?
    /// Which cancelled-pop order the lifecycle engine follows.
    public var callbackOrder: CallbackOrder
    /// The finger-to-card mappings and release rules; default the measured ones.
    public var gestures: GestureModel
    /// `options.spreadToOpen`: a two-finger spread on the source drives the forward transition
    /// interactively (Photos on iPhone OS 3.2; the "Zoom transitions" guide). **Not iOS
    /// behaviour**, so off by default, and every timeline with it on carries a
    /// `spread-to-open-not-ios` warning.
    public var spreadToOpen: Bool
    /// `options.interactiveDismissShouldBegin`: UIKit's `ZoomOptions.interactiveDismissShouldBegin`
    /// answering false. A dismissal gesture on the shown page is then vetoed: the page stays, the
    /// touches go to the page, and a `dismissal-vetoed` warning says so.
    public var interactiveDismissShouldBegin: Bool
    /// The app's answer for one gesture, by the index of its `touchesBegan`: UIKit passes
    /// `interactiveDismissShouldBegin` a `ZoomOptions.InteractionContext` with the touch's
    /// location and velocity, so an app may refuse by region or speed (issue 44 §7). Where a
    /// gesture has none, `interactiveDismissShouldBegin` answers.
    public var dismissAnswers: [Int: Bool] = [:]
    /// `options.spreadTransition`: which forward transition a spread drives. nil: the host the
    /// timeline is in at that moment (the last app call's, else the first app call's, else push).
    public var spreadTransition: SpreadTransition?

    /// At most this many events (the same cap as the lifecycle engine's).
    public static let maximumEventCount = LifecycleScript.maximumEventCount
    /// The latest event time, seconds: a timeline may not be longer than a minute.
    public static let maximumTime = 60.0
    /// Touch coordinates beyond ±this many points are refused, so no product can overflow.
    public static let maximumCoordinate = 1_000_000.0
    /// At most this many keyframes: a minute at 240 Hz (14,400) plus 2.5 s for the last spring to
    /// settle.
    public static let maximumKeyframes = 15_000
    /// At most this much work for source changes, in source frames mixed into keyframes
    /// (`ScriptValidator.sourceMixingEstimate`): a `sourceChanged` every 4 ms at 240 fps would
    /// otherwise mix 120 sources into every keyframe, seconds of CPU for one request. 150,000 is
    /// about 1,080 changes at 240 fps, 2,940 at 60 fps or 4,540 at 24 fps, at most about 35 ms of
    /// CPU here (docs/benchmarks.md, worst cases); a gallery whose source changes every frame for
    /// 10 s at 60 fps needs 31,000.
    public static let maximumSourceMixing = 150_000

    /// - Parameter initial: default inferred from the first app call (`InitialPage.inferred`).
    public init(
        scene: ZoomScene, initial: InitialPage? = nil, events: [TimelineEvent],
        destinationScroll: DestinationScroll? = nil, callbackOrder: CallbackOrder = .article,
        gestures: GestureModel = .measured, spreadToOpen: Bool = false,
        spreadTransition: SpreadTransition? = nil, interactiveDismissShouldBegin: Bool = true
    ) {
        self.scene = scene
        self.initial = initial ?? InitialPage.inferred(from: events)
        self.events = events
        self.destinationScroll = destinationScroll
        self.callbackOrder = callbackOrder
        self.gestures = gestures
        self.spreadToOpen = spreadToOpen
        self.spreadTransition = spreadTransition
        self.interactiveDismissShouldBegin = interactiveDismissShouldBegin
    }
}
