import LoupeGeometry

/// One step of the tracking spring: the card follows a target that moves in a straight line (in
/// each component) over the step.
///
/// For x″ = −k(x − (a + b·τ)) − c·x′ the particular solution trails the target by the constant lag
/// L = c·b/k = 2ζ·b/ω, so x = a + b·τ − L + y with y a free spring to 0: each step is exact and
/// position and velocity carry over from step to step, whatever the target does.
struct FollowStep: Sendable, Hashable {
    var origin: Double
    var start: CardPosition
    var velocity: CardPosition
    /// Target at `origin`.
    var targetStart: CardPosition
    /// Target velocity over the step (units per second).
    var targetRate: CardPosition
    var spring: Spring

    func pose(at time: Double) -> (position: CardPosition, velocity: CardPosition) {
        let t = time - origin
        let lagPerRate = 2 * spring.dampingRatio / spring.naturalFrequency
        let x0 = start.components, v0 = velocity.components, a0 = targetStart.components, rates = targetRate.components
        var positions: [Double] = [], velocities: [Double] = []
        for i in 0..<5 {
            let a = a0[i], b = rates[i]
            let lag = lagPerRate * b
            let free = SpringSolution(spring: spring, from: x0[i] - a + lag, to: 0, initialVelocity: v0[i] - b)
            let y = free.state(at: t)
            positions.append(a + b * t - lag + y.displacement)
            velocities.append(b + y.velocity)
        }
        return (CardPosition(positions), CardPosition(velocities))
    }
}
