import Foundation
import Testing
import LoupeGeometry

@Suite("Spring parameters and closed form")
struct SpringTests {
    @Test("Apple's worked example: duration 0.5, bounce 0.3, has stiffness 157.9 and damping 17.6")
    func appleWorkedExample_duration05Bounce03_hasStiffness157_9AndDamping17_6() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(close(spring.stiffness, 157.9, 0.05))
        #expect(close(spring.damping, 17.6, 0.05))
        #expect(close(spring.dampingRatio, 0.7))
        #expect(spring.mass == 1)
    }

    @Test("stiffness and damping init gives apples inverse example") func stiffnessAndDampingInit_givesApplesInverseExample() {
        // Apple: Spring(mass: 1, stiffness: 100, damping: 10) → duration 0.63, bounce 0.5.
        let spring = Spring(stiffness: 100, damping: 10)
        #expect(close(spring.duration, 0.63, 0.005))
        #expect(close(spring.bounce, 0.5))
    }

    @Test("presets have SwiftUI's duration and bounce") func presets_haveSwiftUIsDurationAndBounce() {
        #expect(close(Spring.smooth.response, 0.5) && close(Spring.smooth.dampingRatio, 1))
        #expect(close(Spring.snappy.response, 0.5) && close(Spring.snappy.dampingRatio, 0.85))
        #expect(close(Spring.bouncy.response, 0.5) && close(Spring.bouncy.dampingRatio, 0.7))
        // Stiffness (2π/0.5)² = 157.91 for all three; damping 4πζ/0.5.
        for spring in [Spring.smooth, .snappy, .bouncy] {
            #expect(close(spring.stiffness, 157.9137, 1e-4))
        }
        #expect(close(Spring.smooth.damping, 25.1327, 1e-4))
        #expect(close(Spring.snappy.damping, 21.3628, 1e-4))
        #expect(close(Spring.bouncy.damping, 17.5929, 1e-4))
        #expect(Spring.preset(named: "snappy") == .snappy)
        #expect(Spring.preset(named: "wobbly") == nil)
    }

    @Test("negative bounce maps to overdamped ratio one over one plus bounce") func negativeBounce_mapsToOverdampedRatioOneOverOnePlusBounce() {
        let spring = Spring(duration: 0.4, bounce: -0.5)
        #expect(close(spring.dampingRatio, 2))
        #expect(spring.regime == .overdamped)
        #expect(close(spring.bounce, -0.5))
    }

    @Test("zoom default is critically damped at 19 radians per second") func zoomDefault_isCriticallyDampedAt19RadiansPerSecond() {
        #expect(Spring.zoom.regime == .criticallyDamped)
        #expect(close(Spring.zoom.naturalFrequency, 19, 1e-12))
        #expect(close(Spring.zoom.stiffness, 361, 1e-9))
        #expect(close(Spring.zoom.response, 0.3307, 1e-4))
    }

    @Test("navigation slide default is flutter cupertino stiffness critically damped")
    func navigationSlideDefault_isFlutterCupertinoStiffnessCriticallyDamped() {
        #expect(close(Spring.navigationSlide.stiffness, 522.35, 1e-9))
        #expect(close(Spring.navigationSlide.dampingRatio, 1, 1e-12))
    }

    @Test("closed form agrees with RK4 integration of the differential equation", arguments: SpringCase.all)
    func closedForm_agreesWithRK4IntegrationOfTheDifferentialEquation(_ spring: SpringCase) {
        let solution = SpringSolution(spring: spring.spring, initialVelocity: spring.initialVelocity)
        let checkpoints = stride(from: 0.02, through: 1.2, by: 0.02).map { $0 }
        let rk4 = RK4(stiffness: spring.spring.stiffness, damping: spring.spring.damping, target: 1)
        // The heavily overdamped case has a fast root of −2500/s: a smaller step keeps RK4 accurate.
        let dt = spring.spring.dampingRatio > 10 ? 2e-6 : 1e-5
        let numeric = rk4.run(x0: 0, v0: spring.initialVelocity, dt: dt, checkpoints: checkpoints)
        for (t, expected) in zip(checkpoints, numeric) {
            #expect(close(solution.value(at: t), expected.x, 1e-9), "x at t=\(t)")
            #expect(close(solution.velocity(at: t), expected.v, 1e-8), "v at t=\(t)")
        }
    }

    @Test("every regime starts at zero with its initial velocity and ends on target", arguments: SpringCase.all)
    func everyRegime_startsAtZeroWithItsInitialVelocityAndEndsOnTarget(_ spring: SpringCase) {
        let solution = SpringSolution(spring: spring.spring, initialVelocity: spring.initialVelocity)
        #expect(solution.value(at: 0) == 0)
        #expect(close(solution.velocity(at: 0), spring.initialVelocity, 1e-12))
        let late = solution.settlingDuration() + 60
        #expect(close(solution.value(at: late), 1, 1e-9))
        #expect(close(solution.velocity(at: late), 0, 1e-9))
    }

    @Test("underdamped branch matches the textbook formula") func underdampedBranch_matchesTheTextbookFormula() {
        let spring = Spring(response: 0.5, dampingRatio: 0.3)
        let w = spring.naturalFrequency, z = 0.3, wd = w * (1 - z * z).squareRoot()
        let solution = SpringSolution(spring: spring)
        for t in [0.05, 0.13, 0.4, 0.9] {
            let textbook = 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
            #expect(close(solution.value(at: t), textbook, 1e-12))
        }
    }

    @Test("critically damped branch matches one plus omega t formula") func criticallyDampedBranch_matchesOnePlusOmegaTFormula() {
        let solution = SpringSolution(spring: .zoom)
        for t in [0.01, 0.1, 0.25, 0.5] {
            #expect(close(solution.value(at: t), 1 - (1 + 19 * t) * exp(-19 * t), 1e-12))
            #expect(close(solution.velocity(at: t), 19 * 19 * t * exp(-19 * t), 1e-10))
        }
    }

    @Test("overdamped branch matches the two exponential formula") func overdampedBranch_matchesTheTwoExponentialFormula() {
        // The branch b3ll/Motion's SpringFunction got wrong: pin x(0) = x0 and the textbook constants.
        let spring = Spring(response: 0.5, dampingRatio: 2)
        let w = spring.naturalFrequency, s = 3.0.squareRoot()
        let r1 = -w * (2 - s), r2 = -w * (2 + s)
        let d0 = -1.0, v0 = 0.0
        let c2 = (v0 - r1 * d0) / (r2 - r1), c1 = d0 - c2
        let solution = SpringSolution(spring: spring)
        #expect(solution.value(at: 0) == 0)
        for t in [0.02, 0.1, 0.3, 0.8] {
            #expect(close(solution.value(at: t), 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t), 1e-12))
        }
    }

    @Test("underdamped spring overshoots then settles on target") func underdampedSpring_overshootsThenSettlesOnTarget() {
        let solution = SpringSolution(spring: .bouncy)
        let values = stride(from: 0.0, through: 2, by: 0.001).map { solution.value(at: $0) }
        #expect(values.max()! > 1.01)
        #expect(close(solution.value(at: 3), 1, 1e-6))
    }

    @Test("critically damped spring from rest never overshoots") func criticallyDampedSpringFromRest_neverOvershoots() {
        let solution = SpringSolution(spring: .zoom)
        let values = stride(from: 0.0, through: 2, by: 0.001).map { solution.value(at: $0) }
        #expect(values.max()! <= 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("overdamped spring from rest never overshoots and lags the critical one")
    func overdampedSpringFromRest_neverOvershootsAndLagsTheCriticalOne() {
        let over = SpringSolution(spring: Spring(response: 0.5, dampingRatio: 2))
        let critical = SpringSolution(spring: Spring(response: 0.5, dampingRatio: 1))
        for t in stride(from: 0.01, through: 2, by: 0.01) {
            #expect(over.value(at: t) < critical.value(at: t))
            #expect(over.value(at: t) < 1)
        }
    }

    @Test("retargeted solution starts at given position and velocity and settles on new target")
    func retargetedSolution_startsAtGivenPositionAndVelocityAndSettlesOnNewTarget() {
        let solution = SpringSolution(spring: .snappy, from: 0.6, to: 0, initialVelocity: -2)
        #expect(solution.value(at: 0) == 0.6)
        #expect(close(solution.velocity(at: 0), -2, 1e-12))
        #expect(close(solution.value(at: solution.settlingDuration() + 1), 0, 1e-3))
    }

    @Test("negative time is treated as the start") func negativeTime_isTreatedAsTheStart() {
        let solution = SpringSolution(spring: .bouncy, initialVelocity: 3)
        #expect(solution.value(at: -1) == 0)
        #expect(solution.velocity(at: -1) == 3)
    }

    @Test("invalid springs report why instead of crashing") func invalidSprings_reportWhyInsteadOfCrashing() {
        #expect(Spring(response: 0, dampingRatio: 1).validationError == .invalidSpring(.responseNotPositive))
        #expect(Spring(response: -1, dampingRatio: 1).validationError == .invalidSpring(.responseNotPositive))
        #expect(Spring(response: 0.5, dampingRatio: -0.1).validationError == .invalidSpring(.dampingRatioNegative))
        #expect(Spring.bouncy.validationError == nil)
    }
}
