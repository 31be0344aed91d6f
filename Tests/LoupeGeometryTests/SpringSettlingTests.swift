import Foundation
import Testing
import LoupeGeometry
import LoupeTestSupport

@Suite("Spring settling duration")
struct SpringSettlingTests {
    @Test("settling duration is the last moment the spring is epsilon away", arguments: SpringCase.all)
    func settlingDuration_isTheLastMomentTheSpringIsEpsilonAway(_ spring: SpringCase) {
        let solution = SpringSolution(spring: spring.spring, initialVelocity: spring.initialVelocity)
        let epsilon = SpringSolution.defaultEpsilon
        let settle = solution.settlingDuration()
        #expect(settle.isFinite && settle > 0)
        // After it: within epsilon on a fine grid for five more seconds.
        for t in stride(from: settle, through: settle + 5, by: 1e-4) {
            #expect(abs(solution.displacement(at: t)) < epsilon, "t=\(t)")
        }
        // Just before it: not yet within epsilon (the time is tight, not an envelope bound).
        #expect(abs(solution.displacement(at: settle - 1e-7)) >= epsilon)
        // A brute-force scan finds the same last crossing (within its grid step).
        var lastOutside = 0.0
        for t in stride(from: 0.0, through: settle + 1, by: 1e-5) where abs(solution.displacement(at: t)) >= epsilon {
            lastOutside = t
        }
        #expect(abs(lastOutside - settle) < 2e-5 * max(1, settle))
    }

    @Test("zoom spring settles in about half a second") func zoomSpring_settlesInAboutHalfASecond() {
        // (1 + x)·e^{−x} = 0.001 at x ≈ 9.2335, so t = x/19 ≈ 0.48597 s (measured by
        // swift_transitions: 0.4–0.5 s).
        let settle = SpringSolution(spring: .zoom).settlingDuration()
        #expect(close(settle, 0.48597, 1e-4))
    }

    @Test("underdamped settling is tighter than the envelope time") func underdampedSettling_isTighterThanTheEnvelopeTime() {
        let spring = Spring.bouncy
        let solution = SpringSolution(spring: spring)
        let zeta = spring.dampingRatio, w = spring.naturalFrequency
        let wd = w * (1 - zeta * zeta).squareRoot()
        let amplitude = (1 + pow(zeta * w / wd, 2)).squareRoot()
        let envelopeTime = log(amplitude / 0.001) / (zeta * w)
        #expect(solution.settlingDuration() <= envelopeTime)
    }

    @Test("custom epsilon changes the settling time") func customEpsilon_changesTheSettlingTime() {
        let solution = SpringSolution(spring: .smooth)
        #expect(solution.settlingDuration(epsilon: 0.01) < solution.settlingDuration(epsilon: 0.001))
    }

    @Test("undamped spring never settles") func undampedSpring_neverSettles() {
        #expect(SpringSolution(spring: Spring(response: 0.5, dampingRatio: 0)).settlingDuration() == .infinity)
    }

    @Test("spring already at rest settles immediately") func springAlreadyAtRest_settlesImmediately() {
        #expect(SpringSolution(spring: .bouncy, from: 1, to: 1).settlingDuration() == 0)
        #expect(SpringSolution(spring: .zoom, from: 0.9995, to: 1).settlingDuration() == 0)
    }

    @Test("extreme damping ratios return without hanging") func extremeDampingRatios_returnWithoutHanging() {
        let barelyDamped = SpringSolution(spring: Spring(response: 0.5, dampingRatio: 1e-9)).settlingDuration()
        #expect(barelyDamped > 1e6)
        let treacle = SpringSolution(spring: Spring(response: 0.5, dampingRatio: 1e12)).settlingDuration()
        #expect(treacle == .infinity)
    }

    @Test("seeded random springs settle where the closed form says and agree with RK4")
    func seededRandomSprings_settleWhereTheClosedFormSaysAndAgreeWithRK4() {
        for seed in PropertySeeds.seeds(count: 40) {
            var rng = SeededGenerator(seed: seed)
            let spring = Spring(response: rng.double(in: 0.15...0.8), dampingRatio: rng.double(in: 0.2...3))
            let v0 = rng.double(in: -6...6)
            let solution = SpringSolution(spring: spring, initialVelocity: v0)
            let settle = solution.settlingDuration()
            #expect(settle.isFinite, "seed \(seed)")
            for t in stride(from: settle, through: settle + 2, by: 5e-4) {
                #expect(abs(solution.displacement(at: t)) < 0.001, "seed \(seed) t=\(t)")
            }
            let checkpoints = [0.05, 0.2, 0.5]
            let numeric = RK4(stiffness: spring.stiffness, damping: spring.damping, target: 1)
                .run(x0: 0, v0: v0, dt: 2e-5, checkpoints: checkpoints)
            for (t, expected) in zip(checkpoints, numeric) {
                #expect(close(solution.value(at: t), expected.x, 1e-9), "seed \(seed) t=\(t)")
            }
        }
    }
}
