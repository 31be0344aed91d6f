import LoupeGeometry

/// The five components of a card pose released with their velocities and pulled to `target` by
/// one spring: each component is its own closed-form `SpringSolution` with the same spring, as a
/// vector spring (UIKit's `UISpringTimingParameters` with a vector initial velocity) behaves.
struct CardSpring: Sendable, Hashable {
    /// The timeline time at which the spring was released.
    var origin: Double
    var start: CardState
    var velocity: CardState
    var target: CardState
    var spring: Spring
    /// A finishing pinch: the scale follows progress instead of its own spring (`SizeHandOff`).
    var sizeHandOff: SizeHandOff? = nil

    private func solutions() -> [SpringSolution] {
        zip(zip(start.components, velocity.components), target.components).map { pair, target in
            SpringSolution(spring: spring, from: pair.0, to: target, initialVelocity: pair.1)
        }
    }

    /// Position and velocity at timeline `time`.
    func pose(at time: Double) -> (state: CardState, velocity: CardState) {
        let t = time - origin
        var states = solutions().map { ($0.value(at: t), $0.velocity(at: t)) }
        if let handOff = sizeHandOff {
            states[1] = handOff.scale(progress: states[0].0, rate: states[0].1, at: t)
        }
        return (CardState(states.map(\.0)), CardState(states.map(\.1)))
    }

    /// Seconds until every component stays within its epsilon of the target (the longest of the
    /// five settling times); infinity when the spring never settles.
    func settlingDuration(epsilon: CardState) -> Double {
        let solutions = solutions()
        var durations = zip(solutions, epsilon.components).map { $0.settlingDuration(epsilon: $1) }
        if let handOff = sizeHandOff {
            durations[1] = handOff.settlingDuration(progress: solutions[0], epsilon: epsilon.scale)
        }
        return durations.max() ?? 0
    }
}

/// One step of the tracking spring: the card follows a target that moves in a straight line (in
/// each component) over the step.
///
/// For x″ = −k(x − (a + b·τ)) − c·x′ the particular solution trails the target by the constant lag
/// L = c·b/k = 2ζ·b/ω, so x = a + b·τ − L + y with y a free spring to 0: each step is exact and
/// position and velocity carry over from step to step, whatever the target does.
struct FollowStep: Sendable, Hashable {
    var origin: Double
    var start: CardState
    var velocity: CardState
    /// Target at `origin`.
    var targetStart: CardState
    /// Target velocity over the step (units per second).
    var targetRate: CardState
    var spring: Spring

    func pose(at time: Double) -> (state: CardState, velocity: CardState) {
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
        return (CardState(positions), CardState(velocities))
    }
}

/// How the card moves during one piece of the timeline.
enum CardMotion: Sendable, Hashable {
    /// Still, at rest (a transition ended here, or nothing started yet).
    case rest(CardState)
    /// Released: a spring pulls the card to a target.
    case spring(CardSpring)
    /// Held by a finger: the tracking spring follows the gesture.
    case follow(FollowStep)

    func pose(at time: Double) -> (state: CardState, velocity: CardState) {
        switch self {
        case .rest(let state): (state, .zero)
        case .spring(let spring): spring.pose(at: time)
        case .follow(let step): step.pose(at: time)
        }
    }
}

/// A stretch of the timeline with one motion, the pivot its gesture transform uses, the host whose
/// geometry draws it and the transition whose journey progress the keyframes report.
struct MotionPiece: Sendable, Hashable {
    var start: Double
    var end: Double
    var motion: CardMotion
    var pivot: Point
    var host: Host
    /// nil before any transition: keyframes then report presentation progress.
    var transition: TransitionKind?
    /// Which source the piece is drawn with (`HostPlans`: 0 = the request's, one more per
    /// `sourceChanged`).
    var generation: Int
    /// While the card moves over to a source that changed in flight.
    var blend: SourceBlend?

    var isResting: Bool {
        if case .rest = motion { return true }
        return false
    }
}
