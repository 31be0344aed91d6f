import Testing
import LoupeGeometry

@Suite("Zoom geometry at a given progress")
struct ZoomGeometryTests {
    let source = Rect(x: 40, y: 500, width: 200, height: 100)
    let destination = Fixture.fullScreen
    /// A 4:3 image inside the page, destination-local.
    let image = Rect(x: 0, y: 200, width: 402, height: 301.5)

    func geometry(
        _ fit: FitMode, alignment: Rect? = nil, anchor: ZoomGeometry.ContentAnchor = .center,
        path: MotionPath = .straight, mode: BackgroundMode = .zoom
    ) -> ZoomGeometry {
        ZoomGeometry(
            sourceFrame: source, sourceCornerRadius: 12, destinationFrame: destination,
            alignmentRect: alignment, fitMode: fit, anchor: anchor, restingCornerRadius: 55,
            motionPath: path, backgroundMode: mode)
    }

    /// The alignment rect where the transform puts it, in container coordinates.
    func mapped(_ g: ZoomGeometry, _ p: Double) -> Rect { g.transform(atProgress: p).apply(to: g.alignmentRect) }

    @Test("fill mode covers the source with the alignment rect centred on it") func fillMode_coversTheSourceWithTheAlignmentRectCentredOnIt() {
        let g = geometry(.fill, alignment: image)
        let r = mapped(g, 0)
        #expect(r.contains(source, tolerance: 1e-9))
        #expect(close(r.height, source.height) || close(r.width, source.width))
        #expect(close(r.midX, source.midX) && close(r.midY, source.midY))
    }

    @Test("fit mode fits the alignment rect inside the source") func fitMode_fitsTheAlignmentRectInsideTheSource() {
        let g = geometry(.fit, alignment: image)
        let r = mapped(g, 0)
        #expect(source.contains(r, tolerance: 1e-9))
        #expect(close(r.height, source.height) || close(r.width, source.width))
        #expect(close(r.midX, source.midX) && close(r.midY, source.midY))
    }

    @Test("width and height modes match that side centred") func widthAndHeightModes_matchThatSideCentred() {
        let w = mapped(geometry(.width, alignment: image), 0)
        #expect(close(w.width, source.width) && close(w.midX, source.midX) && close(w.midY, source.midY))
        let h = mapped(geometry(.height, alignment: image), 0)
        #expect(close(h.height, source.height) && close(h.midX, source.midX) && close(h.midY, source.midY))
    }

    @Test("alignment rect with the sources aspect maps exactly onto the source", arguments: FitMode.allCases)
    func alignmentRectWithTheSourcesAspect_mapsExactlyOntoTheSource(_ fit: FitMode) {
        let sameAspect = Rect(x: 10, y: 300, width: 380, height: 190)  // 2:1 like the source
        let r = mapped(geometry(fit, alignment: sameAspect), 0)
        #expect(close(r, source, 1e-9))
    }

    @Test("top anchor pins the page top to the source top at width fit") func topAnchor_pinsThePageTopToTheSourceTopAtWidthFit() {
        let g = geometry(.width, anchor: .top)
        let page = g.transform(atProgress: 0).apply(to: Rect(origin: .zero, size: destination.size))
        #expect(close(page.minY, source.minY) && close(page.minX, source.minX) && close(page.width, source.width))
    }

    @Test("at progress one transform is the translation to the destination origin")
    func atProgressOne_transformIsTheTranslationToTheDestinationOrigin() {
        #expect(close(geometry(.fill, alignment: image).transform(atProgress: 1), .identity, 1e-12))
        let inset = ZoomGeometry(
            sourceFrame: source, sourceCornerRadius: 0,
            destinationFrame: Rect(x: 20, y: 60, width: 360, height: 700), restingCornerRadius: 10)
        #expect(close(inset.transform(atProgress: 1), .translation(20, 60), 1e-12))
    }

    @Test("mask interpolates each edge linearly from source to destination") func mask_interpolatesEachEdgeLinearlyFromSourceToDestination() {
        let g = geometry(.fill)
        #expect(g.mask(atProgress: 0).rect == source)
        #expect(close(g.mask(atProgress: 1).rect, destination, 1e-12))
        let half = g.mask(atProgress: 0.5, shrinking: true).rect
        #expect(close(half, Rect(x: 20, y: 250, width: 301, height: 487), 1e-9))
    }

