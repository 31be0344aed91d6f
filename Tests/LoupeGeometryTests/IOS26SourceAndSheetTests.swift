import LoupeGeometry
import LoupeTestSupport
import Testing

/// Issue 25 §1: iOS 26's bar button and toolbar sources (a glass capsule) and sheets that keep
/// their detent; the iOS 18 behaviour, with a warning naming 26, before it.
@Suite("Issue 25 §1: iOS 26 sources and sheets")
struct IOS26SourceAndSheetTests {
    static let ios26 = Platform(os: .iOS, version: OSVersion(major: 26))
    static let ios18 = Platform(os: .iOS, version: OSVersion(major: 18, minor: 2))
    /// A 44 × 44 pt bar button at the top trailing corner of an iPhone.
    static let button = Rect(x: 342, y: 62, width: 44, height: 44)

    func sheetScene(
        _ transition: TransitionKind = .present, platform: Platform = ios26, kind: SourceKind = .barButtonItem,
        style: PresentationStyle = .pageSheet, detent: SheetDetent? = .medium, frame: Rect = button
    ) -> ZoomScene {
        Fixture.scene(
            transition, platform: platform, source: .view(SourceView(frame: frame, kind: kind)),
            destination: Destination(frame: Fixture.fullScreen, presentationStyle: style, hasCloseButton: true, detent: detent))
    }

    @Test("bar button item on 26 starts as its glass capsule") func barButtonItemOn26_startsAsItsGlassCapsule() throws {
        let plan = try Fixture.plan(sheetScene())
        let first = try #require(plan.keyframes.first).state.mask
        #expect(first.rect == Self.button && first.cornerRadius == 22)
        #expect(plan.warnings.isEmpty, "no ghosting warning for a glass morph, no sheet warning on 26")
    }

    @Test(
        "sheet on 26 rests at its detent with its corner radius", arguments: [PresentationStyle.pageSheet, .formSheet], [SheetDetent.medium, .large])
    func sheetOn26_restsAtItsDetentWithItsCornerRadius(_ style: PresentationStyle, _ detent: SheetDetent) throws {
        let shape = detent.restingShape(in: Fixture.container)
        let present = try Fixture.plan(sheetScene(style: style, detent: detent))
        #expect(try #require(present.keyframes.last).state.mask == shape)
        #expect(present.keptSheetDetent == detent)
        let dismiss = try Fixture.plan(sheetScene(.dismiss, style: style, detent: detent))
        #expect(try #require(dismiss.keyframes.first).state.mask == shape)
        #expect(try #require(dismiss.keyframes.last).state.mask.cornerRadius == 22)
    }

    @Test("detent shapes are the estimates documented") func detentShapes_areTheEstimatesDocumented() {
        let medium = SheetDetent.medium.restingShape(in: Fixture.container)
        let large = SheetDetent.large.restingShape(in: Fixture.container)
        // 874 × 0.073 = 63.8 → 64 pt below the top; medium is half of the large sheet's 810 pt.
        #expect(large == RoundedRect(rect: Rect(x: 0, y: 64, width: 402, height: 810), cornerRadius: 55))
        #expect(medium == RoundedRect(rect: Rect(x: 8, y: 461, width: 386, height: 405), cornerRadius: 47))
    }

    /// Review finding: a container narrower than two insets gave a medium sheet no width (a 422
    /// blaming the destination frame), and a display radius under the inset a negative radius.
    @Test("medium detent in tiny containers and square displays keeps an area and a radius of zero or more")
    func mediumDetent_inTinyContainersAndSquareDisplays_keepsAnAreaAndARadiusOfZeroOrMore() {
        for (width, height, radius) in [(10.0, 12.0, 55.0), (2, 2, 0), (393, 852, 0), (393, 852, 5), (0.5, 0.5, 0)] {
            let shape = SheetDetent.medium.restingShape(in: Container(width: width, height: height, displayCornerRadius: radius))
            #expect(shape.rect.width > 0 && shape.rect.height > 0, "\(width) × \(height)")
            #expect(shape.cornerRadius >= 0, "radius \(radius)")
            #expect(shape.rect.x >= 0 && shape.rect.maxX <= width && shape.rect.y >= 0 && shape.rect.maxY <= height)
        }
    }

    @Test("view source into a sheet on 26 keeps the detent too") func viewSourceIntoASheetOn26_keepsTheDetentToo() throws {
        let plan = try Fixture.plan(sheetScene(kind: .view, frame: Fixture.thumbnail))
        #expect(try #require(plan.keyframes.last).state.mask == SheetDetent.medium.restingShape(in: Fixture.container))
        #expect(try #require(plan.keyframes.first).state.mask.cornerRadius == 0, "a view keeps its own radius")
    }

    @Test("sheet without detent on 26 rests at large") func sheetWithoutDetentOn26_restsAtLarge() throws {
        let plan = try Fixture.plan(sheetScene(detent: nil))
        #expect(try #require(plan.keyframes.last).state.mask == SheetDetent.large.restingShape(in: Fixture.container))
        #expect(plan.keptSheetDetent == .large)
    }

