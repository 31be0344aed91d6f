#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A damped spring with mass 1, described the way SwiftUI and UIKit describe it.
///
/// Two vocabularies, one model (SwiftUI's `Spring` and UIKit's
/// `UISpringTimingParameters` documentation):
/// - `response` (seconds) and `dampingRatio` (ζ, unitless): `stiffness = (2π/response)²`,
///   `damping = 2ζ·√stiffness = 4πζ/response`.
/// - `duration` (seconds) and `bounce` (−1...1): `response = duration`, and
///   `ζ = 1 − bounce` for bounce ≥ 0, `ζ = 1/(1 + bounce)` below zero.
///
/// Apple's worked example, pinned in the tests: `Spring(duration: 0.5, bounce: 0.3)` has
/// stiffness 157.9 and damping 17.6.
///
/// The initialiser stores whatever it is given; `validationError` says whether the spring can be
/// solved (positive finite response, positive finite damping ratio). The planner rejects bad
/// springs before they reach the engine; `GeometryEngine` checks again so nothing can crash.
public struct Spring: Sendable, Hashable {
    /// The undamped period in seconds: SwiftUI's `response`, also its `duration`.
    public let response: Double
    /// ζ: below 1 oscillates, 1 is critically damped, above 1 creeps in without overshoot.
    public let dampingRatio: Double

    /// Mass is fixed at 1, as in SwiftUI's `Spring(duration:bounce:)`.
    public var mass: Double { 1 }

    /// Stiffness k in N/m-like units (mass 1): `(2π/response)²`.
    public var stiffness: Double {
        let omega = naturalFrequency
        return omega * omega
    }

    /// Damping coefficient c: `2ζ·√k` = `4πζ/response`.
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    /// ω₀ in radians per second: `2π/response`.
    public var naturalFrequency: Double { 2 * Double.pi / response }

    /// SwiftUI's `duration`: the same number as `response`.
    public var duration: Double { response }

    /// SwiftUI's `bounce`: `1 − ζ` for ζ ≤ 1, `1/ζ − 1` above (the inverse of the mapping in `init(duration:bounce:)`).
    public var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// A spring from its response (seconds) and damping ratio (ζ).
    public init(response: Double, dampingRatio: Double) {
        self.response = response
        self.dampingRatio = dampingRatio
    }

    /// A spring from SwiftUI's duration (seconds, default 0.5) and bounce (−1...1, default 0).
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: ratio)
    }

    /// A spring from Core Animation's stiffness and damping with mass 1
    /// (`CASpringAnimation`, `interpolatingSpring`): `response = 2π/√k`, `ζ = c/(2√k)`.
    public init(stiffness: Double, damping: Double) {
        let omega = stiffness.squareRoot()
        self.init(response: 2 * Double.pi / omega, dampingRatio: damping / (2 * omega))
    }

    /// The damping regime, which decides the closed form used by `SpringSolution`.
    public var regime: Regime {
        if dampingRatio < 1 { return .underdamped }
        if dampingRatio == 1 { return .criticallyDamped }
        return .overdamped
    }

    /// The three shapes of a damped oscillator's solution.
    public enum Regime: Sendable, Hashable {
        /// ζ < 1: oscillates around the target with a decaying envelope.
        case underdamped
        /// ζ = 1: the fastest approach without overshoot from rest.
        case criticallyDamped
        /// ζ > 1: two real decay rates; the slow one dominates the tail.
        case overdamped
    }

    /// Why this spring cannot be solved, or `nil` when it can.
    ///
    /// An undamped spring (ζ = 0) is solvable but never settles; `SpringSolution.settlingDuration`
    /// reports that as infinity and the planner turns it into an error.
    public var validationError: GeometryError? {
        guard response.isFinite, response > 0 else { return .invalidSpring(.responseNotPositive) }
        guard dampingRatio.isFinite, dampingRatio >= 0 else { return .invalidSpring(.dampingRatioNegative) }
        return nil
    }
}

extension Spring: CustomStringConvertible {
    public var description: String {
        "Spring(response: \(response), dampingRatio: \(dampingRatio); stiffness: \(stiffness), damping: \(damping))"
    }
}
