import LoupeGeometry
import LoupeLifecycle
import LoupeTestSupport
import Testing

@testable import LoupePlanner

@Suite("Callback trace memo")
struct CallbackTraceMemoTests {
    /// Random single transitions, with durations drawn from a few values so that slots are hit,
    /// missed and replaced: every trace the memo gives must be the one the engine builds.
    @Test("a memoized trace is the engine's trace, whatever came before", arguments: PropertySeeds.seeds(count: 8))
    func memoizedTraceIsTheEnginesTrace(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let memo = CallbackTraceMemo()
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

    @Test("every key has its own slot")
    func keysHaveDistinctSlots() {
        var indices = Set<Int>()
        for kind in TransitionKind.allCases {
            for zooms in [false, true] {
                for covers in [false, true] {
                    for order in CallbackOrder.allCases {
                        let index = CallbackTraceMemo.Key(kind: kind, zooms: zooms, coversPresenter: covers, order: order).index
                        #expect((0..<CallbackTraceMemo.slotCount).contains(index))
                        indices.insert(index)
                    }
                }
            }
        }
        #expect(indices.count == CallbackTraceMemo.slotCount)
    }
}
