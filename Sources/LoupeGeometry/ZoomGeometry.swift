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
///   aspect ratio changes in flight while the content keeps a uniform scale). Growing (push,
///   present) its top and bottom edges trail its sides by `verticalLag × sin(πp)` of the way
///   (measured by swift_transitions, parity stage 3); shrinking (pop, dismiss) they keep pace.
/// - Corner radius: straight line from the source radius to `restingCornerRadius` in progress.
/// - Source snapshot: opacity 1 → 0 over the first 55 % of progress growing; shrinking, the
///   source's picture comes in from the start of the flight, `(0.86 − p) ÷ 0.55` (measured by
///   swift_transitions). With no source, the page itself fades in over the same span instead
///   (centre scale-and-fade).
/// - Dimming: `dimmingStrength × p` (0.15 default) over the covered page; over a transparent page
///   it fades out over the last 15 % of progress, so nothing dims what shows through at rest.
///   The blur of `dimmingVisualEffect` follows the same share of `blurRadius`.
/// - Shadow: σ 18, α 0.24, 4 pt down in flight; its opacity ramps in over the first 15 % and out
///   over the last 10 % of progress so it neither pops in on the first frame nor lingers at rest.
/// - Covered page: shrunk about the container's centre by `coveredPageShrink × p` (0.086: 0.914
///   with the card at full screen, measured by swift_transitions' parity stage 9) when the page
///   covers it full screen; 1 otherwise.
/// - Undershoot and overshoot (progress below 0 or above 1: a soft spring landing past the source
///   or past the page, a push launched backwards): the card is drawn at `geometricProgress`, a
///   rubber band, so its scale and mask stay positive (a linear extrapolation mirrored the page
///   and collapsed the mask) and the mask stays within a quarter of the container's height of
///   its edges. The reported progress stays the spring's.
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
    /// The container's bounds, which an overshooting mask may leave by at most
    /// `overshootAllowance` of its height; nil = the destination frame's.
    public var containerBounds: Rect?
    /// How much the covered page shrinks, about the container's centre, by progress 1: the
    /// covered page's scale is `1 − coveredPageShrink × p` (p within 0…1). 0 leaves it still.
    public var coveredPageShrink: Double
    /// A SwiftUI source configuration's `shadow(color:radius:x:y:)`: the shadow the card starts
    /// its flight with, turning into the zoom's own over the shadow's ramp; nil ramps in from none.
    public var sourceShadow: Shadow?

    /// The covered page's shrink under a full-screen zoom: 0.086, so 0.914 with the card at full
    /// screen, straight in the flight's progress (swift_transitions' `kZoomCoveredPageScale`,
    /// lib/src/zoom/zoom_frame.dart and docs/design.md §1.4: 0.989 at 0.12 of the flight, 0.968 at
    /// 0.36, 0.944 at 0.65, about the screen's centre; parity stage 9, measured natively).
    public static let fullScreenCoveredShrink = 0.086

    /// Progress by which the source snapshot has faded out (measured by swift_transitions: 0.03
    /// left at 0.63).
    public static let sourceFadeEnd = 0.55
    /// Share of progress over which the shadow ramps in (and out at the end).
    public static let shadowRamp = 0.15
    /// Share of progress over which the card's shadow fades out as it reaches the page: the last
    /// tenth (swift_transitions' docs/design.md §1.6, "Zoom card shadow … fading out over the last
    /// tenth of the flight", parity stages 3 and 9). Issue 35 §3.
    public static let shadowFadeOut = 0.10
    /// How far a growing card's top and bottom edges trail its sides, at most (mid-flight), as a
    /// share of the way: 0.055 on `sin²(πp)` (swift_transitions' `zoomVerticalProgress`,
    /// lib/src/zoom/zoom_frame.dart, fits 0.05·sin(πp) to "its bottom edge reads 0.29 at a third
    /// of the sideways travel, 0.58 at 0.63, 0.73 at 0.76, 0.83 at 0.85"; parity stage 3, measured
    /// natively). Squared, the lag leaves both ends with no slope, so a spring crossing an end
    /// keeps its edges' velocity; it stays within 0.01 of every measured point. Issue 35 §3.
    public static let verticalLag = 0.055
    /// Where on the way back a shrinking card's source picture starts to come in: 0.86, over
    /// `sourceFadeEnd` of the way, so 0.645 at mid-pop and solid from 0.31 (swift_transitions'
    /// `kZoomPopCrossFadeStart`, CHANGELOG 0.1.2: "A pop's cross-fade comes in from the start of
    /// the flight, as native's does"). Issue 35 §3.
    public static let popFadeStart = 0.86

    public init(
        sourceFrame: Rect, sourceCornerRadius: Double, destinationFrame: Rect,
        alignmentRect: Rect? = nil, fitMode: FitMode = .fill, anchor: ContentAnchor = .center,
        restingCornerRadius: Double, motionPath: MotionPath = .straight, backgroundMode: BackgroundMode = .zoom,
        dimmingStrength: Double = 0.15, blurRadius: Double = 0, sourceIsMissing: Bool = false, showsSystemBackground: Bool = false,
        containerBounds: Rect? = nil, coveredPageShrink: Double = 0, sourceShadow: Shadow? = nil
    ) {
        self.sourceShadow = sourceShadow
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
        self.containerBounds = containerBounds
        self.coveredPageShrink = coveredPageShrink
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

    /// How far beyond the container's edges a spring may carry the mask, as a share of the
    /// container's height (issue 23 §7: "a quarter of the container's height").
    public static let overshootAllowance = 0.25

    /// The progress the card's geometry is drawn at: `p` itself within 0…1, and beyond either end
    /// a rubber band, `e + d·tanh((p − e)/d)` for the end e it passed, which leaves the end with
    /// slope 1 and no curvature (no jump in position, velocity or acceleration, so a hand-off
    /// near an end stays smooth) and never passes `e ± d`.
    /// `d` is the smaller of half the distance at which the scale or a side of the mask would
    /// reach 0, and the distance at which an edge of the mask would be `overshootAllowance` of the
    /// container's height beyond the container's edge (an edge already beyond that, such as an
    /// off-screen source's, may not go further). So however far a soft spring, a launch velocity
    /// or a gesture's hand-off carries progress, the card keeps a positive size and stays near the
    /// screen. No public source describes this; UIKit cannot draw a negative scale either, and a
    /// card shrinking through nothing or flying thousands of points off screen is no motion an app
    /// would ship. Rubber-banding, rather than clamping, keeps the spring's motion visible.
    public func geometricProgress(_ p: Double) -> Double {
        if p < 0, let depth = bandDepth(beyondPage: false) { return depth * tanh(p / depth) }
        if p > 1, let depth = bandDepth(beyondPage: true) { return 1 + depth * tanh((p - 1) / depth) }
        return p
    }

    /// The band's depth past the page (p > 1) or past the source (p < 0); nil when nothing
    /// limits it (no size collapses and no edge moves outward).
    private func bandDepth(beyondPage: Bool) -> Double? {
        let from = beyondPage ? destinationFrame : sourceFrame, toward = beyondPage ? sourceFrame : destinationFrame
        var depth = Double.infinity
        // Extrapolating past `from` by x moves a value v to v + x (v_from − v_toward); a size or
        // the scale shrinking that way reaches 0 at x = v_from / (v_toward − v_from).
        let scales = beyondPage ? (1.0, initialScale) : (initialScale, 1.0)
        for (start, other) in [scales, (from.width, toward.width), (from.height, toward.height)] where other > start && start >= 0 {
            depth = min(depth, start / (other - start) / 2)
        }
        let bounds = containerBounds ?? destinationFrame
        let margin = Self.overshootAllowance * bounds.height
        // Each edge moving outward may go as far as `margin` beyond the container's edge.
        let edges: [(value: Double, other: Double, limit: Double)] = [
            (from.minX, toward.minX, bounds.minX - margin), (from.minY, toward.minY, bounds.minY - margin),
            (-from.maxX, -toward.maxX, -(bounds.maxX + margin)), (-from.maxY, -toward.maxY, -(bounds.maxY + margin))
        ]
        for edge in edges where edge.value < edge.other {
            depth = min(depth, max(0, edge.value - edge.limit) / (edge.other - edge.value))
        }
        guard depth.isFinite else { return nil }
        depth = max(depth, 1e-9)
        // The arc bends the path further out; halve the depth until the arc's mask fits too.
        if motionPath == .arc {
            let end = beyondPage ? 1.0 : 0.0, direction = beyondPage ? 1.0 : -1.0
            for _ in 0..<60 where !fits(mask(atProgress: end + direction * depth).rect, from: from, in: bounds, margin: margin) {
                depth /= 2
            }
        }
        return depth
    }

    /// Whether `rect` stays within `margin` of `bounds`, or no further out than `from` already is.
    private func fits(_ rect: Rect, from: Rect, in bounds: Rect, margin: Double) -> Bool {
        rect.minX >= min(bounds.minX - margin, from.minX) && rect.minY >= min(bounds.minY - margin, from.minY)
            && rect.maxX <= max(bounds.maxX + margin, from.maxX) && rect.maxY <= max(bounds.maxY + margin, from.maxY)
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

    /// The card's clip at `progress`, container coordinates. Growing, its top and bottom edges
    /// are at `verticalProgress(p)`; shrinking (`shrinking`), at `p` like its sides: the peer's
    /// +0.03 on a pop would open a gap between the mask and Loupe's uniformly scaled content,
    /// which swift_transitions avoids by cover-fitting its page into the card.
    public func mask(atProgress p: Double, shrinking: Bool = false) -> RoundedRect {
        let offset = pathOffset(atProgress: p)
        let q = shrinking ? p : Self.verticalProgress(p)
        let rect = Rect(
            x: Scalar.lerp(sourceFrame.minX, destinationFrame.minX, p), y: Scalar.lerp(sourceFrame.minY, destinationFrame.minY, q),
            width: max(0, Scalar.lerp(sourceFrame.width, destinationFrame.width, p)),
            height: max(0, Scalar.lerp(sourceFrame.height, destinationFrame.height, q))
        ).offsetBy(dx: offset.x, dy: offset.y)
        return RoundedRect(rect: rect, cornerRadius: Scalar.lerp(sourceCornerRadius, restingCornerRadius, p))
    }

    /// How far a growing card's top and bottom edges have come when its sides are at `p`:
    /// `p − verticalLag × sin²(πp)` within 0…1, `p` beyond (lag and slope are 0 at both ends, so
    /// they join smoothly, and the rubber band past either end keeps its guarantees). Behind the
    /// sides, so the mask stays inside the content.
    public static func verticalProgress(_ p: Double) -> Double {
        guard p > 0, p < 1 else { return p }
        let wave = sin(Double.pi * p)
        return p - verticalLag * wave * wave
    }

    /// Everything at `progress`, as seen in flight (see `TransitionGeometry.restingState` for the
    /// values on the last keyframe).
    /// - Parameter shrinking: the card is on its way back to the source (pop, dismiss): its
    ///   vertical edges keep pace and the source's picture comes in from the start.
    public func state(atProgress p: Double, shrinking: Bool = false) -> FrameState {
        let transform = transform(atProgress: p)
        let fade = Scalar.unit(p / Self.sourceFadeEnd)
        let snapshot = shrinking ? Scalar.unit((Self.popFadeStart - p) / Self.sourceFadeEnd) : 1 - fade
        // Over a transparent page the scrim fades out over the last 15 % of progress, as the
        // shadow does: at rest nothing dims (or blurs) what shows through the page.
        let scrim = Scalar.unit(p) * (showsSystemBackground ? Scalar.unit((1 - p) / Self.shadowRamp) : 1)
        let blur = max(0, blurRadius) * scrim
        let opacity = Opacities(
            sourceSlot: sourceIsMissing ? 1 : 0,
            sourceContent: sourceIsMissing ? 0 : snapshot,
            destination: sourceIsMissing ? fade : 1,
            dimming: Scalar.unit(dimmingStrength) * scrim,
            background: showsSystemBackground ? 1 : 0
        )
        let shadow = cardShadow(atProgress: p)
        let covered = coveredTransform(atProgress: p)
        guard backgroundMode == .crossfade else {
            return FrameState(
                transform: transform, mask: mask(atProgress: p, shrinking: shrinking), opacity: opacity, shadow: shadow, covered: covered,
                blur: blur)
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
        return FrameState(
            transform: transform, mask: contentMask, opacity: opacity, shadow: shadow, covered: covered, layers: layers, blur: blur)
    }

    /// The card's shadow in flight: the zoom's own, ramped in over the first `shadowRamp` of
    /// progress and out over the last `shadowFadeOut`. A source with a configured shadow casts it
    /// at rest, so the card starts from that shadow rather than from none, and the ramp turns it
    /// into the zoom's: Apple says only that the configuration's values are "smoothly
    /// interpolated"; what they are interpolated to is this model's choice (docs/behaviour.md).
    func cardShadow(atProgress p: Double) -> Shadow {
        guard let sourceShadow else {
            var shadow = Shadow.zoomCard
            shadow.opacity *= Scalar.unit(min(p / Self.shadowRamp, (1 - p) / Self.shadowFadeOut))
            return shadow
        }
        var shadow = sourceShadow.mixed(with: .zoomCard, Scalar.unit(p / Self.shadowRamp))
        shadow.opacity *= Scalar.unit((1 - p) / Self.shadowFadeOut)
        return shadow
    }

    /// The covered page's transform at `progress` (container → container): scaled by
    /// `1 − coveredPageShrink × p` about the container's centre, p held within 0…1 so an
    /// overshooting spring does not grow or shrink it further.
    public func coveredTransform(atProgress p: Double) -> AffineTransform {
        guard coveredPageShrink != 0 else { return .identity }
        let scale = 1 - coveredPageShrink * Scalar.unit(p)
        let centre = (containerBounds ?? destinationFrame).center
        return .scale(scale, thenTranslate: centre.x * (1 - scale), centre.y * (1 - scale))
    }

    private func anchorPoint(in rect: Rect) -> Point {
        switch anchor {
        case .center: return rect.center
        case .top: return Point(x: rect.midX, y: rect.minY)
        }
    }
}
