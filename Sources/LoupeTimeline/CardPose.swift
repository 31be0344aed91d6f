#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LoupeGeometry

/// A card position with its velocity (units per second) and the pivot its gesture transform uses.
struct CardPose: Sendable, Hashable {
    var position: CardPosition
    var velocity: CardPosition
    var pivot: Point

    static func resting(atProgress progress: Double) -> CardPose {
        CardPose(position: .resting(atProgress: progress), velocity: .zero, pivot: .zero)
    }

    /// The same visual pose expressed about `newPivot`: only the translation changes (and its
    /// velocity, by the product rule), so re-pivoting never moves the card.
    func rebased(to newPivot: Point) -> CardPose {
        let dx = newPivot.x - pivot.x, dy = newPivot.y - pivot.y
        let s = position.scale, cosine = cos(position.rotation), sine = sin(position.rotation)
        // T' = (P − P') + T + s·R·(P' − P)
        var moved = position
        moved.x = -dx + position.x + s * (cosine * dx - sine * dy)
        moved.y = -dy + position.y + s * (sine * dx + cosine * dy)
        // d/dt (s·R) = ṡ·R + s·θ̇·R⊥, R⊥ = [[−sin, −cos], [cos, −sin]]
        let ds = velocity.scale, dtheta = velocity.rotation
        var rate = velocity
        rate.x = velocity.x + ds * (cosine * dx - sine * dy) + s * dtheta * (-sine * dx - cosine * dy)
        rate.y = velocity.y + ds * (sine * dx + cosine * dy) + s * dtheta * (cosine * dx - sine * dy)
        return CardPose(position: moved, velocity: rate, pivot: newPivot)
    }
}
