import Testing
import LoupeGeometry

@Suite("Warnings that teach")
struct GeometryWarningTests {
    func plan(source: Rect, alignment: Rect? = nil, platform: Platform = .iOS, frameRate: Double = 60) throws(GeometryError) -> ZoomPlan {
        try Fixture.plan(
            Fixture.scene(
                platform: platform, source: .view(SourceView(frame: source)),
                destination: Destination(frame: Fixture.fullScreen, alignmentRect: alignment),
                animation: AnimationSettings(frameRate: frameRate)))
    }

    @Test("skinny full width row is flagged") func skinnyFullWidthRow_isFlagged() throws {
        let p = try plan(source: Rect(x: 0, y: 200, width: 402, height: 88))
        #expect(Fixture.codes(p) == [.skinnySource])
        #expect(p.warnings[0].subject == .source)
    }

    @Test("skinny thresholds are 80 percent width and 4 to 1") func skinnyThresholds_are80PercentWidthAnd4To1() throws {
        #expect(SceneReview.isSkinny(Rect(x: 0, y: 0, width: 321.6, height: 80.4), container: Fixture.fullScreen.size))
        #expect(!SceneReview.isSkinny(Rect(x: 0, y: 0, width: 320, height: 60), container: Fixture.fullScreen.size))
        #expect(!SceneReview.isSkinny(Rect(x: 0, y: 0, width: 402, height: 101), container: Fixture.fullScreen.size))
    }

    @Test("aspect mismatch without alignment rect warns about the double ferry") func aspectMismatchWithoutAlignmentRect_warnsAboutTheDoubleFerry()
        throws
    {
        let p = try plan(source: Rect(x: 20, y: 300, width: 200, height: 150))
        #expect(Fixture.codes(p) == [.aspectRatioMismatch])
        #expect(p.warnings[0].subject == .destinationAlignmentRect)
        #expect(p.warnings[0].message.contains("double ferry"))
    }

    @Test("aspect mismatch with an alignment rect is silent") func aspectMismatchWithAnAlignmentRect_isSilent() throws {
        let p = try plan(source: Rect(x: 20, y: 300, width: 200, height: 150), alignment: Rect(x: 0, y: 300, width: 402, height: 301.5))
        #expect(p.warnings.isEmpty)
    }

    @Test("similar aspect ratios are silent") func similarAspectRatios_areSilent() throws {
        let p = try plan(source: Rect(x: 20, y: 300, width: 100, height: 200))  // 0.5 vs 0.46
        #expect(p.warnings.isEmpty)
    }

    @Test("SwiftUI mismatch points at the source because there is no alignment API")
    func swiftUIMismatch_pointsAtTheSourceBecauseThereIsNoAlignmentAPI() throws {
        let source = MatchedSource(id: "a", namespace: "n", frame: Rect(x: 20, y: 300, width: 200, height: 150))
        let p = try Fixture.plan(
            Fixture.scene(
                platform: Platform(os: .iOS, framework: .swiftUI), source: .matched([source]),
                destination: Destination(frame: Fixture.fullScreen, sourceID: "a", namespace: "n")))
        #expect(Fixture.codes(p) == [.aspectRatioMismatch] && p.warnings[0].subject == .sources(index: 0))
    }

    @Test("alignment rect under SwiftUI is ignored with a warning") func alignmentRectUnderSwiftUI_isIgnoredWithAWarning() throws {
        let source = MatchedSource(id: "a", namespace: "n", frame: Fixture.thumbnail)
        let p = try Fixture.plan(
            Fixture.scene(
                platform: Platform(os: .iOS, framework: .swiftUI), source: .matched([source]),
                destination: Destination(
                    frame: Fixture.fullScreen, alignmentRect: Rect(x: 0, y: 0, width: 10, height: 10), sourceID: "a", namespace: "n")))
        #expect(Fixture.codes(p) == [.alignmentRectIgnored] && p.warnings[0].subject == .destinationAlignmentRect)
    }

    @Test("empty alignment rect is ignored with a warning") func emptyAlignmentRect_isIgnoredWithAWarning() throws {
        let p = try plan(source: Fixture.thumbnail, alignment: Rect(x: 0, y: 0, width: 0, height: 100))
        #expect(Fixture.codes(p) == [.alignmentRectIgnored])
    }

    @Test("source entirely outside the container is flagged but still targeted") func sourceEntirelyOutsideTheContainer_isFlaggedButStillTargeted()
        throws
    {
        let offscreen = Rect(x: 24, y: 1200, width: 120, height: 240)
        let p = try plan(source: offscreen)
        #expect(Fixture.codes(p) == [.sourceOffScreen] && p.warnings[0].subject == .source)
        #expect(p.keyframes[0].mask.rect == offscreen)
    }

