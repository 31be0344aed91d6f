import LoupeGeometry
import LoupeLifecycle
import LoupeTestSupport
import LoupeTimeline
import Testing

/// Seeded random gesture scripts: keyframes finite and continuous, segments tiling the timeline,
/// callbacks those of the lifecycle engine on the equivalent script. Replay one seed with
/// LOUPE_PROPERTY_SEED=<seed>.
struct TimelinePropertyTests {
    @Test("random scripts keep every invariant", arguments: PropertySeeds.seeds(count: 100))
    func randomScripts_keepEveryInvariant(seed: UInt64) throws {
        let script = TimelineGenerator.script(seed: seed)
        let timeline: Timeline
        do {
            timeline = try TimelineEngine.run(script)
        } catch {
            #expect(error.errors.count == 1, "seed \(seed): \(error.errors)")
            return
        }
        let problems = Invariants.keyframes(timeline) + Invariants.segments(timeline) + Invariants.lifecycle(timeline, script)
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5))")
    }

    @Test("generator builds mostly valid scripts that reach every situation") func generator_buildsMostlyValidScriptsThatReachEverySituation() {
        let seeds = PropertySeeds.seeds(count: 100)
        let timelines = seeds.compactMap { try? TimelineEngine.run(TimelineGenerator.script(seed: $0, frameRate: 60)) }
        #expect(timelines.count >= 80)
        let outcomes = Set(timelines.flatMap(\.segments).compactMap(\.outcome))
        #expect(outcomes == Set(TimelineSegment.Outcome.allCases), "missing: \(Set(TimelineSegment.Outcome.allCases).subtracting(outcomes))")
        let releases = Set(timelines.flatMap(\.releases).map { "\($0.gesture.rawValue).\($0.outcome.rawValue)" })
        #expect(releases.count == 6, "\(releases)")
        // Four kinds at least (a trackpad's back swipe, one of the five kinds this counted, now
        // goes back instead of warning).
        let warnings = Set(timelines.flatMap(\.warnings).map(\.code))
        #expect(warnings.count >= 4, "\(warnings)")
        #expect(timelines.contains { $0.final.unreleasedGesture != nil })
    }

    @Test("any script runs or fails deterministically", arguments: PropertySeeds.seeds(count: 200))
    func anyScript_runsOrFailsDeterministically(seed: UInt64) {
        let script = TimelineGenerator.garbage(seed: seed)
        let first = Result { () throws(TimelineFailure) in try TimelineEngine.run(script) }
        let second = Result { () throws(TimelineFailure) in try TimelineEngine.run(script) }
        #expect(first == second, "seed \(seed)")
        switch first {
        case .failure(let failure): #expect(!failure.errors.isEmpty, "seed \(seed)")
        case .success(let timeline): #expect(timeline.keyframes.allSatisfy { $0.state.isFinite }, "seed \(seed)")
        }
    }
}

/// What every timeline must satisfy.
enum Invariants {
    static func keyframes(_ timeline: Timeline) -> [String] {
        var problems: [String] = []
        let frames = timeline.keyframes, dt = 1 / timeline.frameRate
        guard let first = frames.first, let last = frames.last else { return ["no keyframes"] }
        if first.time != 0 || last.time != timeline.duration { problems.append("keyframes do not span 0...\(timeline.duration)") }
        for (k, frame) in frames.enumerated() {
            if !frame.state.isFinite || !frame.progress.isFinite { problems.append("frame \(k) not finite") }
            guard k > 0 else { continue }
            let step = frame.time - frames[k - 1].time
            if step <= 0 || step > dt + 1e-9 { problems.append("frame \(k) step \(step)") }
            // Continuous within bounds: no card edge moves faster than 15,000 pt/s, give or take the
            // sub-point snap of a settling spring onto its rest.
            let a = frames[k - 1].mask.rect, b = frame.mask.rect
            let moved = [b.minX - a.minX, b.minY - a.minY, b.maxX - a.maxX, b.maxY - a.maxY].map(abs).max() ?? 0
            if moved > 15_000 * step + 1 { problems.append("frame \(k) jumps \(moved) pt") }
        }
        // A dropped or doubled velocity scores about 1; the cubic fit's own error on random, jerky
        // scripts at 1 kHz stays under 0.1 (it vanishes at 5 kHz).
        // Every hand-off is checked: a release whose spring started inside its settling
        // tolerance once snapped to rest with no keyframes after it, and was left out.
        for time in Measure.handOffs(timeline) {
            guard let gap = Measure.gap(frames, at: time) else {
                problems.append("no keyframes around the hand-off at \(time)")
                continue
            }
            if gap.worstPositionGap(floors: Measure.floors) > 0.01 { problems.append("position jump at \(time)") }
            if gap.worstVelocityGap(floors: Measure.velocityFloors) > 0.1 { problems.append("velocity jump at \(time)") }
        }
        return problems
    }

