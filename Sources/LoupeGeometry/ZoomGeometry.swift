#if canImport(Glibc)
    import Glibc
#endif

/// The zoom's geometry as a function of progress: 0 = the card sits on the source, 1 = the page is
/// at rest. Pure and continuous in progress, so it can be evaluated at any progress a spring or a
/// gesture produces (values past 1 or below 0 extrapolate; sizes, radii and opacities are floored
/// or clamped so they stay meaningful).
///
/// The model (measured by swift_transitions, not official, unless noted):
/// - Content: the page is scaled uniformly by `lerp(initialScale, 1, p)` and its anchor point (the
///   alignment rect's centre, or its top-centre for SwiftUI) travels linearly from the source's
///   matching point to its resting place. Scale and anchor both linear ⇒ every content edge is
///   linear in p, so in `.fill` mode the content covers the mask for the whole flight.
/// - Mask: an edge-wise rect interpolation from the source frame to the destination frame (its
///   aspect ratio changes in flight while the content keeps a uniform scale).
/// - Corner radius: straight line from the source radius to `restingCornerRadius` in progress.
/// - Source snapshot: opacity 1 → 0 over the first 55 % of progress. With no source, the page
///   itself fades in over the same span instead (centre scale-and-fade).
/// - Dimming: `dimmingStrength × p` (0.15 default) over the covered page; over a transparent page
///   it fades out over the last 15 % of progress, so nothing dims what shows through at rest.
///   The blur of `dimmingVisualEffect` follows the same share of `blurRadius`.
/// - Shadow: σ 18, α 0.24, 4 pt down in flight; its opacity ramps in over the first 15 % and out
///   over the last 15 % of progress so it neither pops in on the first frame nor lingers at rest.
/// - Undershoot (progress below 0: a soft spring landing past the source, a push launched
///   backwards): a plan's keyframes draw the card at `geometricProgress`, a rubber band towards
///   half the way to collapse, so its scale and mask stay positive (a linear extrapolation
///   mirrored the page and collapsed the mask). The reported progress stays the spring's.
public struct ZoomGeometry: Sendable, Hashable {
    /// Where the card starts, container coordinates (the centre rect when the source is missing).
    public var sourceFrame: Rect
    public var sourceCornerRadius: Double
    /// The page at rest, container coordinates.
    public var destinationFrame: Rect
    /// The part of the page that aligns with the source, destination-local coordinates.
    public var alignmentRect: Rect
    public var fitMode: FitMode
    public var anchor: ContentAnchor
    /// The mask's corner radius at progress 1 (points).
    public var restingCornerRadius: Double
    public var motionPath: MotionPath
    public var backgroundMode: BackgroundMode
    /// Scrim opacity at progress 1, 0...1.
    public var dimmingStrength: Double
    /// The covered page's blur at progress 1 (points, Gaussian σ): the `dimmingVisualEffect`
    /// style's radius, 0 without one.
    public var blurRadius: Double
    /// No source: no snapshot to fade out, the page fades in instead, the source slot is untouched.
    public var sourceIsMissing: Bool
    /// An opaque system-background view stands behind the page in flight (transparent destinations).
    public var showsSystemBackground: Bool

    /// Progress by which the source snapshot has faded out (measured by swift_transitions: 0.03
    /// left at 0.63).
    public static let sourceFadeEnd = 0.55
    /// Share of progress over which the shadow ramps in (and out at the end).
    public static let shadowRamp = 0.15

    public init(
        sourceFrame: Rect, sourceCornerRadius: Double, destinationFrame: Rect,
        alignmentRect: Rect? = nil, fitMode: FitMode = .fill, anchor: ContentAnchor = .center,
        restingCornerRadius: Double, motionPath: MotionPath = .straight, backgroundMode: BackgroundMode = .zoom,
        dimmingStrength: Double = 0.15, blurRadius: Double = 0, sourceIsMissing: Bool = false, showsSystemBackground: Bool = false
    ) {
        self.sourceFrame = sourceFrame
        self.sourceCornerRadius = sourceCornerRadius
        self.destinationFrame = destinationFrame
        self.alignmentRect = alignmentRect ?? Rect(origin: .zero, size: destinationFrame.size)
        self.fitMode = fitMode
        self.anchor = anchor
        self.restingCornerRadius = restingCornerRadius
        self.motionPath = motionPath
        self.backgroundMode = backgroundMode
        self.dimmingStrength = dimmingStrength
        self.blurRadius = blurRadius
        self.sourceIsMissing = sourceIsMissing
        self.showsSystemBackground = showsSystemBackground
    }

    /// Which point of the alignment rect is pinned to the source.
    public enum ContentAnchor: String, Sendable, Hashable {
        /// Centres (UIKit with an alignment rect).
        case center
        /// Top-centres: SwiftUI "scales the whole page into the card from its top" (swift_transitions,
        /// docs/parity-plan.md).
        case top
    }

    // MARK: - Pieces

    /// The page's scale at progress 0: how the alignment rect is fitted onto the source.
    /// 0 if either rect is empty (the planner never builds such a geometry).
    public var initialScale: Double {
        let s = sourceFrame.size, a = alignmentRect.size
        guard !s.isEmpty, !a.isEmpty else { return 0 }
        let sx = s.width / a.width, sy = s.height / a.height
        switch fitMode {
        case .fill: return max(sx, sy)
        case .fit: return min(sx, sy)
        case .width: return sx
        case .height: return sy
        }
    }

