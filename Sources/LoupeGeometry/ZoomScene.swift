/// Everything the engine needs to plan one transition, already parsed and range-checked by the
/// planner (finite numbers, frame rate 24...240, non-negative sizes).
///
/// The engine still never crashes on odd finite values: empty frames, off-screen sources and huge
/// numbers either fall back (with an advisory) or end in a `GeometryError`.
public struct ZoomScene: Sendable, Hashable {
    public var transition: TransitionKind
    public var platform: Platform
    public var container: Container
    public var source: SourceInput
    public var destination: Destination
    public var animation: AnimationSettings
    public var options: ZoomOptions

    public init(
        transition: TransitionKind,
        platform: Platform = .iOS,
        container: Container,
        source: SourceInput,
        destination: Destination,
        animation: AnimationSettings = AnimationSettings(),
        options: ZoomOptions = ZoomOptions()
    ) {
        self.transition = transition
        self.platform = platform
        self.container = container
        self.source = source
        self.destination = destination
        self.animation = animation
        self.options = options
    }
}

/// The view the transition happens in (the window or navigation container).
public struct Container: Sendable, Hashable {
    /// Size in points; its origin is (0, 0) of the container coordinate space.
    public var size: Size
    /// The display's corner radius in points, which the card's corners grow to in flight.
    /// Default 55 (iPhone 17 class: the radius swift_transitions measured reached 55 pt).
    public var displayCornerRadius: Double
    public var layoutDirection: LayoutDirection

    public init(size: Size, displayCornerRadius: Double = 55, layoutDirection: LayoutDirection = .leftToRight) {
        self.size = size
        self.displayCornerRadius = displayCornerRadius
        self.layoutDirection = layoutDirection
    }

    public init(width: Double, height: Double, displayCornerRadius: Double = 55, layoutDirection: LayoutDirection = .leftToRight) {
        self.init(size: Size(width: width, height: height), displayCornerRadius: displayCornerRadius, layoutDirection: layoutDirection)
    }

    /// The container's own rectangle, at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
}

/// Where the source comes from.
public enum SourceInput: Sendable, Hashable {
    /// No source: UIKit's provider returned nil (or SwiftUI declared none). Zooms from the centre.
    case missing
    /// UIKit: the view returned by `sourceViewProvider`.
    case view(SourceView)
    /// SwiftUI: every `matchedTransitionSource` on screen; the destination's `sourceID` and
    /// `namespace` pick one (the matchedTransitionSource guide's four conditions, see `SourceMatcher`).
    case matched([MatchedSource])
}

/// A UIKit source view's geometry.
public struct SourceView: Sendable, Hashable {
    /// Frame in container coordinates (points).
    public var frame: Rect
    /// Corner radius in points (the source's own clipping), default 0.
    public var cornerRadius: Double
    /// What the source is, when the request says (`source.role`): for the advice on sources the
    /// zoom does not suit.
    public var role: SourceRole?
    /// A view (default), or iOS 26's bar button item or toolbar item, whose frame is its glass
    /// capsule.
    public var kind: SourceKind

    public init(frame: Rect, cornerRadius: Double = 0, role: SourceRole? = nil, kind: SourceKind = .view) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.role = role
        self.kind = kind
    }
}

/// One SwiftUI view carrying `.matchedTransitionSource(id:in:)`.
public struct MatchedSource: Sendable, Hashable {
    /// The id: a string or a number, compared by type and value (`SourceID`).
    public var id: SourceID
    /// The `@Namespace` it was declared in, as an opaque name.
    public var namespace: String
    /// Frame in container coordinates (points).
    public var frame: Rect
    /// Corner radius in points (the configuration's `clipShape(RoundedRectangle)`), default 0.
    public var cornerRadius: Double
    /// Names of modifiers applied to the source (e.g. "scaleEffect"), checked for geometry-read
    /// artifacts (matchedTransitionSource guide §8.2).
    public var modifiers: [String]
    /// What the source is, when the request says (`sources[i].role`).
    public var role: SourceRole?
    /// A view (default) or, from iOS 26, toolbar content (`sources[i].kind: "toolbarItem"`); it
    /// matches like any other `matchedTransitionSource`.
    public var kind: SourceKind

    public init(
        id: SourceID, namespace: String, frame: Rect, cornerRadius: Double = 0, modifiers: [String] = [], role: SourceRole? = nil,
        kind: SourceKind = .view
    ) {
        self.id = id
        self.namespace = namespace
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.modifiers = modifiers
        self.role = role
        self.kind = kind
    }
}

