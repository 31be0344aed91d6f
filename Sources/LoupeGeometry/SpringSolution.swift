#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The closed-form motion of a `Spring` released at `start` with `initialVelocity`, pulled to `target`.
///
/// Solves m·x″ + c·x′ + k·(x − target) = 0 with m = 1 exactly (no numerical integration), so the
/// keyframes do not depend on the frame rate. With d = x − target, d₀ = start − target, v₀ the
/// initial velocity, ω = 2π/response and ζ the damping ratio:
/// - underdamped (ζ < 1), ω_d = ω·√(1 − ζ²):
///   `d(t) = e^{−ζωt}·(d₀·cos ω_d t + (v₀ + ζωd₀)·t·sinc(ω_d t))`
/// - critically damped (ζ = 1): `d(t) = e^{−ωt}·(d₀ + (v₀ + ωd₀)·t)`
/// - overdamped (ζ > 1), roots r₁ = −ω/(ζ + √(ζ²−1)) (slow), r₂ = −ω(ζ + √(ζ²−1)) (fast), Δ = r₂ − r₁:
///   `d(t) = e^{r₁t}·(d₀ + (v₀ − r₁d₀)·t·φ(Δt))` with φ(x) = (eˣ − 1)/x.
///
/// The sinc and φ forms are the textbook solutions rearranged so that neither divides by a
/// vanishing ω_d or Δ near ζ = 1; r₁ is computed as −ω/(ζ + s) rather than −ω(ζ − s) to avoid
/// cancellation for large ζ. (b3ll/Motion's `SpringFunction` got its overdamped constants wrong;
/// each branch here is pinned against an RK4 integration in the tests.)
///
/// Use it with `start` 0 and `target` 1 for a whole transition (values are then "progress"), or
/// with any position and velocity for retargeting an interrupted or gesture-driven transition.
public struct SpringSolution: Sendable, Hashable {
    /// SwiftUI's default settling threshold (`Spring.settlingDuration`'s epsilon): 0.001 in the
    /// solution's units, i.e. 0.1 % of a whole 0 → 1 transition.
    public static let defaultEpsilon = 0.001

    /// Settling times beyond this many seconds are reported as infinity (a spring that never
    /// settles in practice); the bound also caps the bracketing loop.
    public static let settlingHorizon = 1e9

    public let spring: Spring
    /// Position at t = 0, in the caller's units (progress for a transition).
    public let start: Double
    /// Rest position.
    public let target: Double
    /// Velocity at t = 0 in units per second. For progress this is UIKit's normalised
    /// `initialSpringVelocity`: points per second divided by the travel distance in points.
    public let initialVelocity: Double

    public init(spring: Spring, from start: Double = 0, to target: Double = 1, initialVelocity: Double = 0) {
        self.spring = spring
        self.start = start
        self.target = target
        self.initialVelocity = initialVelocity
    }

    /// Position at `time` seconds (times below zero are treated as zero).
    public func value(at time: Double) -> Double {
        target + state(at: time).displacement
    }

    /// Velocity at `time` seconds, in units per second.
    public func velocity(at time: Double) -> Double {
        state(at: time).velocity
    }

    /// `value(at:) − target`.
    public func displacement(at time: Double) -> Double {
        state(at: time).displacement
    }

    // MARK: - Closed form

    /// Position relative to the target and velocity at `time`, from the regime's closed form.
    public func state(at time: Double) -> (displacement: Double, velocity: Double) {
        let t = max(0, time)
        let d0 = start - target
        let v0 = initialVelocity
        let omega = spring.naturalFrequency
        let zeta = spring.dampingRatio
        switch spring.regime {
        case .underdamped:
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            let a = -zeta * omega
            let k = v0 - a * d0
            let decay = exp(a * t)
            let phase = omegaD * t
            let cosine = cos(phase)
            let sine = sin(phase)  // once: the sinc and the velocity both need it
            let d = decay * (d0 * cosine + k * t * Self.sinc(phase, sine: sine))
            let v = a * d + decay * (-d0 * omegaD * sine + k * cosine)
            return (d, v)
        case .criticallyDamped:
            let decay = exp(-omega * t)
            let b = v0 + omega * d0
            return ((d0 + b * t) * decay, (v0 - omega * b * t) * decay)
        case .overdamped:
            let roots = overdampedRoots
            let k = v0 - roots.slow * d0
            let decay = exp(roots.slow * t)
            let phi = Self.phi((roots.fast - roots.slow) * t)
            let d = decay * (d0 + k * t * phi)
            let v = decay * (roots.slow * d0 + k * (1 + roots.fast * t * phi))
            return (d, v)
        }
    }

    /// The two real roots for ζ > 1: `slow` = −ω/(ζ + s), `fast` = −ω(ζ + s), s = √(ζ² − 1).
    var overdampedRoots: (slow: Double, fast: Double) {
        let omega = spring.naturalFrequency
        let zeta = spring.dampingRatio
        let s = ((zeta - 1) * (zeta + 1)).squareRoot()
        return (-omega / (zeta + s), -omega * (zeta + s))
    }

    /// sin(x)/x given sin(x), with its limit 1 at zero.
    static func sinc(_ x: Double, sine: Double) -> Double { x == 0 ? 1 : sine / x }

    /// (eˣ − 1)/x, with its limit 1 at zero; `expm1` keeps it exact for small x.
    static func phi(_ x: Double) -> Double { x == 0 ? 1 : expm1(x) / x }
}
