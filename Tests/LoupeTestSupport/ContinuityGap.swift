/// Whether sampled values move continuously through an instant: position and velocity just
/// before and just after it, each from a Lagrange polynomial through the nearest samples on that
/// side only, so a jump or a kink at the instant shows as a gap while a smooth motion does not.
///
/// With four samples per side (a cubic) the slope is off by about x⁗·h³, far below any velocity
/// jump worth the name when the samples are dense (1–2 kHz); a dropped or doubled velocity scores
/// about 1 in `worstVelocityGap`.
public struct ContinuityGap: Sendable {
    public var leftValue: [Double], rightValue: [Double]
    public var leftVelocity: [Double], rightVelocity: [Double]

    /// - Parameters:
    ///   - times: ascending sample times.
    ///   - samples: the values at each time (same count per sample).
    ///   - points: samples used per side.
    /// - Returns: nil when either side has fewer than `points` samples.
    public init?(times: [Double], samples: [[Double]], at time: Double, points: Int = 4) {
        let left = Array(times.indices.filter { times[$0] <= time }.suffix(points))
        let right = Array(times.indices.filter { times[$0] >= time }.prefix(points))
        guard left.count == points, right.count == points else { return nil }
        let l = Self.fit(left.map { times[$0] }, left.map { samples[$0] }, at: time)
        let r = Self.fit(right.map { times[$0] }, right.map { samples[$0] }, at: time)
        (leftValue, leftVelocity, rightValue, rightVelocity) = (l.value, l.velocity, r.value, r.velocity)
    }

    /// Largest position gap in units of each value's floor.
    public func worstPositionGap(floors: [Double]) -> Double {
        zip(zip(leftValue, rightValue), floors).map { pair, floor in abs(pair.0 - pair.1) / floor }.max() ?? 0
    }

    /// Largest velocity gap relative to the motion's speed: |v⁻ − v⁺| ÷ (fastest value of the
    /// same group + floor), so a value that happens to be nearly still is judged against how fast
    /// its group moves.
    public func worstVelocityGap(groups: [[Int]], floors: [Double]) -> Double {
        groups.flatMap { group in
            let speed = group.map { max(abs(leftVelocity[$0]), abs(rightVelocity[$0])) }.max() ?? 0
            return group.map { abs(leftVelocity[$0] - rightVelocity[$0]) / (speed + floors[$0]) }
        }.max() ?? 0
    }

    /// The Lagrange polynomial through the samples, evaluated (value and slope) at `t`.
    private static func fit(_ ts: [Double], _ ys: [[Double]], at t: Double) -> (value: [Double], velocity: [Double]) {
        let n = ts.count
        var value = [Double](repeating: 0, count: ys.first?.count ?? 0), velocity = value
        for i in 0..<n {
            let others = (0..<n).filter { $0 != i }
            let denominator = others.map { ts[i] - ts[$0] }.reduce(1, *)
            let basis = others.map { t - ts[$0] }.reduce(1, *) / denominator
            // d/dt Π (t − t_j) = Σ_k Π_{j≠k} (t − t_j)
            let slope = others.map { k in others.filter { $0 != k }.map { t - ts[$0] }.reduce(1, *) }.reduce(0, +) / denominator
            for c in value.indices {
                value[c] += ys[i][c] * basis
                velocity[c] += ys[i][c] * slope
            }
        }
        return (value, velocity)
    }
}
