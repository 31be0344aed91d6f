import Testing
import LoupeGeometry

@Suite("Errors and hostile numbers")
struct PlannerErrorTests {
    @Test("more than 2400 keyframes is an error") func moreThan2400Keyframes_isAnError() {
        let slow = AnimationSettings(spring: Spring(response: 20, dampingRatio: 1), frameRate: 240)
        #expect(throws: GeometryError.self) { try Fixture.plan(Fixture.scene(animation: slow)) }
        do {
            _ = try Fixture.plan(Fixture.scene(animation: slow))
        } catch {
            guard case .tooManyKeyframes(let count, let limit) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(limit == 2_400 && count > 2_400)
        }
    }

    @Test("exactly 2400 keyframes is allowed") func exactly2400Keyframes_isAllowed() throws {
        // Response 2π/19·k scales the settling time; pick a spring settling just under 2399 frames at 60 fps.
        let settle = SpringSolution(spring: .zoom).settlingDuration()
        let spring = Spring(response: Spring.zoom.response * 39.9 / settle, dampingRatio: 1)
        let plan = try Fixture.plan(Fixture.scene(animation: AnimationSettings(spring: spring)))
        #expect(plan.keyframes.count <= 2_400 && plan.keyframes.count > 2_300)
    }

    @Test("undamped spring is an error not a hang") func undampedSpring_isAnErrorNotAHang() {
        let scene = Fixture.scene(animation: AnimationSettings(spring: Spring(response: 0.5, dampingRatio: 0)))
        #expect(throws: GeometryError.springNeverSettles) { try Fixture.plan(scene) }
    }

    @Test("unsolvable springs and frame rates are errors") func unsolvableSpringsAndFrameRates_areErrors() {
        #expect(throws: GeometryError.invalidSpring(.responseNotPositive)) {
            try Fixture.plan(Fixture.scene(animation: AnimationSettings(spring: Spring(response: 0, dampingRatio: 1))))
        }
        #expect(throws: GeometryError.invalidFrameRate) {
            try Fixture.plan(Fixture.scene(animation: AnimationSettings(frameRate: 0)))
        }
    }

    @Test("empty destination or container is an error") func emptyDestinationOrContainer_isAnError() {
        #expect(throws: GeometryError.emptyDestination) {
            try Fixture.plan(Fixture.scene(destination: Destination(frame: Rect(x: 0, y: 0, width: 0, height: 874))))
        }
        #expect(throws: GeometryError.emptyContainer) {
            try Fixture.plan(Fixture.scene(container: Container(width: 0, height: 0)))
        }
    }

    @Test("huge finite numbers give a plan or an error but never a crash") func hugeFiniteNumbers_giveAPlanOrAnErrorButNeverACrash() {
        let huge = Rect(x: 1e300, y: -1e300, width: 1e300, height: 1e-300)
        let scenes = [
            Fixture.scene(source: .view(SourceView(frame: huge))),
            Fixture.scene(
                container: Container(width: 1e308, height: 1e308),
                destination: Destination(frame: Rect(x: 0, y: 0, width: 1e308, height: 1e308))),
            Fixture.scene(destination: Destination(frame: Fixture.fullScreen, alignmentRect: Rect(x: 0, y: 0, width: 1e-300, height: 1e300)))
        ]
        for scene in scenes {
            do {
                let plan = try Fixture.plan(scene)
                #expect(plan.keyframes.allSatisfy { $0.state.isFinite })
            } catch {
                #expect(error == .nonFiniteGeometry)
            }
        }
    }
}
