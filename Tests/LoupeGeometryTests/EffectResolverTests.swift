import Testing
import LoupeGeometry

@Suite("Platform and presentation-style fallbacks")
struct EffectResolverTests {
    func resolve(_ kind: TransitionKind, _ platform: Platform, _ style: PresentationStyle = .fullScreen) throws(GeometryError)
        -> EffectResolver.Resolution
    {
        try EffectResolver.resolve(transition: kind, platform: platform, presentationStyle: style)
    }

    @Test("iPhone and i pad zoom without warnings", arguments: [OperatingSystem.iOS, .iPadOS])
    func iPhoneAndIPad_zoomWithoutWarnings(_ os: OperatingSystem) throws {
        for kind in TransitionKind.allCases {
            let r = try resolve(kind, Platform(os: os))
            #expect(r.effect == .zoom && r.warnings.isEmpty)
        }
    }

    @Test("macOS has no zoom API and is an error", arguments: [Framework.uiKit, .swiftUI])
    func macOS_hasNoZoomAPIAndIsAnError(_ framework: Framework) {
        #expect(throws: GeometryError.zoomAPIUnavailable(os: .macOS, framework: framework)) {
            try Fixture.plan(Fixture.scene(platform: Platform(os: .macOS, framework: framework)))
        }
    }

    @Test("other platforms use their default slide or cover with a warning", arguments: [OperatingSystem.visionOS, .tvOS, .watchOS])
    func otherPlatforms_useTheirDefaultSlideOrCoverWithAWarning(_ os: OperatingSystem) throws {
        for kind in TransitionKind.allCases {
            let r = try resolve(kind, Platform(os: os))
            #expect(r.effect == (kind.isModal ? .coverVertical : .slide))
            #expect(r.warnings.map(\.code) == [.platformDefaultTransition])
            #expect(r.warnings[0].subject == .platform)
        }
    }

    @Test("iPad app on vision OS zooms") func iPadAppOnVisionOS_zooms() throws {
        let r = try resolve(.push, Platform(os: .visionOS, isIPadApp: true))
        #expect(r.effect == .zoom && r.warnings.isEmpty)
    }

    /// Issue 23 §4: Apple's fluid-transitions article lists the zoom on "iPhone and iPad, including
    /// iPad apps running in visionOS"; elsewhere "the system uses the default transitions". Mac
    /// Catalyst used to zoom with `catalyst-unverified`.
    @Test("mac catalyst gets the default transition with platform default transition", arguments: [TransitionKind.push, .pop, .present, .dismiss])
    func macCatalyst_getsTheDefaultTransitionWithPlatformDefaultTransition(kind: TransitionKind) throws {
        let r = try resolve(kind, Platform(os: .macCatalyst))
        #expect(r.effect == (kind.isModal ? .coverVertical : .slide))
        #expect(r.warnings.map(\.code) == [.platformDefaultTransition])
        #expect(r.warnings[0].subject == .platform)
        #expect(r.warnings[0].message.contains("iPhone and iPad"))
    }

    @Test("sheets are treated as full screen with a warning", arguments: [PresentationStyle.pageSheet, .formSheet, .automatic])
    func sheets_areTreatedAsFullScreenWithAWarning(_ style: PresentationStyle) throws {
        let r = try resolve(.present, .iOS, style)
        #expect(r.effect == .zoom && r.treatsSheetAsFullScreen)
        #expect(r.warnings.map(\.code) == [.sheetTreatedAsFullScreen] && r.warnings[0].subject == .presentationStyle)
        let sheetFrame = Rect(x: 0, y: 60, width: 402, height: 814)
        let plan = try Fixture.plan(Fixture.scene(.present, destination: Destination(frame: sheetFrame, presentationStyle: style)))
        #expect(plan.keyframes.last!.mask.rect == Fixture.fullScreen)
    }

    @Test("full screen styles zoom silently", arguments: [PresentationStyle.fullScreen, .overFullScreen])
    func fullScreenStyles_zoomSilently(_ style: PresentationStyle) throws {
        let r = try resolve(.dismiss, .iOS, style)
        #expect(r.effect == .zoom && r.warnings.isEmpty)
    }

    @Test("popover does not zoom and fades in place") func popover_doesNotZoomAndFadesInPlace() throws {
        let frame = Rect(x: 100, y: 200, width: 260, height: 300)
        let plan = try Fixture.plan(
            Fixture.scene(
                .present, destination: Destination(frame: frame, cornerRadius: 13, presentationStyle: .popover, keepsPopoverWhenCompact: true)))
        #expect(plan.effect == .popover)
        #expect(plan.warnings.contains { $0.code == .popoverIgnoresZoom && $0.subject == .presentationStyle })
        #expect(plan.keyframes.allSatisfy { $0.mask == RoundedRect(rect: frame, cornerRadius: 13) && $0.transform == .translation(100, 200) })
        #expect(plan.keyframes[0].opacity.destination == 0 && plan.keyframes.last!.opacity.destination == 1)
        #expect(plan.spring == .popoverFade)
        let dismiss = try Fixture.plan(
            Fixture.scene(.dismiss, destination: Destination(frame: frame, presentationStyle: .popover, keepsPopoverWhenCompact: true)))
        #expect(dismiss.keyframes[0].opacity.destination == 1 && dismiss.keyframes.last!.opacity.destination == 0)
    }

    @Test("push and pop ignore the presentation style") func pushAndPop_ignoreThePresentationStyle() throws {
        let r = try resolve(.push, .iOS, .popover)
        #expect(r.effect == .zoom && r.warnings.isEmpty)
    }

    @Test("os version before the zoom API runs the default transition") func osVersionBeforeTheZoomAPI_runsTheDefaultTransition() throws {
        let r = try resolve(.push, Platform(os: .iOS, version: OSVersion("17.5")))
        #expect(r.effect == .slide && r.warnings.map(\.code) == [.osVersionBeforeZoom])
        #expect(r.warnings[0].subject == .platformVersion)
        #expect(try resolve(.push, Platform(os: .iOS, version: OSVersion("18.0"))).effect == .zoom)
        #expect(try resolve(.push, Platform(os: .visionOS, version: OSVersion("2.1"), isIPadApp: true)).effect == .zoom)
    }

    @Test("os version text parses and compares numerically") func osVersionText_parsesAndComparesNumerically() {
        #expect(OSVersion("18.10")! > OSVersion("18.2")!)
        #expect(OSVersion("18") == OSVersion(major: 18))
        #expect(OSVersion("18.1.2.3") == nil && OSVersion("x") == nil && OSVersion("18.") == nil && OSVersion("-1") == nil)
    }

    @Test("versions are plain dotted ASCII digits, as the schema's pattern says: no signs, spaces, empty parts or overflow")
    func osVersion_rejectsAnythingButDottedDigits() {
        #expect(OSVersion("26.0.1") == OSVersion(major: 26, minor: 0, patch: 1))
        #expect(OSVersion("007.08") == OSVersion(major: 7, minor: 8))
        #expect(OSVersion("0000000000000000000018.1") == OSVersion(major: 18, minor: 1))
        #expect(OSVersion("9223372036854775807") == OSVersion(major: Int.max))
        for text in ["", ".", ".1", "1..2", "+18", "18 ", " 18", "18.1a", "１８", "9223372036854775808", "18.-1", "18.1.2."] {
            #expect(OSVersion(text) == nil, "\(text)")
        }
    }
}
