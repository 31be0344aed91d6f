import LoupeTimeline

extension TimelineEndpoint {
    /// What simulating `script` will cost, from its events and clock alone, before any of it
    /// is simulated (issue 34 §4): a timeline's cost follows how long it runs (the engine
    /// advances its clock over the whole script, whatever the frame rate), its keyframes, its
    /// touch samples and its source changes (each re-plans the card and mixes into the keyframes
    /// of its settling window, so at a higher frame rate it touches more of them). Fitted to the
    /// upper envelope of server CPU over pinches of 100 to 10,000 samples over 5 to 58 s at 24 to
    /// 240 fps and `sourceChanged` storms of 1,000 to 4,545 changes 4 to 40 ms apart at 24, 60 and
    /// 240 fps (docs/benchmarks.md), with about a quarter to spare.
    public static func estimatedSimulationWork(of script: TimelineScript) -> WorkEstimate {
        let frameRate = script.scene.animation.frameRate
        let span = (script.events.last?.time ?? 0) + settlingAllowance
        let keyframes = min(Double(TimelineScript.maximumKeyframes), span * frameRate)
        var microseconds = span * perSecond + keyframes * perKeyframe
        for event in script.events {
            switch event.kind {
            case .touchesBegan, .touchesMoved, .touchesEnded: microseconds += perTouchSample
            case .sourceChanged: microseconds += perSourceChange + perSourceChangePerFrameRate * frameRate
            case .push, .pop, .present, .dismiss: microseconds += perTransition
            }
        }
        return WorkEstimate(microseconds: microseconds)
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
