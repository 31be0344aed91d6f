import LoupeGeometry
import Testing

/// Issue 44 §4: the slide push as recorded natively (swift_transitions' parity stage 1, iOS 27
/// simulator; its iOS 26 device runs agree): an exponential decay of the remaining distance,
/// τ 61 ms, no ease-in ("the first frame moves a fifth of the width"), settled to half a point at
/// 400 ms, the moving page clipped to the display's corner radius (its design.md §1.1). Loupe had
/// 0.057 of the width at 16.7 ms (native 0.239), 0.317 at 50 ms (0.559), corner radius 0.
@Suite("Issue 44 §4: the slide's own curve on iOS 26")
struct RecordedSlideTests {
    /// A SwiftUI push whose destination declares no zoom: the slide.
    static func slide(version: Int, transition: TransitionKind = .push) -> ZoomScene {
        Fixture.scene(
            transition, platform: Platform(os: .iOS, version: OSVersion(major: version), framework: .swiftUI),
            source: .matched([MatchedSource(id: "a", namespace: "grid", frame: Fixture.thumbnail)]))
    }

    /// The share of the width the page has travelled at `time`.
    static func travelled(_ plan: ZoomPlan, at time: Double) -> Double {
        let width = Fixture.container.size.width
        let x = plan.keyframe(at: time).mask.rect.x
        return plan.isReverse ? x / width : 1 - x / width
    }

    @Test("issue 44 §4: on 26 the push decays as recorded: 0.239 of the width at 16.7 ms, 0.559 at 50 ms, half a point at 400 ms")
    func push_onIOS26_decaysAsRecorded() throws {
        let plan = try GeometryEngine.plan(Self.slide(version: 26))
        #expect(plan.effect == .slide)
        #expect(abs(Self.travelled(plan, at: 1.0 / 60) - 0.239) < 0.002)
        #expect(abs(Self.travelled(plan, at: 0.05) - 0.559) < 0.002)
        #expect((1 - Self.travelled(plan, at: 0.4)) * Fixture.container.size.width < 0.6)
        // Clipped to the display's corners in motion, its own (0) at rest.
        #expect(plan.keyframes[3].mask.cornerRadius == Fixture.container.displayCornerRadius)
        #expect(plan.keyframes.last?.mask.cornerRadius == 0)
    }

    @Test("the pop on 26 runs the same decay back")
    func pop_onIOS26_decaysToo() throws {
        let plan = try GeometryEngine.plan(Self.slide(version: 26, transition: .pop))
        #expect(abs(Self.travelled(plan, at: 1.0 / 60) - 0.239) < 0.002)
    }

    @Test("before 26 the slide keeps its spring (no recording shows otherwise) and its own corners")
    func before26_isUnchanged() throws {
        let plan = try GeometryEngine.plan(Self.slide(version: 18))
        #expect(abs(Self.travelled(plan, at: 1.0 / 60) - 0.057) < 0.005)
        #expect(plan.keyframes[3].mask.cornerRadius == 0)
        #expect(plan.spring == .navigationSlide)
    }
}