    static func segments(_ timeline: Timeline) -> [String] {
        var problems: [String] = []
        var end = 0.0
        for segment in timeline.segments {
            if segment.start != end { problems.append("gap or overlap at \(segment.start)") }
            if segment.end < segment.start { problems.append("segment ends before it starts at \(segment.start)") }
            if (segment.kind == .idle) != (segment.transition == nil) { problems.append("idle/transition mismatch at \(segment.start)") }
            end = segment.end
        }
        if end != timeline.duration { problems.append("segments end at \(end), timeline at \(timeline.duration)") }
        return problems
    }

    /// The callbacks are exactly the lifecycle engine's for the equivalent events, run on a clock
    /// that keeps the order of events and completions, with each completion when its spring's
    /// segment ends; and where the screens end up agrees with the last keyframe.
    static func lifecycle(_ timeline: Timeline, _ script: TimelineScript) -> [String] {
        var problems: [String] = []
        let links = timeline.lifecycleEvents
        // Each completion is the end of a finished or cancelled animating segment, and back.
        let settled = links.compactMap(\.settlesAt).sorted()
        let landed = timeline.segments.filter { $0.kind == .animating && ($0.outcome == .finished || $0.outcome == .cancelled) }.map(\.end).sorted()
        if settled != landed { problems.append("completions \(settled) vs segment ends \(landed)") }

        var clock = 0.0, real: [Double: Double] = [:]
        var events: [NavigationEvent] = []
        for (k, link) in links.enumerated() {
            if k > 0 { clock += links[k - 1].settlesAt == nil ? 0.5 : 2 }
            var event = link.event
            real[clock] = event.time
            if let settlesAt = link.settlesAt { real[clock + 1] = settlesAt }
            event.time = clock
            events.append(event)
        }
        let stack = script.initial == .pushed ? ["source", "destination"] : ["source"]
        let presented = script.initial == .presented ? [Presentation("destination")] : []
        guard
            let expected = try? LifecycleEngine.run(
                LifecycleScript(
                    stack: stack, presented: presented, events: events,
                    timing: .uniform(1), callbackOrder: script.callbackOrder))
        else {
            return problems + ["the lifecycle engine refuses the equivalent script"]
        }
        let remapped = expected.trace.map { entry -> TraceEntry in
            var entry = entry
            entry.time = real[entry.time] ?? .nan
            return entry
        }
        if remapped != timeline.callbacks { problems.append("callbacks differ from the lifecycle engine's") }

        let last = timeline.keyframes.last
        if timeline.final.unreleasedGesture == nil, let last {
            let shown = timeline.final.states["destination"] == .appeared
            let drawnShown = last.mask.rect == Fixture.fullScreen, drawnHidden = last.mask.rect == Fixture.thumbnail
            if shown ? !drawnShown : !drawnHidden { problems.append("final state \(shown ? "shown" : "hidden") but last frame \(last.mask.rect)") }
        }
        return problems
    }
}
