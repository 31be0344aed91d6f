import LoupeGeometry
import Testing

/// Issue 35 §4: on iOS 26 a sheet kept at its detent is no full-screen page (no
/// `no-close-button`), and the detent's rect replaces a `destination.frame` only with a warning
/// that names the field.
@Suite("Issue 35 §4: iOS 26 sheets at their detent get the right advice")
struct IOS26SheetAdviceTests {
    static let ios26 = Platform(os: .iOS, version: OSVersion(major: 26))
    static let ios18 = Platform(os: .iOS, version: OSVersion(major: 18, minor: 2))

    func scene(
        platform: Platform = ios26, style: PresentationStyle = .pageSheet, frame: Rect = Fixture.fullScreen, detent: SheetDetent? = .medium,
        closeButton: Bool? = nil
    )
        -> ZoomScene
    {
        Fixture.scene(
            .present, platform: platform,
            destination: Destination(frame: frame, presentationStyle: style, hasCloseButton: closeButton, detent: detent))
    }

    @Test("sheet kept at its detent gets no close button warning", arguments: [PresentationStyle.pageSheet, .formSheet, .automatic])
    func sheetKeptAtItsDetent_getsNoCloseButtonWarning(_ style: PresentationStyle) throws {
        let plan = try Fixture.plan(scene(style: style))
        #expect(!Fixture.codes(plan).contains(.noCloseButton))
    }

    @Test("before iOS 26 the full screen sheet still gets no close button") func beforeIOS26_theFullScreenSheetStillGetsNoCloseButton() throws {
        let plan = try Fixture.plan(scene(platform: Self.ios18, detent: nil))
        #expect(Fixture.codes(plan).contains(.noCloseButton))
        let fullScreen = try Fixture.plan(scene(style: .fullScreen, detent: nil))
        #expect(Fixture.codes(fullScreen).contains(.noCloseButton), "a full-screen page on 26 keeps the advice")
    }

    /// The report: a 200 × 200 frame at (20, 300) ended as (8, 461, 386, 405), silently.
    @Test("frame replaced by the detent is warned at destination frame") func frameReplacedByTheDetent_isWarnedAtDestinationFrame() throws {
        let frame = Rect(x: 20, y: 300, width: 200, height: 200)
        let plan = try Fixture.plan(scene(frame: frame))
        let shape = SheetDetent.medium.restingShape(in: Fixture.container)
        #expect(try #require(plan.keyframes.last).state.mask == shape, "the detent's rect wins")
        let warning = try #require(plan.warnings.first { $0.code == .destinationFrameReplaced })
        #expect(warning.subject == .destinationFrame)
        #expect(warning.message.contains("20, 300, 200 × 200") && warning.message.contains("8, 461, 386 × 405"))
    }

    @Test("default or matching frame and before 26 get no frame warning") func defaultOrMatchingFrame_andBefore26_getNoFrameWarning() throws {
        #expect(!Fixture.codes(try Fixture.plan(scene())).contains(.destinationFrameReplaced), "the default frame")
        let shape = SheetDetent.large.restingShape(in: Fixture.container)
        #expect(!Fixture.codes(try Fixture.plan(scene(frame: shape.rect, detent: .large))).contains(.destinationFrameReplaced))
        let before = try Fixture.plan(scene(platform: Self.ios18, frame: Rect(x: 20, y: 300, width: 200, height: 200)))
        #expect(!Fixture.codes(before).contains(.destinationFrameReplaced), "before 26 sheet-treated-as-full-screen says it")
        #expect(Fixture.codes(before).contains(.sheetTreatedAsFullScreen))
    }
}