    /// Issue 16: a half-visible cell was not flagged, though it makes the card start cut off.
    @Test("source partly outside the container is flagged with its hidden share") func sourcePartlyOutsideTheContainer_isFlaggedWithItsHiddenShare()
        throws
    {
        let partly = try plan(source: Rect(x: 24, y: 800, width: 120, height: 240))
        #expect(Fixture.codes(partly) == [.sourcePartlyOffScreen] && partly.warnings[0].subject == .source)
        #expect(partly.warnings[0].message.hasPrefix("About 69 % of the source"))
        #expect(partly.keyframes[0].mask.rect == Rect(x: 24, y: 800, width: 120, height: 240))
        // Flush with an edge, or out by less than half a point: quiet.
        #expect(try plan(source: Rect(x: 0, y: 0, width: 120, height: 240)).warnings.isEmpty)
        #expect(try plan(source: Rect(x: -0.4, y: 100, width: 120, height: 240)).warnings.isEmpty)
    }

    /// Issue 16: a 1e-300 pt source was zoomed from, scaling the page by 1e-303.
    @Test("degenerate source frame is treated as empty") func degenerateSourceFrame_isTreatedAsEmpty() throws {
        for frame in [Rect(x: 24, y: 300, width: 1e-300, height: 1e-300), Rect(x: 24, y: 300, width: 120, height: 0.05)] {
            let p = try plan(source: frame)
            #expect(Fixture.codes(p) == [.emptySourceFrame], "\(frame)")
            #expect(p.warnings[0].message.contains("too small to see"))
        }
        #expect(try plan(source: Rect(x: 24, y: 300, width: 0.1, height: 0.1)).warnings.allSatisfy { $0.code != .emptySourceFrame })
    }

    @Test("empty source frame is treated as missing") func emptySourceFrame_isTreatedAsMissing() throws {
        let p = try plan(source: Rect(x: 24, y: 300, width: 0, height: 160))
        #expect(Fixture.codes(p) == [.emptySourceFrame] && p.sourceFrame == nil)
    }

    @Test("frame rate under 30 is flagged") func frameRateUnder30_isFlagged() throws {
        let p = try plan(source: Fixture.thumbnail, frameRate: 24)
        #expect(Fixture.codes(p) == [.lowFrameRate] && p.warnings[0].subject == .frameRate)
        #expect(try plan(source: Fixture.thumbnail, frameRate: 30).warnings.isEmpty)
    }

