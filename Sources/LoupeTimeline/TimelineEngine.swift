import LoupeGeometry
import LoupeLifecycle

/// The entry point: a timeline script in, one stream of keyframes and callbacks out. Pure and
/// synchronous; its work is bounded by the caps in `TimelineScript` (events, time, keyframes,
/// source mixing).
///
/// ```swift
/// let timeline = try TimelineEngine.run(TimelineScript(scene: scene, events: [
///     .push(at: 0),
///     .touchesBegan(.pan, [Point(x: 200, y: 300)], at: 0.15),   // grabs the running push
///     .touchesMoved([Point(x: 205, y: 420)], at: 0.25),
///     .touchesEnded(at: 0.25),                                   // a flick down: it pops
/// ]))
/// ```
public enum TimelineEngine {
    /// Every problem that can be found without simulating: event count, the work the source
    /// changes would cost, times, touch counts, coordinates, the pairing of touchesBegan / Moved /
    /// Ended.
    public static func validate(_ script: TimelineScript) -> [TimelineError] {
        ScriptValidator.problems(in: script.events, frameRate: script.scene.animation.frameRate)
    }

    /// Simulates `script`.
    ///
    /// - Throws: `TimelineFailure` with every static problem (see `validate`), or else with the first
    ///   problem met while simulating: a gesture the platform or host does not have, a scene the
    ///   geometry engine cannot plan, a sequence the lifecycle engine refuses, too many keyframes.
    public static func run(_ script: TimelineScript) throws(TimelineFailure) -> Timeline {
        try runWithMotion(script).timeline
    }

    /// `run`, with the card's motion to evaluate at any time (`TimelineMotion`): for a caller that
    /// compares a recording with the timeline at the recording's own frame times.
    /// - Throws: as `run`.
    public static func runWithMotion(_ script: TimelineScript) throws(TimelineFailure) -> (timeline: Timeline, motion: TimelineMotion) {
        let problems = validate(script)
        guard problems.isEmpty else { throw TimelineFailure(errors: problems) }
        do {
            return try simulate(script)
        } catch {
            throw TimelineFailure(errors: [error])
        }
    }

    private static func simulate(_ script: TimelineScript) throws(TimelineError) -> (timeline: Timeline, motion: TimelineMotion) {
        var simulator = TimelineSimulator(script: script)
        try simulator.run()
        let lifecycle = try LifecycleClock.run(
            simulator.links, initial: script.initial, plans: simulator.plans,
            order: script.callbackOrder, heldForward: simulator.heldForwardLink)
        let frameRate = script.scene.animation.frameRate
        // The covered page shows while the trace has its view in the hierarchy (issue 23 §3).
        let covered = HierarchyPresence(
            lifecycle.trace, viewController: TimelineSimulator.sourceName,
            otherwise: lifecycle.final.viewsInHierarchy.contains(TimelineSimulator.sourceName))
        let keyframes = try KeyframeStream.sample(
            simulator.pieces, duration: simulator.now, frameRate: frameRate,
            plans: simulator.plans
        ).withCoveredPage { covered.isInHierarchy(at: $0) }
        let styled = try? simulator.plans.firstZoom ?? simulator.plans.plan(simulator.host)
        let timeline = Timeline(
            keyframes: keyframes, callbacks: lifecycle.trace, notes: lifecycle.notes, final: lifecycle.final,
            segments: simulator.segments, warnings: simulator.warnings, geometryWarnings: simulator.plans.warnings,
            releases: simulator.releases, lifecycleEvents: simulator.links, duration: simulator.now,
            frameRate: frameRate, dimmingColor: styled?.dimmingColor ?? .black, dimmingVisualEffect: styled?.dimmingVisualEffect,
            sourceBackground: styled?.sourceBackground,
            navigationBar: styled?.navigationBar.map {
                NavigationBar(frame: $0.frame, initial: script.initial, segments: simulator.segments)
            },
            sourceShadow: styled?.sourceShadow)
        return (timeline, TimelineMotion(pieces: simulator.pieces, plans: simulator.plans, duration: simulator.now))
    }
}
