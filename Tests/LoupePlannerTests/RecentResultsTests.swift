import LoupeGeometry
import LoupeLifecycle
import LoupeTestSupport
import Testing

@testable import LoupePlanner

@Suite("Remembered results")
struct RecentResultsTests {
    /// Random single transitions, with durations drawn from a few values so that slots are hit,
    /// missed and replaced: every trace the memo gives must be the one the engine builds.
    @Test("a memoized trace is the engine's trace, whatever came before", arguments: PropertySeeds.seeds(count: 8))
    func memoizedTraceIsTheEnginesTrace(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let memo = RecentResults<PlanCallbacks.TraceKey, [TraceEntry]>(capacity: 3)  // small, so entries are replaced
        let durations = [0.0, 0.35, 0.5, 0.5000000001, generator.double(in: 0.01...3)]
        for _ in 0..<300 {
            let kind = generator.element(of: TransitionKind.allCases)
            let effect = generator.element(of: TransitionEffect.allCases)
            let style = generator.element(of: PresentationStyle.allCases)
            let order = generator.element(of: CallbackOrder.allCases)
            let duration = generator.element(of: durations)
            let keepsView = generator.chance(0.3)  // an iOS 26 sheet at its detent
            let memoized = try PlanCallbacks.trace(
                of: kind, effect: effect, style: style, keepsPresenterView: keepsView, duration: duration, order: order, memo: memo)
            let built = try PlanCallbacks.buildTrace(
                PlanCallbacks.singleTransition(kind, effect: effect, style: style, keepsPresenterView: keepsView), duration: duration,
                order: order)
            #expect(memoized == built, "\(kind) \(effect) \(style) \(keepsView) \(order) \(duration)")
        }
    }

    @Test("a value is computed once per remembered key, and again once its entry was replaced, oldest first")
    func entriesAreReplacedOldestFirst() {
        let memo = RecentResults<Int, Int>(capacity: 2)
        var computed: [Int] = []
        func value(_ key: Int) -> Int {
            memo.value(for: key) {
                computed.append(key)
                return key * 10
            }
        }
        #expect([value(1), value(2), value(1), value(3), value(2), value(1)] == [10, 20, 10, 30, 20, 10])
        // 3 replaced 1 (the oldest), so 1 was computed again, replacing 2.
        #expect(computed == [1, 2, 3, 1])
        #expect(value(3) == 30 && value(2) == 20 && computed == [1, 2, 3, 1, 2])
    }

    /// Random springs, velocities, durations and tolerances, drawn from a few values each so
    /// that fits are remembered, found and replaced: every easing must be the one a fresh fit gives.
    @Test("a remembered easing is a fresh fit's", arguments: PropertySeeds.seeds(count: 2))
    func rememberedEasingIsAFreshFit(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let bodies = (0..<4).map { _ in
            let response = generator.double(in: 0.2...0.8)
            let damping = generator.double(in: 0.6...1.0)
            let tolerance = generator.element(of: [0.001, 0.004])
            return
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"animation":{"spring":{"response":\#(response),"dampingRatio":\#(damping)}},"options":{"easingTolerance":\#(tolerance)}}"#
        }
        for _ in 0..<24 {
            let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(generator.element(of: bodies).utf8)))
            let solution = SpringSolution(
                spring: answer.plan.spring, from: 0, to: 1, initialVelocity: answer.request.scene.animation.initialVelocity)
            let fresh = SpringEasing.fit(duration: answer.plan.duration, tolerance: answer.request.easingTolerance ?? 0.001) {
                solution.value(at: $0)
            }
            #expect(SpringEasing.easing(for: answer) == fresh)
        }
    }
}
