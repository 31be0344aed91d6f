#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LoupeGeometry

/// Where the zoomed card is, as five numbers every spring of the timeline drives independently.
///
/// `progress` is the transition's presentation progress (0 = on the source, 1 = presented), the
/// argument of the geometry engine. The other four describe the gesture's similarity transform
/// applied on top of that progress, about a pivot point (`CardPose.pivot`):
/// `x ↦ pivot + (x, y) + scale·R(rotation)·(x − pivot)`. The identity (scale 1, rotation 0,
/// translation 0) is the card exactly as the geometry engine draws it.
///
/// A position, not a *state*: "state" is the machines' word (the lifecycle's view-controller
/// states, the timeline's phases), and `CardPose` adds the velocity and the pivot.
struct CardPosition: Sendable, Hashable {
    var progress: Double
    var scale: Double
    /// Radians, counter-clockwise in the y-down container space as `atan2` measures it there.
    var rotation: Double
    var x: Double
    var y: Double

    static func resting(atProgress progress: Double) -> CardPosition {
        CardPosition(progress: progress, scale: 1, rotation: 0, x: 0, y: 0)
    }

    static let zero = CardPosition(progress: 0, scale: 0, rotation: 0, x: 0, y: 0)

    init(progress: Double, scale: Double, rotation: Double, x: Double, y: Double) {
        self.progress = progress
        self.scale = scale
        self.rotation = rotation
        self.x = x
        self.y = y
    }

    init(_ components: [Double]) {
        self.init(progress: components[0], scale: components[1], rotation: components[2], x: components[3], y: components[4])
    }

    /// The five numbers in a fixed order: progress, scale, rotation, x, y.
    var components: [Double] { [progress, scale, rotation, x, y] }

    /// Applies `transform` to each component.
    func map(_ transform: (Double) -> Double) -> CardPosition { CardPosition(components.map(transform)) }

    /// Combines two states component by component.
    func combined(with other: CardPosition, _ combine: (Double, Double) -> Double) -> CardPosition {
        CardPosition(zip(components, other.components).map(combine))
    }

    var isFinite: Bool { components.allSatisfy(\.isFinite) }

    /// True when the gesture transform is the identity.
    var hasIdentityGesture: Bool { scale == 1 && rotation == 0 && x == 0 && y == 0 }

    /// Below this the gesture's scale is drawn rubber-banded (`withDrawnScale`).
    static let smallestDrawnScale = 0.01

    /// The state as drawn: a gesture scale under `smallestDrawnScale` (a spring handed a fast
    /// closing pinch, or a soft app-call spring, carrying it toward or through 0) is drawn at
    /// `m·e^((s − m)/m)`, which meets the scale with slope 1 there and stays positive, so the
    /// card never turns through 0 into a half-turned page (issue 23 §1). Larger scales, every
    /// scale the fingers themselves produce, are drawn as they are.
    var withDrawnScale: CardPosition {
        let m = Self.smallestDrawnScale
        guard scale < m else { return self }
        var drawn = self
        drawn.scale = m * exp((scale - m) / m)
        return drawn
    }

    /// The gesture transform as an affine map of container points.
    func gestureTransform(pivot: Point) -> LoupeGeometry.AffineTransform {
        let a: Double = scale * cos(rotation)
        let b: Double = scale * sin(rotation)
        let tx: Double = pivot.x + x - (a * pivot.x - b * pivot.y)
        let ty: Double = pivot.y + y - (b * pivot.x + a * pivot.y)
        return LoupeGeometry.AffineTransform(a: a, b: b, c: -b, d: a, tx: tx, ty: ty)
    }

    /// The state the springs settle to: the same progress target with the gesture undone. The
    /// rotation unwinds to the nearest whole turn (visually the identity), not through every turn
    /// the fingers made.
    static func settleTarget(progress: Double, from current: CardPosition) -> CardPosition {
        let turns = (current.rotation / (2 * .pi)).rounded()
        return CardPosition(progress: progress, scale: 1, rotation: turns.isFinite ? turns * 2 * .pi : 0, x: 0, y: 0)
    }
}
