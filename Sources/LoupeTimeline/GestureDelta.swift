#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LoupeGeometry

/// A gesture's own similarity (scale, rotation, translation) about its pivot, before it is
/// composed with the state the card had when the gesture took hold.
struct GestureDelta: Sendable, Hashable {
    var scale: Double
    var rotation: Double
    var x: Double
    var y: Double

    static let identity = GestureDelta(scale: 1, rotation: 0, x: 0, y: 0)

    /// `self ∘ base`, both about the same pivot: scales multiply, rotations add and the base's
    /// translation is carried through this delta's scale and rotation.
    func applied(to base: CardPosition) -> CardPosition {
        let cosine = cos(rotation), sine = sin(rotation)
        return CardPosition(
            progress: base.progress,
            scale: scale * base.scale,
            rotation: rotation + base.rotation,
            x: x + scale * (cosine * base.x - sine * base.y),
            y: y + scale * (sine * base.x + cosine * base.y))
    }
}
