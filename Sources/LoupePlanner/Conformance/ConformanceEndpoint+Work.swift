import LoupeConformance

extension ConformanceEndpoint {
    /// The comparison's CPU, from counts known once the expected side is computed (its own cost
    /// is bounded as its route bounds it): `ConformanceJudge.work`'s evaluations, compared frames
    /// and `best`'s frame-by-candidate comparisons, at measured worst-case unit costs (release
    /// build, `loupe-bench --conformance`, docs/benchmarks.md) with about half again to spare.
    static func estimatedComparisonWork(of request: ConformanceRequest, against expected: ExpectedTransition) -> WorkEstimate {
        var microseconds = fixedCost + Double(request.recording.callbacks?.count ?? 0) * perCallback
        if let motion = expected.motion {
            let work = ConformanceJudge.work(frames: request.recording.frames.count, duration: motion.duration, alignment: request.alignment)
            let isTimeline = if case .timeline = request.expected { true } else { false }
            microseconds += Double(work.evaluations) * (isTimeline ? perTimelineEvaluation : perPlanEvaluation)
            microseconds += Double(work.comparedFrames) * perComparedFrame + Double(work.candidateFrames) * perCandidateFrame
        }
        return WorkEstimate(microseconds: microseconds)
    }

    /// The verdict's fixed part: its checks, alignment and warnings.
    static let fixedCost = 50.0
    /// One engine evaluation of a plan's card (spring and geometry).
    static let perPlanEvaluation = 1.0
    /// One engine evaluation of a timeline's card (its piece found, composed, maybe mixed).
    static let perTimelineEvaluation = 3.0
    /// A frame's seven quantities compared and kept for the picture.
    static let perComparedFrame = 0.5
    /// One frame's cost at one candidate offset of `best` (seven quantities read off the table):
    /// measured 0.042 µs (2,400 frames at 240 Hz, 320,700 frame-candidates in 13.6 ms).
    static let perCandidateFrame = 0.065
    /// One callback compared.
    static let perCallback = 0.2
}