    /// Issue 35 §3: growing, the top and bottom edges trail the sides (swift_transitions'
    /// `zoomVerticalProgress`, 0.05·sin(πp), parity stage 3: the bottom edge read 0.29 at a third
    /// of the sideways travel, 0.58 at 0.63, 0.73 at 0.76, 0.83 at 0.85); Loupe's 0.055·sin²(πp)
    /// stays within 0.01 of each reading; shrinking they keep pace.
    @Test("mask edge lag (0.05·sin(πp) measured, 0.055·sin²(πp) drawn): the growing card's top and bottom trail its sides")
    func growingMask_topAndBottomLagTheSides() {
        let g = geometry(.fill)
        #expect(ZoomGeometry.verticalLag == 0.055)
        for (p, measured) in [(1.0 / 3, 0.29), (0.63, 0.58), (0.76, 0.73), (0.85, 0.83)] {
            #expect(abs(ZoomGeometry.verticalProgress(p) - measured) < 0.01, "\(p)")
        }
        let half = g.mask(atProgress: 0.5).rect
        #expect(close(half.x, 20) && close(half.width, 301), "the sides keep their line")
        #expect(close(half.y, Scalar.lerp(source.y, destination.y, 0.445), 1e-9))
        #expect(close(half.maxY, Scalar.lerp(source.maxY, destination.maxY, 0.445), 1e-9))
        #expect(g.mask(atProgress: 0).rect == source && close(g.mask(atProgress: 1).rect, destination, 1e-12))
    }

    /// Issue 35 §3: a pop's cross-fade brings the source's picture in from the start of the flight
    /// (swift_transitions' `kZoomPopCrossFadeStart` 0.86 over 0.55, CHANGELOG 0.1.2): 0.645 at
    /// mid-pop and solid from 0.31 of the way; Loupe used to mirror the push's (0.09 at mid-pop).
    @Test("pop cross-fade from the start: 0.645 at mid-pop, solid from 0.31, none at the page")
    func shrinkingCard_bringsTheSourcePictureInFromTheStart() throws {
        let g = geometry(.fill)
        #expect(ZoomGeometry.popFadeStart == 0.86)
        #expect(abs(g.state(atProgress: 0.5, shrinking: true).opacity.sourceContent - 0.6545) < 0.001)
        #expect(g.state(atProgress: 0.3, shrinking: true).opacity.sourceContent == 1)
        #expect(g.state(atProgress: 0.9, shrinking: true).opacity.sourceContent == 0)
        #expect(abs(g.state(atProgress: 0.5).opacity.sourceContent - (1 - 0.5 / 0.55)) < 1e-12, "the push keeps its fade")
        // A pop plan: the keyframe nearest mid-flight reads the same.
        let pop = try Fixture.plan(Fixture.scene(.pop))
        let mid = try #require(pop.keyframes.min { abs($0.progress - 0.5) < abs($1.progress - 0.5) })
        #expect(abs(mid.opacity.sourceContent - Scalar.unit((0.86 - (1 - mid.progress)) / 0.55)) < 1e-12)
    }

    @Test("content scale stays uniform while the mask changes aspect") func contentScale_staysUniformWhileTheMaskChangesAspect() {
        let g = geometry(.fill, alignment: image)
        for p in stride(from: 0.0, through: 1, by: 0.1) {
            let t = g.transform(atProgress: p)
            #expect(t.a == t.d && t.b == 0 && t.c == 0)
        }
        let aspects = [0.0, 0.5, 1].map { g.mask(atProgress: $0).rect.size.aspectRatio! }
        #expect(aspects[0] != aspects[1] && aspects[1] != aspects[2])
    }

    @Test("corner radius goes in a straight line from source to resting radius") func cornerRadius_goesInAStraightLineFromSourceToRestingRadius() {
        let g = geometry(.fill)
        #expect(g.mask(atProgress: 0).cornerRadius == 12)
        #expect(close(g.mask(atProgress: 0.5).cornerRadius, 33.5))
        #expect(g.mask(atProgress: 1).cornerRadius == 55)
    }

    @Test("source content fades out linearly over the first 55 percent of progress")
    func sourceContent_fadesOutLinearlyOverTheFirst55PercentOfProgress() {
        let g = geometry(.fill)
        #expect(g.state(atProgress: 0).opacity.sourceContent == 1)
        #expect(close(g.state(atProgress: 0.275).opacity.sourceContent, 0.5))
        #expect(g.state(atProgress: 0.55).opacity.sourceContent == 0)
        #expect(g.state(atProgress: 0.8).opacity.sourceContent == 0)
        #expect(g.state(atProgress: 0.3).opacity.sourceSlot == 0)
        #expect(g.state(atProgress: 0.3).opacity.destination == 1)
    }

    @Test("dimming is strength times progress") func dimming_isStrengthTimesProgress() {
        var g = geometry(.fill)
        #expect(close(g.state(atProgress: 0.4).opacity.dimming, 0.06))
        g.dimmingStrength = 0.5
        #expect(close(g.state(atProgress: 0.4).opacity.dimming, 0.2))
        #expect(g.state(atProgress: 1.3).opacity.dimming == 0.5)
    }

