import LoupeGeometry
import LoupeLifecycle
import LoupeWarnings

/// The geometry engine's plans for the hosts a timeline uses, made once each on first use.
///
/// Navigation and presentation differ (sheets become full screen, popovers do not zoom, other
/// platforms fall back per host), so each host has its own plan; a push and a pop share one
/// geometry, as do present and dismiss. The plan's keyframes are not used, only its geometry,
/// spring, effect, scrim colour and warnings.
struct HostPlans: Sendable {
    let scene: ZoomScene
    /// The source of each generation: the request's first, then one per `sourceChanged`.
    private var sources: [SourceInput]
    /// The index of the `sourceChanged` event behind each generation after the first.
    private var sourceEvents: [Int] = []
    private var plans: [Key: ZoomPlan] = [:]
    /// The hosts planned at least once, with keyframes.
    private var plannedHosts: Set<Host> = []
    /// Warnings in the order the hosts were first planned, without repeats.
    private(set) var warnings: [Warning<GeometryWarningCode>] = []
    /// The first plan made that zooms: its scrim colour and blur are the timeline's (a host
    /// that falls back, a popover say, has neither).
    private(set) var firstZoom: ZoomPlan?

    private struct Key: Hashable {
        var host: Host
        var generation: Int
    }

    /// The current source's generation.
    var generation: Int { sources.count - 1 }

    /// The highest frame rate a host is planned at.
    static let planningRateLimit = 240.0

    init(scene: ZoomScene) {
        self.scene = scene
        sources = [scene.source]
    }

    /// Makes `source`, given by the event at `event`, the current one; later plans use it.
    mutating func changeSource(to source: SourceInput, event: Int) {
        sources.append(source)
        sourceEvents.append(event)
    }

    /// The plan for `host` with the current source (or the source of `generation`).
    mutating func plan(_ host: Host, generation: Int? = nil) throws(TimelineError) -> ZoomPlan {
        let key = Key(host: host, generation: generation ?? self.generation)
        if let plan = plans[key] { return plan }
        var hostScene = scene
        hostScene.transition = host.forward
        hostScene.source = sources[min(max(0, key.generation), sources.count - 1)]
        // Only the geometry, spring and warnings are used, so a timeline's frame rate (which may
        // exceed a plan's) must not make the plan's own sampling fail; the warnings only look
        // at low rates.
        let rate = hostScene.animation.frameRate
        hostScene.animation.frameRate = rate > Self.planningRateLimit ? Self.planningRateLimit : rate
        // A host's first plan is sampled, so whatever sampling refuses (a spring too slow for the
        // frame rate, non-finite keyframes) is refused here; a source change alters only the
        // geometry's source, so the host's later plans need no keyframes (thousands of
        // `sourceChanged` events would otherwise each sample a whole plan).
        let sampling: GeometryEngine.Sampling = plannedHosts.contains(host) ? .geometryOnly : .keyframes
        var plan: ZoomPlan
        do {
            plan = try GeometryEngine.plan(hostScene, sampling: sampling)
            plannedHosts.insert(host)
        } catch {
            throw .geometry(error)
        }
        // Advice about a source an event gave points at that event's source.
        if key.generation > 0 {
            let event = sourceEvents[key.generation - 1]
            for index in plan.warnings.indices where plan.warnings[index].subject.isSource {
                plan.warnings[index].subject = .changedSource(event: event, plan.warnings[index].subject)
            }
        }
        plans[key] = plan
        if firstZoom == nil, plan.effect == .zoom { firstZoom = plan }
        for warning in plan.warnings where !warnings.contains(warning) { warnings.append(warning) }
        return plan
    }

    /// The plan already made for `host` with the source of `generation` (the simulator plans
    /// every host it draws); without a generation, the latest one made for `host`.
    func existing(_ host: Host, generation: Int? = nil) -> ZoomPlan? {
        if let generation { return plans[Key(host: host, generation: generation)] }
        for candidate in stride(from: self.generation, through: 0, by: -1) {
            if let plan = plans[Key(host: host, generation: candidate)] { return plan }
        }
        return nil
    }

    /// The lifecycle engine's transition style: only a zoom can be grabbed.
    static func transitionStyle(_ plan: ZoomPlan, interruptibleSlide: Bool = false) -> TransitionStyle {
        if plan.effect == .slide, interruptibleSlide { return .interruptibleSlide }
        return plan.effect == .zoom ? .zoom : .standard
    }

    /// The lifecycle engine's presentation style: overFullScreen keeps the presenter's view, and
    /// so does a popover, which never covers its presenter, and so does a sheet iOS 26 keeps at
    /// its detent; every other style is full screen, which is also how zoom shows sheets before
    /// iOS 26 ("Zoom transitions" guide). The same mapping as the plans route's callbacks.
    var modalStyle: Presentation.Style {
        // A popover in a compact environment is presented as a form sheet (issue 44 §3).
        let adapted = PopoverAdaptation.adapted(scene).scene
        let destination = adapted.destination
        let keepsDetent =
            (try? EffectResolver.resolve(
                transition: .present, platform: adapted.platform, presentationStyle: destination.presentationStyle,
                detent: destination.detent))?.keptDetent != nil
        let style = destination.presentationStyle
        return style == .overFullScreen || style == .popover || keepsDetent ? .overFullScreen : .fullScreen
    }
}
