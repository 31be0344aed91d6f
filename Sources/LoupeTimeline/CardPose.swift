#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LoupeGeometry

/// A card state with its velocity (units per second) and the pivot its gesture transform uses.
struct CardPose: Sendable, Hashable {
    var state: CardState
    var velocity: CardState
    var pivot: Point

    static func resting(atProgress progress: Double) -> CardPose {
        CardPose(state: .resting(atProgress: progress), velocity: .zero, pivot: .zero)
    }

    /// The same visual pose expressed about `newPivot`: only the translation changes (and its
    /// velocity, by the product rule), so re-pivoting never moves the card.
    func rebased(to newPivot: Point) -> CardPose {
        let dx = newPivot.x - pivot.x, dy = newPivot.y - pivot.y
        let s = state.scale, cosine = cos(state.rotation), sine = sin(state.rotation)
        // T' = (P − P') + T + s·R·(P' − P)
        var moved = state
        moved.x = -dx + state.x + s * (cosine * dx - sine * dy)
        moved.y = -dy + state.y + s * (sine * dx + cosine * dy)
        // d/dt (s·R) = ṡ·R + s·θ̇·R⊥, R⊥ = [[−sin, −cos], [cos, −sin]]
        let ds = velocity.scale, dtheta = velocity.rotation
        var rate = velocity
        rate.x = velocity.x + ds * (cosine * dx - sine * dy) + s * dtheta * (-sine * dx - cosine * dy)
        rate.y = velocity.y + ds * (sine * dx + cosine * dy) + s * dtheta * (cosine * dx - sine * dy)
        return CardPose(state: moved, velocity: rate, pivot: newPivot)
    }
}
