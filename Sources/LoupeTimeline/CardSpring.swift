import LoupeGeometry

/// The five components of a card pose released with their velocities and pulled to `target` by
/// one spring: each component is its own closed-form `SpringSolution` with the same spring, as a
/// vector spring (UIKit's `UISpringTimingParameters` with a vector initial velocity) behaves.
struct CardSpring: Sendable, Hashable {
    /// The timeline time at which the spring was released.
    var origin: Double
    var start: CardPosition
    var velocity: CardPosition
    var target: CardPosition
    var spring: Spring
    /// A finishing pinch: the scale follows progress instead of its own spring (`SizeHandOff`).
    var sizeHandOff: SizeHandOff? = nil

    private func solutions() -> [SpringSolution] {
        zip(zip(start.components, velocity.components), target.components).map { pair, target in
            SpringSolution(spring: spring, from: pair.0, to: target, initialVelocity: pair.1)
        }
    }

    /// Position and velocity at timeline `time`.
    func pose(at time: Double) -> (position: CardPosition, velocity: CardPosition) {
        let t = time - origin
        var states = solutions().map { ($0.value(at: t), $0.velocity(at: t)) }
        if let handOff = sizeHandOff {
            states[1] = handOff.scale(progress: states[0].0, rate: states[0].1, at: t)
        }
        return (CardPosition(states.map(\.0)), CardPosition(states.map(\.1)))
    }

    /// Seconds until every component stays within its epsilon of the target (the longest of the
    /// five settling times); infinity when the spring never settles.
    func settlingDuration(epsilon: CardPosition) -> Double {
        let solutions = solutions()
        var durations = zip(solutions, epsilon.components).map { $0.settlingDuration(epsilon: $1) }
        if let handOff = sizeHandOff {
            durations[1] = handOff.settlingDuration(progress: solutions[0], epsilon: epsilon.scale)
        }
        return durations.max() ?? 0
    }
}
