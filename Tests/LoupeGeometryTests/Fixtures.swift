import LoupeGeometry

/// Scenes and helpers shared by the geometry tests (an iPhone 17-sized container, 402 × 874 pt).
enum Fixture {
    static let container = Container(width: 402, height: 874)
    static let fullScreen = Rect(x: 0, y: 0, width: 402, height: 874)
    /// A 1:2 card thumbnail with 12 pt corners, close to the page's own shape (402:874) so the
    /// fixture raises no aspect-ratio warning.
    static let thumbnail = Rect(x: 24, y: 300, width: 120, height: 240)
    static let thumbnailSource = SourceInput.view(SourceView(frame: thumbnail, cornerRadius: 12))

    static func scene(
        _ transition: TransitionKind = .push,
        platform: Platform = .iOS,
        container: Container = Fixture.container,
        source: SourceInput = Fixture.thumbnailSource,
        destination: Destination = Destination(frame: Fixture.fullScreen),
        animation: AnimationSettings = AnimationSettings(),
        options: ZoomOptions = ZoomOptions()
    ) -> ZoomScene {
        ZoomScene(
            transition: transition, platform: platform, container: container, source: source,
            destination: destination, animation: animation, options: options)
    }

    static func plan(_ scene: ZoomScene) throws(GeometryError) -> ZoomPlan {
        try GeometryEngine.plan(scene)
    }

    static func codes(_ plan: ZoomPlan) -> [GeometryWarningCode] { plan.warnings.map(\.code) }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
        && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

func close(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { close($0, $1, tolerance) }
}

/// A classic fourth-order Runge–Kutta integration of x″ = −k(x − target) − c·x′ (mass 1), used only
/// to check the engine's closed forms against the differential equation itself.
struct RK4 {
    var stiffness: Double
    var damping: Double
    var target: Double

    func acceleration(_ x: Double, _ v: Double) -> Double { -stiffness * (x - target) - damping * v }

    /// Positions and velocities at each of `checkpoints` (seconds, ascending), stepping by `dt`.
    func run(x0: Double, v0: Double, dt: Double, checkpoints: [Double]) -> [(x: Double, v: Double)] {
        var x = x0, v = v0, t = 0.0
        var out: [(Double, Double)] = []
        for checkpoint in checkpoints {
            while t < checkpoint - 1e-12 {
                let h = min(dt, checkpoint - t)
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            out.append((x, v))
        }
        return out
    }
}

/// A named spring case for parameterised tests.
struct SpringCase: Sendable, CustomStringConvertible {
    var name: String
    var spring: Spring
    var initialVelocity: Double

    var description: String { name }

    static let all: [SpringCase] = [
        SpringCase(name: "underdamped from rest", spring: Spring(response: 0.5, dampingRatio: 0.3), initialVelocity: 0),
        SpringCase(name: "underdamped with velocity", spring: Spring(response: 0.5, dampingRatio: 0.3), initialVelocity: 4),
        SpringCase(name: "bouncy preset", spring: .bouncy, initialVelocity: 0),
        SpringCase(name: "critically damped from rest (zoom)", spring: .zoom, initialVelocity: 0),
        SpringCase(name: "critically damped with negative velocity", spring: Spring(response: 0.4, dampingRatio: 1), initialVelocity: -3),
        SpringCase(name: "overdamped from rest", spring: Spring(response: 0.5, dampingRatio: 2.5), initialVelocity: 0),
        SpringCase(name: "overdamped with velocity", spring: Spring(response: 0.3, dampingRatio: 1.7), initialVelocity: 6),
        SpringCase(name: "just underdamped", spring: Spring(response: 0.5, dampingRatio: 0.999_999), initialVelocity: 2),
        SpringCase(name: "just overdamped", spring: Spring(response: 0.5, dampingRatio: 1.000_001), initialVelocity: 2),
        SpringCase(name: "heavily overdamped", spring: Spring(response: 0.5, dampingRatio: 20), initialVelocity: 1)
    ]
}
