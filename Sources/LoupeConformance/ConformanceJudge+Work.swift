extension ConformanceJudge {
    /// What judging a recording will cost, in units a caller can price: engine evaluations of
    /// the expected card (the dense table and one per frame), frames whose quantities are
    /// compared, and frame-by-candidate comparisons of `best`'s search. Known before judging,
    /// from the counts alone.
    public struct Work: Sendable, Hashable {
        public var evaluations: Int
        public var comparedFrames: Int
        public var candidateFrames: Int
    }

    public static func work(frames: Int, duration: Double, alignment: AlignmentMethod) -> Work {
        guard frames > 0 else { return Work(evaluations: 0, comparedFrames: 0, candidateFrames: 0) }
        let table = min(Double(ExpectedTable.maximumSamples + 1), (max(0, duration) / 0.001).rounded(.up) + 2)
        let candidates =
            alignment == .best
            ? Aligner.bestCandidates.grid * min(frames, Aligner.gridFrames) + Aligner.bestCandidates.refinement * 2 * frames : 0
        // firstMotion and best place up to three frames on the curve, bisecting 20 times each.
        let placing = alignment == .none ? 0 : 3 * 22
        return Work(evaluations: Int(table) + frames + placing, comparedFrames: frames, candidateFrames: candidates)
    }
}
