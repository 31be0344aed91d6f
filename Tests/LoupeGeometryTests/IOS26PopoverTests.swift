import LoupeGeometry
import Testing

/// Issue 35 §4: iOS 26 popovers from a bar button item grow out of the button's glass capsule
/// into the popover's frame (WWDC25, "Build a UIKit app with the new design": "Popovers also get
/// this new animation when their source is a barButtonItem"). Before 26, or from a plain view,
/// a popover still fades in place.
@Suite("Issue 35 §4: iOS 26 popover from a bar button")
struct IOS26PopoverTests {
    static let ipad = Container(width: 820, height: 1180, displayCornerRadius: 18)
    static let button = Rect(x: 760, y: 24, width: 44, height: 44)
    static let popover = Rect(x: 460, y: 76, width: 340, height: 400)

    static func scene(_ transition: TransitionKind = .present, version: Int = 26, kind: SourceKind = .barButtonItem) -> ZoomScene {
        Fixture.scene(
            transition, platform: Platform(os: .iPadOS, version: OSVersion(major: version)), container: ipad,
            source: .view(SourceView(frame: button, kind: kind)),
            destination: Destination(frame: popover, cornerRadius: 26, presentationStyle: .popover, keepsPopoverWhenCompact: true))
    }

    @Test("on 26 the popover grows out of the capsule into its frame, with no dimming and no warning")
    func barButtonPopoverOn26_growsOutOfTheCapsule() throws {
        let plan = try Fixture.plan(Self.scene())
        #expect(plan.effect == .popover, "still a popover: its presenter keeps its view")
        #expect(plan.warnings.isEmpty, "\(Fixture.codes(plan))")
        let first = try #require(plan.keyframes.first).state.mask, last = try #require(plan.keyframes.last).state.mask
        #expect(first == RoundedRect(rect: Self.button, cornerRadius: 22), "the button's glass capsule")
        #expect(last == RoundedRect(rect: Self.popover, cornerRadius: 26), "the popover's own frame and radius")
        #expect(plan.keyframes.allSatisfy { $0.opacity.dimming == 0 && $0.covered == .identity })
        // The zoom's own spring (an estimate: Apple publishes no timing for the morph).
        #expect(plan.spring == .zoom)
        // Every frame of the flight lies between the capsule and the popover.
        let hull = Rect(x: 460, y: 24, width: 344, height: 452)
        #expect(plan.keyframes.allSatisfy { hull.contains($0.state.mask.rect, tolerance: 0.5) })
    }

    @Test("the dismissal shrinks the popover back into the capsule")
    func dismissal_shrinksBackIntoTheCapsule() throws {
        let plan = try Fixture.plan(Self.scene(.dismiss))
        #expect(try #require(plan.keyframes.first).state.mask.rect == Self.popover)
        #expect(try #require(plan.keyframes.last).state.mask == RoundedRect(rect: Self.button, cornerRadius: 22))
    }

    @Test("before 26, or from a plain view, the popover fades in place as before")
    func before26OrFromAView_fadesInPlace() throws {
        for scene in [Self.scene(version: 18), Self.scene(kind: .view)] {
            let plan = try Fixture.plan(scene)
            #expect(Fixture.codes(plan).contains(.popoverIgnoresZoom))
            #expect(plan.keyframes.allSatisfy { $0.state.mask.rect == Self.popover })
        }
    }
}
