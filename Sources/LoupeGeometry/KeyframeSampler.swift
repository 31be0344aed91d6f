/// Samples a spring-driven journey into keyframes at a fixed frame rate.
///
/// Times are k/frameRate from 0 for every k/frameRate before the settling time (regular samples
/// closer than 1 µs to it are dropped), then one last keyframe at the settling time itself whose
/// progress is the target exactly and whose state is the geometry's resting state, so the end is
/// exact rather than within epsilon.
public enum KeyframeSampler {
    /// At most this many keyframes per plan (40 s at 60 fps, 10 s at 240 fps).
    public static let maximumKeyframes = 2_400

    /// - Parameters:
    ///   - solution: the journey's spring, in journey progress (usually 0 → 1; any start, velocity
    ///     and target for retargeting).
    ///   - frameRate: keyframes per second (> 0).
    ///   - geometry: what the frames look like at each presentation progress.
    ///   - isReverse: pop/dismiss: presentation progress is 1 − journey progress.
    ///   - epsilon: the settling threshold in progress units (default 0.001).
    /// - Returns: the keyframes and the duration (the settling time, seconds).
    /// - Throws: `invalidFrameRate`, `springNeverSettles`, `tooManyKeyframes`, `invalidSpring`;
    ///   `nonFiniteGeometry` for a keyframe that is not finite (checked as each is made, so no
    ///   caller walks the keyframes again).
    public static func sample(
        _ solution: SpringSolution, frameRate: Double, geometry: TransitionGeometry,
        isReverse: Bool, epsilon: Double = SpringSolution.defaultEpsilon
    ) throws(GeometryError) -> (keyframes: [Keyframe], duration: Double) {
        if let problem = solution.spring.validationError { throw problem }
        guard frameRate.isFinite, frameRate > 0 else { throw .invalidFrameRate }
        let duration = solution.settlingDuration(epsilon: epsilon)
        guard duration.isFinite else { throw .springNeverSettles }
        let steps = (duration * frameRate).rounded(.up)
        guard steps < Double(maximumKeyframes) else {
            throw .tooManyKeyframes(count: steps < 1e15 ? Int(steps) + 1 : Int.max, limit: maximumKeyframes)
        }
        var keyframes: [Keyframe] = []
        keyframes.reserveCapacity(Int(steps) + 1)
        try geometry.withStateFunction(shrinking: isReverse) { (state) throws(GeometryError) in
            var k = 0
            while true {
                let time = Double(k) / frameRate
                guard time < duration - 1e-6 else { break }
                let journey = solution.value(at: time)
                let p = TransitionGeometry.presentationProgress(journey: journey, isReverse: isReverse)
                let keyframe = Keyframe(time: time, progress: journey, state: state(p))
                guard keyframe.isFinite else { throw .nonFiniteGeometry }
                keyframes.append(keyframe)
                k += 1
            }
        }
        let rest = TransitionGeometry.presentationProgress(journey: solution.target, isReverse: isReverse)
        let last = Keyframe(time: max(0, duration), progress: solution.target, state: geometry.restingState(atProgress: rest))
        guard last.isFinite else { throw .nonFiniteGeometry }
        keyframes.append(last)
        return (keyframes, max(0, duration))
    }
}
