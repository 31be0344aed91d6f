import LoupeGeometry
import Testing

/// Issue 35 §3: the covered page shrinks under a full-screen zoom to 0.914 with the card at full
/// screen, straight in the flight's progress, about the container's centre
/// (swift_transitions' `kZoomCoveredPageScale` 0.086, parity stage 9). Loupe used to keep it at 1.
@Suite("Issue 35 §3: the covered page's scale 0.914 (kZoomCoveredPageScale 0.086)")
struct CoveredPageScaleTests {
    /// The covered transform's scale and the point it keeps still.
    static func scale(_ transform: AffineTransform) -> Double { transform.a }

    @Test("a push ends with the covered page at 0.914 about the container's centre, linear in progress")
    func push_shrinksTheCoveredPageTo0914() throws {
        let plan = try Fixture.plan(Fixture.scene(.push))
        let last = try #require(plan.keyframes.last)
        #expect(abs(Self.scale(last.covered) - 0.914) < 1e-12 && last.covered.d == last.covered.a)
        // The centre (201, 437) stays put.
        let centre = last.covered.apply(to: Point(x: 201, y: 437))
        #expect(close(centre.x, 201) && close(centre.y, 437))
        for keyframe in plan.keyframes {
            let p = min(max(keyframe.progress, 0), 1)
            #expect(abs(Self.scale(keyframe.covered) - (1 - 0.086 * p)) < 1e-12, "t \(keyframe.time)")
        }
    }

    @Test("the peer's check points: 0.989 at 0.12 of the flight, 0.968 at 0.36, 0.944 at 0.65 (within 0.003)")
    func measuredCheckPoints() throws {
        let plan = try Fixture.plan(Fixture.scene(.push))
        guard case .zoom(let geometry) = plan.geometry else {
            Issue.record("not a zoom")
            return
        }
        for (p, measured) in [(0.12, 0.989), (0.36, 0.968), (0.65, 0.944)] {
            #expect(abs(Self.scale(geometry.coveredTransform(atProgress: p)) - measured) < 0.003)
        }
        #expect(ZoomGeometry.fullScreenCoveredShrink == 0.086)
    }

    @Test("a pop starts from 0.914 and comes back to 1; a full-screen presentation shrinks it too")
    func popAndFullScreenPresent() throws {
        let pop = try Fixture.plan(Fixture.scene(.pop))
        #expect(abs(Self.scale(try #require(pop.keyframes.first).covered) - 0.914) < 1e-12)
        #expect(try #require(pop.keyframes.last).covered == .identity)
        let present = try Fixture.plan(Fixture.scene(.present, destination: Destination(frame: Fixture.fullScreen, hasCloseButton: true)))
        #expect(abs(Self.scale(try #require(present.keyframes.last).covered) - 0.914) < 1e-12)
    }

    @Test("overFullScreen, a sheet kept at its detent on 26 and the fallbacks leave the covered page still")
    func othersKeepItStill() throws {
        let over = try Fixture.plan(
            Fixture.scene(.present, destination: Destination(frame: Fixture.fullScreen, presentationStyle: .overFullScreen, hasCloseButton: true)))
        #expect(over.keyframes.allSatisfy { $0.covered == .identity })
        let sheet = try Fixture.plan(
            Fixture.scene(
                .present, platform: Platform(os: .iOS, version: OSVersion(major: 26)),
                destination: Destination(frame: Fixture.fullScreen, presentationStyle: .pageSheet, detent: .medium)))
        #expect(sheet.keyframes.allSatisfy { $0.covered == .identity })
        // Before 26 the sheet is shown full screen, so the page beneath shrinks as under a push.
        let oldSheet = try Fixture.plan(
            Fixture.scene(.present, destination: Destination(frame: Fixture.fullScreen, presentationStyle: .pageSheet, hasCloseButton: true)))
        #expect(abs(Self.scale(try #require(oldSheet.keyframes.last).covered) - 0.914) < 1e-12)
    }
}
