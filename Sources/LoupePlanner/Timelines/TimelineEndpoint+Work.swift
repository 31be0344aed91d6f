import LoupeJSON
import LoupeTimeline

extension TimelineEndpoint {
    /// What a timeline's simulation cost follows, counted from its events and clock alone.
    struct WorkCounts: Equatable {
        var frameRate: Double
        /// The last event's time: the engine advances its clock over the whole script.
        var lastTime: Double
        var touchSamples = 0
        var sourceChanges = 0
        var transitions = 0
    }

    /// What simulating `script` will cost, from its events and clock alone, before any of it
    /// is simulated (issue 34 §4): a timeline's cost follows how long it runs (the engine
    /// advances its clock over the whole script, whatever the frame rate), its keyframes, its
    /// touch samples and its source changes (each re-plans the card and mixes into the keyframes
    /// of its settling window, so at a higher frame rate it touches more of them). Fitted to the
    /// upper envelope of server CPU over pinches of 100 to 10,000 samples over 5 to 58 s at 24 to
    /// 240 fps and `sourceChanged` storms of 1,000 to 4,545 changes 4 to 40 ms apart at 24, 60 and
    /// 240 fps (docs/benchmarks.md), with about a quarter to spare.
    public static func estimatedSimulationWork(of script: TimelineScript) -> WorkEstimate {
        var counts = WorkCounts(frameRate: script.scene.animation.frameRate, lastTime: script.events.last?.time ?? 0)
        for event in script.events {
            switch event.kind {
            case .touchesBegan, .touchesMoved, .touchesEnded: counts.touchSamples += 1
            case .sourceChanged: counts.sourceChanges += 1
            case .push, .pop, .present, .dismiss: counts.transitions += 1
            }
        }
        return estimatedSimulationWork(of: counts)
    }

    static func estimatedSimulationWork(of counts: WorkCounts) -> WorkEstimate {
        let span = counts.lastTime + settlingAllowance
        let keyframes = min(Double(TimelineScript.maximumKeyframes), span * counts.frameRate)
        var microseconds = span * perSecond + keyframes * perKeyframe
        microseconds += Double(counts.touchSamples) * perTouchSample
        microseconds += Double(counts.sourceChanges) * (perSourceChange + perSourceChangePerFrameRate * counts.frameRate)
        microseconds += Double(counts.transitions) * perTransition
        return WorkEstimate(microseconds: microseconds)
    }

    /// The same counts read straight off the tape, before any field is decoded, or nil when the
    /// document is not shaped like a timeline (its 422 is the decoder's to write).
    ///
    /// Why: decoding 10,000 touch samples costs 12-20 ms, more than the 20 ms a refusal may cost
    /// once the body is read (issue 42 §2); reading each event's `type` and the last `time` costs
    /// about a tenth of it. Only what the estimate needs is read, and only as the decoder would
    /// read it (a frame rate outside its range, a type it does not know: nil, decode and say so).
    static func workCounts(of document: JSONDocument) -> WorkCounts? {
        let root = document.root
        guard root.kind == .object, let events = root.member("events")?.value, events.kind == .array,
            events.count <= TimelineScript.maximumEventCount
        else { return nil }
        var frameRate = 60.0
        if let animation = root.member("animation")?.value, let rate = animation.member("frameRate")?.value {
            guard let number = rate.number, PlanRequestDecoder.frameRateRange.contains(number) else { return nil }
            frameRate = number
        }
        var counts = WorkCounts(frameRate: frameRate, lastTime: 0)
        var lastTime = 0.0
        for event in events.elements {
            guard let type = event.member("type")?.value.string.flatMap(TimelineEventType.init(rawValue:)),
                let time = event.member("time")?.value.number, time.isFinite
            else { return nil }
            lastTime = time
            switch type {
            case .touchesBegan, .touchesMoved, .touchesEnded: counts.touchSamples += 1
            case .sourceChanged: counts.sourceChanges += 1
            case .push, .pop, .present, .dismiss: counts.transitions += 1
            }
        }
        counts.lastTime = lastTime
        return counts
    }

    /// Refuses, before decoding, a timeline whose simulation is over the ceiling by the very
    /// estimate `compute` checks again after decoding (so the two never disagree).
    /// - Throws: `Problem` 422 `workLimitExceeded` pointing at `/events`.
    public static func screen(_ document: JSONDocument, as format: RenderingFormat, limits: WorkLimits) throws(Problem) {
        guard let counts = workCounts(of: document) else { return }
        try WorkLimits.check(work: estimatedSimulationWork(of: counts), of: "Simulating this timeline", pointer: "/events")
    }

    /// Seconds a timeline may run past its last event while the card settles.
    static let settlingAllowance = 1.5
    /// Microseconds per second of the timeline's clock, per keyframe, per touch sample.
    static let perSecond = 450.0
    static let perKeyframe = 3.0
    static let perTouchSample = 10.0
    /// Microseconds per source change: a fixed part and one that grows with the frame rate.
    static let perSourceChange = 9.0
    static let perSourceChangePerFrameRate = 0.19
    /// Microseconds per push, pop, present or dismiss (each plans its transition's keyframes).
    static let perTransition = 300.0
}
