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
/// applied on top of that state, about a pivot point (`CardPose.pivot`):
/// `x ↦ pivot + (x, y) + scale·R(rotation)·(x − pivot)`. The identity (scale 1, rotation 0,
/// translation 0) is the card exactly as the geometry engine draws it.
struct CardState: Sendable, Hashable {
    var progress: Double
    var scale: Double
    /// Radians, counter-clockwise in the y-down container space as `atan2` measures it there.
    var rotation: Double
    var x: Double
    var y: Double

    static func resting(atProgress progress: Double) -> CardState {
        CardState(progress: progress, scale: 1, rotation: 0, x: 0, y: 0)
    }

    static let zero = CardState(progress: 0, scale: 0, rotation: 0, x: 0, y: 0)

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
    func map(_ transform: (Double) -> Double) -> CardState { CardState(components.map(transform)) }

    /// Combines two states component by component.
    func combined(with other: CardState, _ combine: (Double, Double) -> Double) -> CardState {
        CardState(zip(components, other.components).map(combine))
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
    var withDrawnScale: CardState {
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
    static func settleTarget(progress: Double, from current: CardState) -> CardState {
        let turns = (current.rotation / (2 * .pi)).rounded()
        return CardState(progress: progress, scale: 1, rotation: turns.isFinite ? turns * 2 * .pi : 0, x: 0, y: 0)
    }
}

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
    func applied(to base: CardState) -> CardState {
        let cosine = cos(rotation), sine = sin(rotation)
        return CardState(
            progress: base.progress,
            scale: scale * base.scale,
            rotation: rotation + base.rotation,
            x: x + scale * (cosine * base.x - sine * base.y),
            y: y + scale * (sine * base.x + cosine * base.y))
    }
}
