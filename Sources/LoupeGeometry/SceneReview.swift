import LoupeWarnings

/// The warnings about how a zoom will *look*, from the resolved frames (the "Zoom transitions"
/// guide's advice).
public enum SceneReview {
    /// A source at least this share of the container's width counts as "full width".
    public static let skinnyWidthShare = 0.8
    /// …and at least this many times wider than tall counts as "skinny" (a 402 × 88 pt list row is 4.6).
    public static let skinnyAspect = 4.0
    /// Aspect ratios further apart than this factor (either way) ghost without an alignment rect.
    public static let aspectMismatchFactor = 1.2
    /// Frame rates below this get `low-frame-rate`.
    public static let lowFrameRate = 30.0

    /// A source counts as partly off screen when more than this many points of it lie outside.
    public static let offScreenTolerance = 0.5

    /// The share of `source`'s area outside `bounds`, when it sticks out by more than the
    /// tolerance on some side; nil when it is (nearly) all inside.
    static func hiddenShare(of source: Rect, in bounds: Rect) -> Double? {
        let outside = max(bounds.minX - source.minX, source.maxX - bounds.maxX, bounds.minY - source.minY, source.maxY - bounds.maxY)
        guard outside > offScreenTolerance, source.width > 0, source.height > 0 else { return nil }
        let width = max(0, min(source.maxX, bounds.maxX) - max(source.minX, bounds.minX))
        let height = max(0, min(source.maxY, bounds.maxY) - max(source.minY, bounds.minY))
        return 1 - (width * height) / (source.width * source.height)
    }

    /// True for a full-width, short row.
    public static func isSkinny(_ source: Rect, container: Size) -> Bool {
        container.width > 0 && source.width >= skinnyWidthShare * container.width
            && source.width >= skinnyAspect * source.height
    }