/// The page being shown (push/present) or left (pop/dismiss).
public struct Destination: Sendable, Hashable {
    /// Frame at rest in container coordinates (points).
    public var frame: Rect
    /// UIKit's `alignmentRectProvider` result: the part of the page the source is a miniature of,
    /// in destination-local coordinates (origin at the page's top-left). `nil` = the whole page.
    public var alignmentRect: Rect?
    /// The page's own corner radius at rest, used as the resting mask radius when the page does not
    /// cover the container. Default 0.
    public var cornerRadius: Double
    /// False when the page has transparent regions (see `ZoomPlanner` on the system background).
    public var isOpaque: Bool
    /// Modal presentation style; ignored for push/pop. Default `.fullScreen`.
    public var presentationStyle: PresentationStyle
    /// SwiftUI: `navigationTransition(.zoom(sourceID:in:))`'s id; `nil` when the destination
    /// declares no zoom transition.
    public var sourceID: SourceID?
    /// SwiftUI: the namespace passed to `.zoom(sourceID:in:)`.
    public var namespace: String?
    /// Whether the page shows a close or Done button (`destination.closeButton`); nil when the
    /// request does not say. A full-screen presentation should have one.
    public var hasCloseButton: Bool?
    /// The detent a page or form sheet rests at (`destination.detent`); nil when the request does
    /// not say (UIKit's default, large). Only iOS 26 keeps a zooming sheet at its detent.
    public var detent: SheetDetent?

    public init(
        frame: Rect,
        alignmentRect: Rect? = nil,
        cornerRadius: Double = 0,
        isOpaque: Bool = true,
        presentationStyle: PresentationStyle = .fullScreen,
        sourceID: SourceID? = nil,
        namespace: String? = nil,
        hasCloseButton: Bool? = nil,
        detent: SheetDetent? = nil
    ) {
        self.frame = frame
        self.alignmentRect = alignmentRect
        self.cornerRadius = cornerRadius
        self.isOpaque = isOpaque
        self.presentationStyle = presentationStyle
        self.sourceID = sourceID
        self.namespace = namespace
        self.hasCloseButton = hasCloseButton
        self.detent = detent
    }
}

/// Timing inputs.
public struct AnimationSettings: Sendable, Hashable {
    /// The spring; `nil` = the effect's default (`Spring.zoom` for zoom, `.navigationSlide`,
    /// `.coverVertical`, `.popoverFade`).
    public var spring: Spring?
    /// Keyframes per second, default 60 (the planner accepts 24...240).
    public var frameRate: Double
    /// Initial velocity in progress per second (UIKit's normalised velocity: pt/s ÷ distance). Default 0.
    public var initialVelocity: Double

    public init(spring: Spring? = nil, frameRate: Double = 60, initialVelocity: Double = 0) {
        self.spring = spring
        self.frameRate = frameRate
        self.initialVelocity = initialVelocity
    }
}

/// Loupe's own knobs beyond what iOS offers.
public struct ZoomOptions: Sendable, Hashable {
    /// `nil` = the framework's behaviour: `.fill` centred for UIKit, `.width` top-aligned for SwiftUI.
    public var fitMode: FitMode?
    public var motionPath: MotionPath
    public var backgroundMode: BackgroundMode
    public var dimming: Dimming
    /// UIKit's `dimmingVisualEffect`: a blur over the content behind the zoomed page; nil (the
    /// default) for none.
    public var dimmingVisualEffect: BlurStyle?
    /// The user's Reduce Motion setting (`UIAccessibility.isReduceMotionEnabled`): the zoom runs
    /// as the system's cross-fade instead (`TransitionEffect.crossfade`).
    public var reduceMotion: Bool

    public init(
        fitMode: FitMode? = nil, motionPath: MotionPath = .straight, backgroundMode: BackgroundMode = .zoom,
        dimming: Dimming = Dimming(), dimmingVisualEffect: BlurStyle? = nil, reduceMotion: Bool = false
    ) {
        self.reduceMotion = reduceMotion
        self.fitMode = fitMode
        self.motionPath = motionPath
        self.backgroundMode = backgroundMode
        self.dimming = dimming
        self.dimmingVisualEffect = dimmingVisualEffect
    }
}