    @Test("before 26 the iOS 18 zoom with warnings naming 26", arguments: [ios18, Platform.iOS])
    func before26_theIOS18ZoomWithWarningsNaming26(_ platform: Platform) throws {
        let plan = try Fixture.plan(sheetScene(platform: platform))
        #expect(Fixture.codes(plan).prefix(3) == [.sheetDetentBeforeIOS26, .sheetTreatedAsFullScreen, .barButtonSourceBeforeIOS26])
        #expect(plan.warnings[0].subject == .destinationDetent && plan.warnings[2].subject == .sourceKind(index: nil))
        #expect(try #require(plan.keyframes.last).state.mask.rect == Fixture.fullScreen)
        #expect(try #require(plan.keyframes.first).state.mask.cornerRadius == 0, "no glass capsule before 26")
        #expect(plan.keptSheetDetent == nil)
        // The iOS 18 plan: the same keyframes as a plain view source into a full-screen sheet.
        let plain = try Fixture.plan(sheetScene(platform: platform, kind: .view, detent: nil))
        #expect(plan.keyframes == plain.keyframes)
    }

    @Test("toolbar item matches like any matched transition source") func toolbarItem_matchesLikeAnyMatchedTransitionSource() throws {
        let sources = [
            MatchedSource(id: .string("photo"), namespace: "n", frame: Fixture.thumbnail, cornerRadius: 12),
            MatchedSource(id: .string("add"), namespace: "n", frame: Self.button, kind: .toolbarItem)
        ]
        func plan(_ id: String, _ platform: Platform) throws -> ZoomPlan {
            try Fixture.plan(
                Fixture.scene(
                    .present, platform: Platform(os: .iOS, version: platform.version, framework: .swiftUI), source: .matched(sources),
                    destination: Destination(
                        frame: Fixture.fullScreen, presentationStyle: .pageSheet, sourceID: .string(id), namespace: "n", hasCloseButton: true,
                        detent: .medium)))
        }
        let toolbar = try plan("add", Self.ios26)
        #expect(try #require(toolbar.keyframes.first).state.mask == RoundedRect(rect: Self.button, cornerRadius: 22))
        #expect(toolbar.warnings.isEmpty)
        let photo = try plan("photo", Self.ios26)
        #expect(try #require(photo.keyframes.first).state.mask == RoundedRect(rect: Fixture.thumbnail, cornerRadius: 12))
        let before = try plan("add", Self.ios18)
        #expect(before.warnings.contains { $0.code == .barButtonSourceBeforeIOS26 && $0.subject == .sourceKind(index: 1) })
    }

    @Test("push from a bar button on 26 zooms from the capsule to the full page") func pushFromABarButtonOn26_zoomsFromTheCapsuleToTheFullPage()
        throws
    {
        let plan = try Fixture.plan(sheetScene(.push, style: .fullScreen, detent: nil))
        #expect(try #require(plan.keyframes.first).state.mask.cornerRadius == 22)
        #expect(try #require(plan.keyframes.last).state.mask.rect == Fixture.fullScreen)
        #expect(plan.keptSheetDetent == nil)
    }

    /// Random containers, bar items, sheet styles and detents on 26 and later: the sheet rests at
    /// its detent inside the container, the card starts as the capsule, every number is finite;
    /// before 26 the same scenes give the iOS 18 plan of a plain view into a full-screen page.
    @Test("seeded property random iOS 26 sheets and bar items") func seededProperty_randomIOS26SheetsAndBarItems() throws {
        var random = SeededGenerator(seed: 0x2026_0025)
        for _ in 0..<120 {
            let container = Container(
                width: random.double(in: 320...1_400), height: random.double(in: 480...1_400),
                displayCornerRadius: random.double(in: 0...60))
            let size = Size(width: random.double(in: 28...120), height: random.double(in: 28...60))
            let frame = Rect(
                x: random.double(in: 0...(container.size.width - size.width)), y: random.double(in: 0...200), width: size.width,
                height: size.height)
            let style = random.element(of: [PresentationStyle.pageSheet, .formSheet, .automatic])
            let detent = random.chance(0.2) ? nil : random.element(of: SheetDetent.allCases)
            let transition = random.element(of: [TransitionKind.present, .dismiss])
            let version = OSVersion(major: random.int(in: 26...30), minor: random.int(in: 0...4))
            let scene = ZoomScene(
                transition: transition, platform: Platform(os: random.element(of: [.iOS, .iPadOS]), version: version),
                container: container, source: .view(SourceView(frame: frame, kind: .barButtonItem)),
                destination: Destination(frame: container.bounds, presentationStyle: style, hasCloseButton: true, detent: detent))
            let plan = try GeometryEngine.plan(scene)
            let shape = (detent ?? .large).restingShape(in: container)
            let atRest = try #require(transition == .present ? plan.keyframes.last : plan.keyframes.first).state.mask
            let atSource = try #require(transition == .present ? plan.keyframes.first : plan.keyframes.last).state.mask
            #expect(atRest == shape)
            #expect(container.bounds.contains(shape.rect, tolerance: 1e-9))
            #expect(shape.cornerRadius >= 0 && shape.cornerRadius <= container.displayCornerRadius)
            #expect(atSource.rect == frame && close(atSource.cornerRadius, min(size.width, size.height) / 2))
            #expect(plan.keyframes.allSatisfy { $0.state.isFinite })
            #expect(!plan.warnings.contains { $0.code == .sheetTreatedAsFullScreen || $0.code == .barButtonSourceBeforeIOS26 })

            var before = scene
            before.platform.version = OSVersion(major: random.int(in: 18...25))
            let old = try GeometryEngine.plan(before)
            var plain = before
            plain.source = .view(SourceView(frame: frame))
            plain.destination.detent = nil
            #expect(old.keyframes == (try GeometryEngine.plan(plain)).keyframes)
            #expect(old.warnings.contains { $0.code == .barButtonSourceBeforeIOS26 })
        }
    }
}
