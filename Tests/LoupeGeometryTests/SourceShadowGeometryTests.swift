import LoupeGeometry
import Testing

/// Issue 44 §7: a SwiftUI source's configured shadow is where the card's shadow starts.
@Suite("The card's shadow from a configured source shadow")
struct SourceShadowGeometryTests {
    static let configured = Shadow(radius: 6, opacity: 0.5, offsetY: 5, offsetX: 3, color: RGBAColor(red: 1, green: 0, blue: 0))

    static func plan(shadow: Shadow?) throws -> ZoomPlan {
        let source = MatchedSource(
            id: .string("a"), namespace: "n", frame: Fixture.thumbnail, cornerRadius: 12, shadow: shadow)
        return try Fixture.plan(
            Fixture.scene(
                platform: Platform(os: .iOS, framework: .swiftUI), source: .matched([source]),
                destination: Destination(frame: Fixture.fullScreen, sourceID: .string("a"), namespace: "n")))
    }

    @Test("at progress 0 the card casts the source's shadow, by the ramp's end the zoom's own, and the mix in between is continuous")
    func shadow_runsFromTheSourcesToTheZooms() throws {
        let plan = try Self.plan(shadow: Self.configured)
        #expect(plan.sourceShadow == Self.configured)
        #expect(plan.state(atJourneyProgress: 0).shadow == Self.configured)
        #expect(plan.state(atJourneyProgress: ZoomGeometry.shadowRamp).shadow == .zoomCard)
        var previous = plan.state(atJourneyProgress: 0).shadow
        for step in 1...100 {
            let shadow = plan.state(atJourneyProgress: Double(step) / 100).shadow
            #expect(abs(shadow.offsetX - previous.offsetX) < 0.25 && abs(shadow.opacity - previous.opacity) < 0.05)
            #expect(abs(shadow.color.red - previous.color.red) < 0.1)
            previous = shadow
        }
        #expect(plan.state(atJourneyProgress: 1).shadow.opacity == 0)
    }

    @Test("without a configured shadow the card's shadow is what it always was")
    func noConfiguredShadow_keepsTheZoomsRamp() throws {
        let plan = try Self.plan(shadow: nil)
        #expect(plan.sourceShadow == nil)
        for progress in [0.0, 0.05, 0.15, 0.5, 0.95, 1] {
            var expected = Shadow.zoomCard
            expected.opacity *= min(1, max(0, min(progress / ZoomGeometry.shadowRamp, (1 - progress) / ZoomGeometry.shadowFadeOut)))
            #expect(plan.state(atJourneyProgress: progress).shadow == expected, "\(progress)")
        }
    }
}