    @Test("shadow is the measured card shadow in mid flight and ramps at the ends") func shadow_isTheMeasuredCardShadowInMidFlightAndRampsAtTheEnds()
    {
        let g = geometry(.fill)
        #expect(g.state(atProgress: 0.5).shadow == Shadow(radius: 18, opacity: 0.24, offsetY: 4))
        #expect(g.state(atProgress: 0).shadow.opacity == 0)
        #expect(g.state(atProgress: 1).shadow.opacity == 0)
        #expect(close(g.state(atProgress: 0.075).shadow.opacity, 0.12))
    }

    /// Issue 35 §3: the card's shadow fades out over the last tenth of the flight (swift_transitions'
    /// docs/design.md §1.6, parity stages 3 and 9), not the last 15 %.
    @Test("the card shadow fades out over the last tenth of the flight")
    func shadow_fadesOutOverTheLastTenth() {
        let g = geometry(.fill)
        #expect(ZoomGeometry.shadowFadeOut == 0.10)
        #expect(close(g.state(atProgress: 0.95).shadow.opacity, 0.12))
        #expect(g.state(atProgress: 0.88).shadow.opacity == 0.24)
    }

    @Test("overshooting progress keeps sizes radii and opacities meaningful") func overshootingProgress_keepsSizesRadiiAndOpacitiesMeaningful() {
        let g = geometry(.fill, alignment: image)
        for p in [-0.6, -0.2, 1.15, 1.4] {
            let s = g.state(atProgress: p)
            #expect(s.mask.rect.width >= 0 && s.mask.rect.height >= 0 && s.mask.cornerRadius >= 0)
            #expect(s.opacity.values.allSatisfy { (0...1).contains($0) })
            #expect(s.isFinite)
        }
        #expect(g.mask(atProgress: 1.1).rect.width > destination.width)
    }

    @Test("fill mode content covers the mask for the whole flight") func fillMode_contentCoversTheMaskForTheWholeFlight() {
        let g = geometry(.fill)
        let page = Rect(origin: .zero, size: destination.size)
        for p in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(g.transform(atProgress: p).apply(to: page).contains(g.mask(atProgress: p).rect, tolerance: 1e-9))
        }
    }

    @Test("arc path follows material arc motions quadratic bezier and meets the endpoints")
    func arcPath_followsMaterialArcMotionsQuadraticBezierAndMeetsTheEndpoints() {
        let g = geometry(.fill, path: .arc)
        #expect(g.mask(atProgress: 0).rect == source)
        #expect(close(g.mask(atProgress: 1).rect, destination, 1e-12))
        // Source centre (140, 550) is below the page centre (201, 437): moving up → control (end.x, start.y).
        let p0 = source.center, p1 = destination.center, c = Point(x: p1.x, y: p0.y)
        let t = 0.3
        let bezier = Point(
            x: (1 - t) * (1 - t) * p0.x + 2 * (1 - t) * t * c.x + t * t * p1.x,
            y: (1 - t) * (1 - t) * p0.y + 2 * (1 - t) * t * c.y + t * t * p1.y)
        let centre = g.mask(atProgress: t, shrinking: true).rect.center
        #expect(close(centre.x, bezier.x) && close(centre.y, bezier.y))
        #expect(centre.x != geometry(.fill).mask(atProgress: t).rect.midX)
        // Content stays pinned inside the card: same offset for the transform.
        let straight = geometry(.fill).transform(atProgress: t)
        let arced = g.transform(atProgress: t)
        #expect(close(arced.tx - straight.tx, centre.x - geometry(.fill).mask(atProgress: t).rect.midX))
    }

    @Test("crossfade zooms only the content while the background fades in place") func crossfade_zoomsOnlyTheContentWhileTheBackgroundFadesInPlace() {
        let g = geometry(.fill, alignment: image, mode: .crossfade)
        let start = g.state(atProgress: 0), mid = g.state(atProgress: 0.5), end = g.state(atProgress: 1)
        guard let l0 = start.layers, let l5 = mid.layers, let l1 = end.layers else {
            Issue.record("crossfade must carry layers")
            return
        }
        #expect(l0.content.mask.rect == source)
        #expect(close(l1.content.mask.rect, image, 1e-12))
        #expect(l1.content.mask.cornerRadius == 0)
        for layers in [l0, l5, l1] {
            #expect(layers.background.transform == .identity)
            #expect(layers.background.mask.rect == destination)
        }
        #expect(l0.background.opacity == 0 && l5.background.opacity == 0.5 && l1.background.opacity == 1)
        #expect(mid.mask == l5.content.mask && mid.transform == l5.content.transform)
        #expect(geometry(.fill).state(atProgress: 0.5).layers == nil)
    }
}