    @Test("geometry warning codes keep their wire spelling") func geometryWarningCodes_keepTheirWireSpelling() {
        #expect(
            GeometryWarningCode.allCases.map(\.rawValue) == [
                "missing-source", "empty-source-frame", "duplicate-source-id", "geometry-read-artifacts",
                "skinny-source", "aspect-ratio-mismatch", "source-off-screen", "source-partly-off-screen", "low-frame-rate",
                "sheet-treated-as-full-screen", "popover-ignores-zoom", "popover-adapts-to-sheet", "platform-default-transition",
                "os-version-before-zoom", "alignment-rect-ignored", "transparent-destination",
                "zoom-not-declared", "spring-not-ios", "initial-velocity-not-ios", "crossfade-not-ios", "arc-path-not-ios",
                "inset-destination-not-ios", "unsuitable-source", "no-close-button",
                "bar-button-source-before-ios-26", "sheet-detent-before-ios-26", "destination-frame-replaced",
                "navigation-bar-not-drawn"
            ])
    }

    // MARK: Advice the sources give

    @Test("source role advises where the zoom does not suit", arguments: SourceRole.allCases)
    func sourceRole_advisesWhereTheZoomDoesNotSuit(role: SourceRole) throws {
        let uiKit = try Fixture.plan(Fixture.scene(source: .view(SourceView(frame: Fixture.thumbnail, role: role))))
        let suitable: Set<SourceRole> = [.image, .cover, .card, .avatar]
        #expect(Fixture.codes(uiKit) == (suitable.contains(role) ? [] : [.unsuitableSource]))
        if !suitable.contains(role) {
            #expect(uiKit.warnings[0].subject == .sourceRole(index: nil))
            // The plan itself is unchanged: the advice never alters the zoom.
            let unnamed = try Fixture.plan(Fixture.scene(source: .view(SourceView(frame: Fixture.thumbnail))))
            #expect(uiKit.keyframes == unnamed.keyframes)
        }
    }

    @Test("source role of the matched SwiftUI source points at it") func sourceRole_ofTheMatchedSwiftUISource_pointsAtIt() throws {
        let sources = [
            MatchedSource(id: "a", namespace: "n", frame: Fixture.thumbnail, role: .image),
            MatchedSource(id: "b", namespace: "n", frame: Fixture.thumbnail, role: .tab)
        ]
        var destination = Destination(frame: Fixture.fullScreen, sourceID: "b", namespace: "n")
        let p = try Fixture.plan(
            Fixture.scene(platform: Platform(os: .iOS, framework: .swiftUI), source: .matched(sources), destination: destination))
        #expect(p.warnings.filter { $0.code == .unsuitableSource }.map(\.subject) == [.sourceRole(index: 1)])
        destination.sourceID = "a"
        let image = try Fixture.plan(
            Fixture.scene(platform: Platform(os: .iOS, framework: .swiftUI), source: .matched(sources), destination: destination))
        #expect(!Fixture.codes(image).contains(.unsuitableSource))
    }

    @Test("full screen presentation without a close button is advised") func fullScreenPresentation_withoutACloseButton_isAdvised() throws {
        for style in [PresentationStyle.fullScreen, .overFullScreen] {
            var destination = Destination(frame: Fixture.fullScreen, presentationStyle: style)
            let p = try Fixture.plan(Fixture.scene(.present, destination: destination))
            #expect(Fixture.codes(p) == [.noCloseButton] && p.warnings[0].subject == .destinationCloseButton)
            destination.hasCloseButton = true
            #expect(try Fixture.plan(Fixture.scene(.present, destination: destination)).warnings.isEmpty)
        }
        // A pushed page has its back button; a dismissal is past the advice; a popover is no full screen.
        #expect(try Fixture.plan(Fixture.scene(.push)).warnings.isEmpty)
        #expect(!Fixture.codes(try Fixture.plan(Fixture.scene(.dismiss))).contains(.noCloseButton))
        let popover = try Fixture.plan(
            Fixture.scene(.present, destination: Destination(frame: Fixture.fullScreen, presentationStyle: .popover, keepsPopoverWhenCompact: true)))
        #expect(!Fixture.codes(popover).contains(.noCloseButton))
    }

    // MARK: Options beyond iOS

    @Test("custom spring on a zoom is not iOS") func customSpringOnAZoom_isNotIOS() throws {
        let custom = try Fixture.plan(Fixture.scene(animation: AnimationSettings(spring: .bouncy)))
        #expect(Fixture.codes(custom) == [.springNotIOS] && custom.warnings[0].subject == .spring)
        // The zoom's own spring, named explicitly, is iOS.
        #expect(try Fixture.plan(Fixture.scene(animation: AnimationSettings(spring: .zoom))).warnings.isEmpty)
        // A fallback ignores the zoom's timing question: tvOS slides with whatever spring is asked for.
        let tvOS = try Fixture.plan(Fixture.scene(platform: Platform(os: .tvOS), animation: AnimationSettings(spring: .bouncy)))
        #expect(!Fixture.codes(tvOS).contains(.springNotIOS))
    }

    @Test("initial velocity on a zoom is not iOS") func initialVelocityOnAZoom_isNotIOS() throws {
        let moving = try Fixture.plan(Fixture.scene(animation: AnimationSettings(initialVelocity: 2)))
        #expect(Fixture.codes(moving) == [.initialVelocityNotIOS] && moving.warnings[0].subject == .initialVelocity)
    }

    @Test("crossfade and arc are not iOS") func crossfadeAndArc_areNotIOS() throws {
        let p = try Fixture.plan(Fixture.scene(options: ZoomOptions(motionPath: .arc, backgroundMode: .crossfade)))
        #expect(Fixture.codes(p) == [.crossfadeNotIOS, .arcPathNotIOS])
        #expect(p.warnings.map(\.subject) == [.backgroundMode, .motionPath])
    }

    @Test("inset destination on a push or full screen is not iOS") func insetDestinationOnAPushOrFullScreen_isNotIOS() throws {
        let inset = Destination(frame: Rect(x: 20, y: 60, width: 362, height: 700))
        #expect(Fixture.codes(try Fixture.plan(Fixture.scene(.push, destination: inset))) == [.insetDestinationNotIOS])
        var fullScreen = inset
        fullScreen.presentationStyle = .fullScreen
        fullScreen.hasCloseButton = true
        #expect(Fixture.codes(try Fixture.plan(Fixture.scene(.present, destination: fullScreen))) == [.insetDestinationNotIOS])
        // Half a point of rounding is not an inset; a sheet becomes full screen anyway (its own warning).
        let rounded = Destination(frame: Rect(x: 0.3, y: 0, width: Fixture.fullScreen.width - 0.3, height: Fixture.fullScreen.height))
        #expect(Fixture.codes(try Fixture.plan(Fixture.scene(.push, destination: rounded))).isEmpty)
        var sheet = inset
        sheet.presentationStyle = .pageSheet
        #expect(!Fixture.codes(try Fixture.plan(Fixture.scene(.present, destination: sheet))).contains(.insetDestinationNotIOS))
    }

    @Test("every warning message is a full sentence") func everyWarningMessage_isAFullSentence() throws {
        let scenes = [
            Fixture.scene(source: .missing),
            Fixture.scene(platform: Platform(os: .tvOS)),
            Fixture.scene(
                .present, platform: Platform(os: .macCatalyst),
                destination: Destination(frame: Fixture.fullScreen, isOpaque: false, presentationStyle: .formSheet)),
            Fixture.scene(.present, destination: Destination(frame: Fixture.fullScreen, presentationStyle: .popover, keepsPopoverWhenCompact: true)),
            Fixture.scene(source: .view(SourceView(frame: Rect(x: 0, y: 2000, width: 402, height: 60))), animation: AnimationSettings(frameRate: 24))
        ]
        for scene in scenes {
            for warning in try Fixture.plan(scene).warnings {
                #expect(warning.message.count > 30 && warning.message.hasSuffix("."), "\(warning.code)")
            }
        }
    }
}
