#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When a spring has settled: the last moment its distance from the target is `epsilon` or more.
///
/// Computed from the closed form, never by stepping the equation of motion:
/// - Underdamped: d(t) = R·e^{−ζωt}·cos(ω_d t − ψ). Its extrema fall at known times
///   t_k = (atan(−ζω/ω_d) + ψ + kπ)/ω_d with |d(t_k)| = R·(ω_d/ω)·e^{−ζωt_k}, so the last extremum
///   still at or above epsilon is found in one step from the envelope, and the exact crossing
///   after it by bracketed root finding on the closed form (d is monotone between extrema). This is tighter
///   than the envelope time ln(R/ε)/(ζω), which can be up to half a period late.
/// - Critically and overdamped: d(t) = e^{−λt}·u(t) with u monotone, so d has at most one zero and
///   one extremum. The envelope (|d₀| + |v₀ + λd₀|·t)·e^{−λt} (λ = ω, or the slow root's rate for
///   ζ > 1; this is where the critically damped (1 + ωt) factor and the overdamped slow root are
///   handled) is bracketed by doubling until it falls below epsilon, the extremum is located by
///   bracketed root finding on the monotone velocity factor, and the crossing the same way on d itself.
/// Each bracket is narrowed by Illinois regula falsi to a few ulps (at most 200 steps).
extension SpringSolution {
    /// Seconds after which |value − target| stays below `epsilon` for good; 0 if it already does,
    /// `.infinity` for an undamped spring or one that needs more than `settlingHorizon` seconds.
    /// - Parameter epsilon: threshold in the solution's units; default 0.001 (SwiftUI's).
    public func settlingDuration(epsilon: Double = SpringSolution.defaultEpsilon) -> Double {
        guard epsilon > 0, spring.validationError == nil else { return .infinity }
        switch spring.regime {
        case .underdamped:
            return underdampedSettling(epsilon: epsilon)
        case .criticallyDamped, .overdamped:
            return nonOscillatingSettling(epsilon: epsilon)
        }
    }

    private func underdampedSettling(epsilon: Double) -> Double {
        let d0 = start - target
        let v0 = initialVelocity
        let omega = spring.naturalFrequency
        let zeta = spring.dampingRatio
        let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
        let sineAmplitude = (v0 + zeta * omega * d0) / omegaD
        let amplitude = (d0 * d0 + sineAmplitude * sineAmplitude).squareRoot()
        guard amplitude >= epsilon else { return 0 }
        guard zeta > 0 else { return .infinity }
        let phase = atan2(sineAmplitude, d0)
        let theta0 = atan(-zeta * omega / omegaD)
        let peakFactor = omegaD / omega
        let halfPeriod = Double.pi / omegaD
        func extremum(_ k: Double) -> Double { (theta0 + phase + k * Double.pi) / omegaD }
        let firstK = (-(theta0 + phase) / Double.pi).rounded(.up)
        // Last extremum time whose height is still >= epsilon, straight from the envelope.
        let peakDeadline = log(amplitude * peakFactor / epsilon) / (zeta * omega)
        guard peakDeadline.isFinite, peakDeadline < Self.settlingHorizon else { return .infinity }
        if peakDeadline >= 0 {
            let lastK = ((peakDeadline * omegaD - theta0 - phase) / Double.pi).rounded(.down)
            if lastK >= firstK {
                let peak = max(0, extremum(lastK))
                return crossing(from: peak, to: peak + halfPeriod, epsilon: epsilon)
            }
        }
        guard abs(d0) >= epsilon else { return 0 }
        return crossing(from: 0, to: max(0, extremum(firstK)), epsilon: epsilon)
    }

    private func nonOscillatingSettling(epsilon: Double) -> Double {
        let d0 = start - target
        let v0 = initialVelocity
        let rate: Double =
            spring.regime == .criticallyDamped
            ? spring.naturalFrequency
            : -overdampedRoots.slow
        guard rate > 0 else { return .infinity }
        let growth = abs(v0 + rate * d0)
        func envelope(_ t: Double) -> Double { (abs(d0) + growth * t) * exp(-rate * t) }
        // The envelope peaks at 1/rate − |d0|/growth; bracket to the right of that peak.
        var upper = max(1 / rate, growth > 0 ? 1 / rate - abs(d0) / growth : 0)
        while envelope(upper) >= epsilon {
            upper *= 2
            if upper > Self.settlingHorizon { return .infinity }
        }
        // The velocity's sign is that of a monotone factor, so at most one extremum exists in [0, upper].
        let extremumTime: Double? = {
            let v0Sign = state(at: 0).velocity
            let vUpperSign = state(at: upper).velocity
            guard v0Sign != 0, vUpperSign != 0, (v0Sign > 0) != (vUpperSign > 0) else { return nil }
            let direction: Double = v0Sign > 0 ? 1 : -1
            return Self.signChange(from: 0, to: upper) { direction * state(at: $0).velocity }.lower
        }()
        if let peak = extremumTime, abs(displacement(at: peak)) >= epsilon {
            return crossing(from: peak, to: upper, epsilon: epsilon)
        }
        guard abs(d0) >= epsilon else { return 0 }
        return crossing(from: 0, to: extremumTime ?? upper, epsilon: epsilon)
    }

    /// The time in [`lower`, `upper`] where |d| falls below `epsilon` for the last time, given
    /// |d(lower)| ≥ ε > |d(upper)| and a single crossing between them.
    private func crossing(from lower: Double, to upper: Double, epsilon: Double) -> Double {
        Self.signChange(from: lower, to: upper) { abs(displacement(at: $0)) - epsilon }.upper
    }

    /// Narrows [`lower`, `upper`], where `g(lower) ≥ 0 > g(upper)` and `g` changes sign once, to
    /// a bracket a few ulps wide around the change, keeping the signs at its ends.
    ///
    /// Regula falsi with the Illinois modification: superlinear like the secant method (about ten
    /// evaluations of the closed form instead of bisection's fifty), yet never leaves the bracket.
    static func signChange(from lower: Double, to upper: Double, _ g: (Double) -> Double) -> (lower: Double, upper: Double) {
        var a = lower, b = upper
        var ga = g(a), gb = g(b)
        guard ga >= 0, gb < 0 else { return (a, b) }
        var side = 0
        for _ in 0..<200 {
            var c = (ga * b - gb * a) / (ga - gb)
            if !(c > a && c < b) { c = a + (b - a) / 2 }
            guard c > a, c < b else { break }
            let gc = g(c)
            if gc >= 0 {
                a = c
                ga = gc
                if side == 1 { gb /= 2 }
                side = 1
            } else {
                b = c
                gb = gc
                if side == -1 { ga /= 2 }
                side = -1
            }
            if b - a <= 4 * (b.ulp + a.ulp) { break }
        }
        return (a, b)
    }
}