    /// The arc's displacement from the straight path at `progress`: p(1 − p)(2C − P₀ − P₁) for
    /// the quadratic Bézier P₀ → C → P₁ through the two centres (MaterialArcMotion's control point).
    /// Zero at both ends and for a straight path.
    public func pathOffset(atProgress p: Double) -> Point {
        guard motionPath == .arc else { return .zero }
        let start = sourceFrame.center, end = destinationFrame.center
        let control = start.y > end.y ? Point(x: end.x, y: start.y) : Point(x: start.x, y: end.y)
        let w = p * (1 - p)
        return Point(x: w * (2 * control.x - start.x - end.x), y: w * (2 * control.y - start.y - end.y))
    }

    /// The progress the card's geometry is drawn at: `p` itself from 0 up, and below 0 an
    /// exponential rubber band, `-d (1 - e^(p/d))`, which leaves 0 with slope 1 (no jump in
    /// position or velocity) and never passes `-d`. `d` is half the undershoot at which the
    /// scale or a side of the mask would reach 0, so the card keeps at least about half the
    /// source's size however far a spring undershoots. No public source describes this; UIKit
    /// cannot draw a negative scale either, and a card shrinking through nothing is no motion an
    /// app would ship.
    public func geometricProgress(_ p: Double) -> Double {
        guard p < 0, let depth = undershootDepth else { return p }
        return -depth * (1 - exp(p / depth))
    }

    /// Half the smallest undershoot that collapses the scale or a side of the mask, or nil when
    /// no undershoot does (a source as large as the page grows instead).
    private var undershootDepth: Double? {
        var collapse = Double.infinity
        // lerp(a, b, p) = 0 at p = -a / (b - a), which is below 0 when b > a > 0.
        for (start, end) in [(initialScale, 1.0), (sourceFrame.width, destinationFrame.width), (sourceFrame.height, destinationFrame.height)]
        where end > start && start >= 0 {
            collapse = min(collapse, start / (end - start))
        }
        guard collapse.isFinite else { return nil }
        return max(collapse / 2, 1e-9)
    }

    /// Destination-local → container at `progress`.
    public func transform(atProgress p: Double) -> AffineTransform {
        let scale = Scalar.lerp(initialScale, 1, p)
        let local = anchorPoint(in: alignmentRect)
        let start = anchorPoint(in: sourceFrame)
        let end = Point(x: destinationFrame.x + local.x, y: destinationFrame.y + local.y)
        let offset = pathOffset(atProgress: p)
        let now = Point.lerp(start, end, p)
        return .scale(scale, thenTranslate: now.x + offset.x - scale * local.x, now.y + offset.y - scale * local.y)
    }

    /// The card's clip at `progress`, container coordinates.
    public func mask(atProgress p: Double) -> RoundedRect {
        let offset = pathOffset(atProgress: p)
        let rect = Rect.lerp(sourceFrame, destinationFrame, p).offsetBy(dx: offset.x, dy: offset.y)
        return RoundedRect(rect: rect, cornerRadius: Scalar.lerp(sourceCornerRadius, restingCornerRadius, p))
    }

    /// Everything at `progress`, as seen in flight (see `TransitionGeometry.restingState` for the
    /// values on the last keyframe).
    public func state(atProgress p: Double) -> FrameState {
        let transform = transform(atProgress: p)
        let fade = Scalar.unit(p / Self.sourceFadeEnd)
        // Over a transparent page the scrim fades out over the last 15 % of progress, as the
        // shadow does: at rest nothing dims (or blurs) what shows through the page.
        let scrim = Scalar.unit(p) * (showsSystemBackground ? Scalar.unit((1 - p) / Self.shadowRamp) : 1)
        let blur = max(0, blurRadius) * scrim
        let opacity = Opacities(
            sourceSlot: sourceIsMissing ? 1 : 0,
            sourceContent: sourceIsMissing ? 0 : 1 - fade,
            destination: sourceIsMissing ? fade : 1,
            dimming: Scalar.unit(dimmingStrength) * scrim,
            background: showsSystemBackground ? 1 : 0
        )
        let ramp = Scalar.unit(min(p, 1 - p) / Self.shadowRamp)
        var shadow = Shadow.zoomCard
        shadow.opacity *= ramp
        guard backgroundMode == .crossfade else {
            return FrameState(transform: transform, mask: mask(atProgress: p), opacity: opacity, shadow: shadow, blur: blur)
        }
        // Crossfade: only the alignment-rect content travels; its clip runs from the source to the
        // alignment rect's resting place and its corners square off (content inside a page has none).
        let offset = pathOffset(atProgress: p)
        let contentRest = alignmentRect.offsetBy(dx: destinationFrame.x, dy: destinationFrame.y)
        let contentMask = RoundedRect(
            rect: Rect.lerp(sourceFrame, contentRest, p).offsetBy(dx: offset.x, dy: offset.y),
            cornerRadius: Scalar.lerp(sourceCornerRadius, 0, p)
        )
        let layers = CrossfadeLayers(
            content: Layer(transform: transform, mask: contentMask, opacity: opacity.destination),
            background: Layer(
                transform: .translation(destinationFrame.x, destinationFrame.y),
                mask: RoundedRect(rect: destinationFrame, cornerRadius: restingCornerRadius),
                opacity: Scalar.unit(p)
            )
        )
        return FrameState(transform: transform, mask: contentMask, opacity: opacity, shadow: shadow, layers: layers, blur: blur)
    }

    private func anchorPoint(in rect: Rect) -> Point {
        switch anchor {
        case .center: return rect.center
        case .top: return Point(x: rect.midX, y: rect.minY)
        }
    }
}
