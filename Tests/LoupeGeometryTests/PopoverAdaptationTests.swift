import LoupeGeometry
import Testing

/// Issue 44 §3: on an iPhone (402 pt, compact) a popover was drawn as a floating card faded in
/// place (iOS 18) or a glass card (iOS 26). Apple, UIModalPresentationStyle.popover: "In iOS 13
/// and later, for horizontally or vertically compact environments, this option behaves the same
/// as UIModalPresentationStyle.formSheet"; and a sheet under zoom "will be treated as full
/// screen" on iOS 18 ("Zoom transitions" guide), at its detent on 26.
@Suite("Issue 44 §3: size classes and the compact popover")
struct PopoverAdaptationTests {
    static func popover(
        version: Int = 18, container: Container = Fixture.container, keeps: Bool = false, barButton: Bool = false
    ) -> ZoomScene {
        let frame = Rect(x: 40, y: 200, width: 320, height: 400)
        let source: SourceInput =
            barButton ? .view(SourceView(frame: Rect(x: 342, y: 62, width: 44, height: 44), kind: .barButtonItem)) : Fixture.thumbnailSource
        return Fixture.scene(
            .present, platform: Platform(os: .iOS, version: OSVersion(major: version)), container: container, source: source,
            destination: Destination(frame: frame, cornerRadius: 13, presentationStyle: .popover, keepsPopoverWhenCompact: keeps))
    }

    @Test("issue 44 §3: on an iPhone-sized container a popover zooms as a sheet: full screen on iOS 18, and says so")
    func compactPopover_onIOS18_zoomsFullScreen() throws {
        let plan = try GeometryEngine.plan(Self.popover())
        #expect(plan.effect == .zoom)
        #expect(plan.keyframes.last?.mask.rect == Fixture.fullScreen)
        #expect(plan.warnings.map(\.code).contains(.popoverAdaptsToSheet))
        #expect(!plan.warnings.map(\.code).contains(.popoverIgnoresZoom))
    }

    @Test("on iOS 26 the adapted popover rests as the sheet at its detent, not as a floating glass card")
    func compactPopover_onIOS26_keepsTheSheetsDetent() throws {
        let plan = try GeometryEngine.plan(Self.popover(version: 26, barButton: true))
        #expect(plan.keptSheetDetent != nil)
        let rest = try #require(plan.keyframes.last).mask.rect
        #expect(rest.width == Fixture.container.size.width && rest != Rect(x: 40, y: 200, width: 320, height: 400))
        #expect(plan.warnings.map(\.code).contains(.popoverAdaptsToSheet))
    }

    @Test("a regular container, an app that keeps its popover, and the size classes given: as before")
    func regularOrKept_isAPopover() throws {
        let regular = Container(width: 402, height: 874, horizontalSizeClass: .regular)
        for scene in [Self.popover(container: regular), Self.popover(keeps: true), Self.popover(container: Container(width: 820, height: 1180))] {
            let plan = try GeometryEngine.plan(scene)
            #expect(plan.effect == .popover, "\(scene.container)")
            #expect(!plan.warnings.map(\.code).contains(.popoverAdaptsToSheet))
        }
        // An iPad in Slide Over (320 pt) is compact; an iPhone in landscape is compact in height.
        #expect(try GeometryEngine.plan(Self.popover(container: Container(width: 320, height: 1180))).effect == .zoom)
        #expect(try GeometryEngine.plan(Self.popover(container: Container(width: 874, height: 402))).effect == .zoom)
    }

    @Test("the default size classes: compact under 600 pt wide or 500 pt high")
    func defaults_followTheContainer() {
        #expect(SizeClass.defaultHorizontal(width: 402) == .compact && SizeClass.defaultHorizontal(width: 820) == .regular)
        #expect(SizeClass.defaultVertical(height: 402) == .compact && SizeClass.defaultVertical(height: 874) == .regular)
        #expect(Container(width: 402, height: 874).isCompact && !Container(width: 820, height: 1180).isCompact)
        #expect(!Container(width: 402, height: 874, horizontalSizeClass: .regular).isCompact)
    }
}