    /// Warnings about the source's shape and position relative to the page and container.
    /// - Parameters:
    ///   - aligned: true when a usable UIKit alignment rect was given (no ghosting to warn about).
    public static func sourceWarnings(
        source: Rect, subject: GeometryWarningSubject, container: Size, alignmentSize: Size,
        aligned: Bool, framework: Framework
    ) -> [Warning<GeometryWarningCode>] {
        var warnings: [Warning<GeometryWarningCode>] = []
        let bounds = Rect(origin: .zero, size: container)
        if !source.intersects(bounds) {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .sourceOffScreen,
                    "The source lies entirely outside the container (for example a prefetched cell scrolled off screen), so the card flies off the edge; cells returned for off-screen rows make this inconsistent. Return nil for off-screen sources to zoom from the centre instead.",
                    subject: subject))
        } else if let hidden = hiddenShare(of: source, in: bounds) {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .sourcePartlyOffScreen,
                    "About \(Int((hidden * 100).rounded())) % of the source lies outside the container (a cell scrolled half out of view), so the card starts, or lands, partly off screen. Scroll the source into view before the transition, or accept the cut-off edge.",
                    subject: subject))
        }
        if isSkinny(source, container: container) {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .skinnySource,
                    "The source is a skinny full-width row (\(source.width.rounded().plainText) × \(source.height.rounded().plainText) pt); zooming from it rarely looks good. Zoom from a thumbnail inside the row, or use the default transition.",
                    subject: subject))
        } else if !aligned, let s = source.size.aspectRatio, let a = alignmentSize.aspectRatio,
            max(s / a, a / s) > aspectMismatchFactor
        {
            let fix =
                framework == .uiKit
                ? "Give an alignment rect for the part of the page the source shows."
                : "SwiftUI has no alignment-rect API; match the source's aspect ratio to the page or zoom from a view with the page's shape."
            warnings.append(
                Warning<GeometryWarningCode>(
                    .aspectRatioMismatch,
                    "The source's aspect ratio differs from the page's, so the content shifts during the zoom and appears twice (the \"double ferry\" ghosting). \(fix)",
                    subject: framework == .uiKit ? .destinationAlignmentRect : subject))
        }
        return warnings
    }

    /// The `*-not-ios` warnings: options a zoom accepts that iOS has no counterpart for, so a
    /// prototype that uses them knows it has left the platform (as `spread-to-open-not-ios` does
    /// for timelines). Only for an effective zoom: the fallbacks ignore these options.
    /// - Parameter destinationFrame: the page's resting frame, after sheets became full screen.
    public static func beyondIOSWarnings(_ scene: ZoomScene, destinationFrame: Rect) -> [Warning<GeometryWarningCode>] {
        var warnings: [Warning<GeometryWarningCode>] = []
        if let spring = scene.animation.spring, spring != .zoom {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .springNotIOS,
                    "Neither UIKit's nor SwiftUI's zoom takes a timing: iOS always runs its own critically damped spring. This plan follows the spring asked for; leave animation.spring out to match iOS.",
                    subject: .spring))
        }
        if scene.animation.initialVelocity != 0 {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .initialVelocityNotIOS,
                    "iOS starts a zoom at rest; only an interactive gesture hands its velocity over (see POST /v1/timelines). Leave animation.initialVelocity out to match iOS.",
                    subject: .initialVelocity))
        }
        if scene.options.backgroundMode == .crossfade {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .crossfadeNotIOS,
                    "iOS zooms the whole page, background included; the crossfade background mode is Loupe's own.",
                    subject: .backgroundMode))
        }
        if scene.options.motionPath == .arc {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .arcPathNotIOS,
                    "iOS moves the zooming card in a straight line; the arc (Material's arc motion) is not iOS behaviour.",
                    subject: .motionPath))
        }
        let fillsContainer = !scene.transition.isModal || [.fullScreen, .overFullScreen].contains(scene.destination.presentationStyle)
        let bounds = scene.container.bounds
        let tolerance = 0.5
        let inset =
            abs(destinationFrame.minX - bounds.minX) > tolerance || abs(destinationFrame.minY - bounds.minY) > tolerance
            || abs(destinationFrame.maxX - bounds.maxX) > tolerance || abs(destinationFrame.maxY - bounds.maxY) > tolerance
        if fillsContainer, inset {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .insetDestinationNotIOS,
                    "On iOS a pushed or full-screen page fills its container; this destination frame does not, so the page rests inset. Give the container's bounds (or leave destination.frame out) to match iOS.",
                    subject: .destinationFrame))
        }
        return warnings
    }

    /// `unsuitable-source` when the request says the source is something the zoom does not suit.
    /// - Parameter subject: the chosen source (`.source` or `.sources(index:)`).
    public static func roleWarnings(_ role: SourceRole?, subject: GeometryWarningSubject) -> [Warning<GeometryWarningCode>] {
        guard let role, let reason = role.unsuitability else { return [] }
        let index: Int? = if case .sources(let index) = subject { index } else { nil }
        return [Warning<GeometryWarningCode>(.unsuitableSource, reason, subject: .sourceRole(index: index))]
    }

    /// `bar-button-source-before-ios-26` for a bar button or toolbar item source on a version
    /// before 26: `zoom(options:sourceBarButtonItemProvider:)` and toolbar content's
    /// `matchedTransitionSource(id:in:)` are iOS 26.0+ (UIKit and SwiftUI API references), so the
    /// plan is the iOS 18 zoom from the item's frame as a plain view (no glass capsule).
    /// - Parameter subject: the chosen source (`.source` or `.sources(index:)`).
    public static func barItemAdvisories(_ kind: SourceKind, subject: GeometryWarningSubject, platform: Platform) -> [Warning<GeometryWarningCode>] {
        guard kind.isBarItem, !platform.hasVersion26Behaviours else { return [] }
        let index: Int? = if case .sources(let index) = subject { index } else { nil }
        let api =
            kind == .barButtonItem
            ? "zoom(options:sourceBarButtonItemProvider:) in UIKit" : "matchedTransitionSource(id:in:) on toolbar content in SwiftUI"
        return [
            Warning<GeometryWarningCode>(
                .barButtonSourceBeforeIOS26,
                "\(EffectResolver.versionText(platform)) has no \(api) (iOS 26.0+), so the page zooms from the item's frame as from a plain view, with no glass capsule. Ask with platform.version \"26\" for the glass morph.",
                subject: .sourceKind(index: index))
        ]
    }

    /// `no-close-button` for a zoom presenting a full-screen page that does not say it has a close
    /// or Done button: the pinch and swipe-down dismissals are invisible, so the "Zoom transitions"
    /// guide advises a button for discoverability and accessibility (a pushed page has its back
    /// button).
    ///
    /// A sheet that iOS 26 keeps at its detent gets none (issue 35 §4): it is no full-screen page,
    /// and a sheet at its detent shows its own affordance (the grabber, the page behind it).
    public static func closeButtonWarnings(_ scene: ZoomScene) -> [Warning<GeometryWarningCode>] {
        let style = scene.destination.presentationStyle
        guard scene.transition == .present, style == .fullScreen || style == .overFullScreen || style.isSheet,
            scene.destination.hasCloseButton != true,
            !(style.isSheet && scene.platform.hasVersion26Behaviours)
        else { return [] }
        return [
            Warning<GeometryWarningCode>(
                .noCloseButton,
                "A full-screen page can be dismissed with a pinch or a swipe down, but nothing shows it; add a close or Done button for discoverability and accessibility, and say so with destination.closeButton: true.",
                subject: .destinationCloseButton)
        ]
    }

    /// `destination-frame-replaced` when iOS 26 keeps a zooming sheet at its detent and the
    /// request's `destination.frame` (other than the container's bounds, its default) is not the
    /// detent's rect: the sheet's size is the system's, so the frame is replaced, and said so
    /// (issue 35 §4; it used to be replaced silently).
    public static func detentFrameWarnings(_ scene: ZoomScene, sheetFrame: Rect?) -> [Warning<GeometryWarningCode>] {
        guard let sheetFrame else { return [] }
        let detent = scene.destination.detent ?? .large
        let frame = scene.destination.frame.standardized
        guard frame != scene.container.bounds, frame != sheetFrame else { return [] }
        return [
            Warning<GeometryWarningCode>(
                .destinationFrameReplaced,
                "iOS 26 keeps a zooming sheet at its \(detent.rawValue) detent, so the sheet's own rect (\(sheetFrame.pointsText)) replaces destination.frame (\(frame.pointsText)); leave destination.frame out, or present with another style to use it.",
                subject: .destinationFrame)
        ]
    }

    /// `low-frame-rate` under 30 keyframes per second.
    public static func frameRateWarnings(_ frameRate: Double) -> [Warning<GeometryWarningCode>] {
        guard frameRate < lowFrameRate else { return [] }
        return [
            Warning<GeometryWarningCode>(
                .lowFrameRate,
                "At \(frameRate.plainText) keyframes per second the motion will look choppy; use at least 30 (60 matches most displays).",
                subject: .frameRate)
        ]
    }
}

extension Rect {
    /// "x, y, width × height" to a tenth of a point, for a warning's sentence.
    var pointsText: String {
        func tenth(_ value: Double) -> String { ((value * 10).rounded() / 10).plainText }
        return "\(tenth(x)), \(tenth(y)), \(tenth(width)) × \(tenth(height))"
    }
}

extension Double {
    /// Whole numbers without ".0", others as Swift prints them.
    var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
