import LoupeGeometry

/// How a finishing pinch hands the card's size over to the landing spring (issue 23 §6).
///
/// Left to itself, the vector spring pulls the gesture's scale back to 1 at once while progress
/// starts shrinking the card from rest, so a card pinched small grew again before it shrank to
/// the source (163.7 → 165.7 pt in examples/timeline-pinch-dismiss.json, 7 % in a spinning pinch).
/// Instead the scale is slaved to progress, so the card's width (relative to the page's) runs
/// straight from where the fingers left it to the source's: `S(p) = σ₀ + (C₀ − σ₀)·p/p₀`, where σ₀
/// is the source's width over the page's, p₀ and C₀ the progress and relative width at the release,
/// and the geometry's own width ratio is `σ(p) = σ₀ + (1 − σ₀)p`; the scale is `S(p)/σ(p)`, which is
/// the gesture's scale at the release and 1 on the source. On top runs a correction δ, a critically
/// damped spring from 0 with the scale velocity the slaved path lacks, so the scale's position and
/// velocity are continuous at the release: the card keeps shrinking as fast as the fingers did
/// (Apple's fluid-transitions article: motion that "seamlessly change[s] based on a person's
/// gestures") and then only shrinks, apart from the landing's own measured overshoot past the
/// source. No public source gives the formula; a straight width path is the simplest that never
/// grows.
struct SizeHandOff: Sendable, Hashable {
    /// σ₀: the source's width over the page's.
    var sourceRatio: Double
    /// p₀: presentation progress at the release (> 0).
    var startProgress: Double
    /// C₀: the card's width over the page's at the release.
    var startWidth: Double
    /// δ: the scale's correction, from 0 with the velocity the slaved path lacks.
    var correction: SpringSolution

    /// The hand-off for a card released at `pose` toward the source, or nil when it does not apply
    /// (a source as wide as the page, or a card already on the source).
    init?(pose: CardPose, sourceRatio: Double, spring: Spring) {
        let p0 = pose.position.progress
        guard sourceRatio > 0, sourceRatio < 1, p0 > 1e-3, p0.isFinite else { return nil }
        let c0 = pose.position.scale * (sourceRatio + (1 - sourceRatio) * p0)
        let slope = Self.slaved(p0, sourceRatio: sourceRatio, startProgress: p0, startWidth: c0).slope
        self.sourceRatio = sourceRatio
        self.startProgress = p0
        self.startWidth = c0
        self.correction = SpringSolution(
            spring: Spring(response: spring.response, dampingRatio: 1), from: 0, to: 0,
            initialVelocity: pose.velocity.scale - slope * pose.velocity.progress)
    }

    /// The slaved scale `S(p)/σ(p)` and its derivative in p.
    func scale(atProgress p: Double) -> (value: Double, slope: Double) {
        Self.slaved(p, sourceRatio: sourceRatio, startProgress: startProgress, startWidth: startWidth)
    }

    private static func slaved(
        _ p: Double, sourceRatio: Double, startProgress: Double, startWidth: Double
    ) -> (value: Double, slope: Double) {
        let sigma = sourceRatio + (1 - sourceRatio) * p, sigmaSlope = 1 - sourceRatio
        let widthSlope = (startWidth - sourceRatio) / startProgress
        let width = sourceRatio + widthSlope * p
        guard abs(sigma) > 1e-9 else { return (1, 0) }
        return (width / sigma, (widthSlope * sigma - width * sigmaSlope) / (sigma * sigma))
    }

    /// The scale and its velocity at `t` seconds after the release, for progress `p` moving at `rate`.
    func scale(progress p: Double, rate: Double, at t: Double) -> (value: Double, velocity: Double) {
        let slaved = scale(atProgress: p), delta = correction.state(at: t)
        return (slaved.value + delta.displacement, slaved.slope * rate + delta.velocity)
    }

    /// Seconds until the scale stays within `epsilon` of 1, given the progress spring: progress
    /// must be within `epsilon` over the slope at rest, and the correction within `epsilon`.
    func settlingDuration(progress: SpringSolution, epsilon: Double) -> Double {
        let slope = abs(scale(atProgress: 0).slope)
        return max(
            progress.settlingDuration(epsilon: epsilon / max(1, slope)),
            correction.settlingDuration(epsilon: epsilon))
    }
}
