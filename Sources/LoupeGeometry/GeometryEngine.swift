import LoupeWarnings

/// The engine's entry point: a validated `ZoomScene` in, a `ZoomPlan` out. Pure and synchronous.
///
/// Steps: resolve the effect (platform, style) → pick the spring → resolve the source (SwiftUI
/// matching, empty frames) → build the geometry → collect warnings → sample keyframes → check
/// every number is finite.
public enum GeometryEngine {
    /// The missing-source card starts at this share of the page's size, centred in the container,
    /// with the page fading in: the "centre scale-and-fade". The "Zoom transitions" guide says the
    /// page zooms "from, or back to, the centre of the container view" and gives no size; the one
    /// reference with a size, swift_transitions' fallback, insets the page by 5 % a side
    /// (`fallbackInset` 0.05), so 0.9 (an estimate: no native recording of a missing source is
    /// published). It was 0.5 before issue 44 §6, wrongly said to be the peer's.
    public static let missingSourceScale = 0.9

    /// The ordinary transition that runs instead of a zoom when a SwiftUI destination declares no
    /// zoom (no `sourceID` or no namespace), or nil when the zoom is declared or the scene is
    /// UIKit's. A declared destination whose source is missing still zooms, from the centre.
    static func undeclaredZoomFallback(_ scene: ZoomScene) -> TransitionEffect? {
        guard case .matched = scene.source, scene.destination.sourceID == nil || scene.destination.namespace == nil else {
            return nil
        }
        return scene.transition.isModal ? .coverVertical : .slide
    }

    /// What a plan is made with.
    public enum Sampling: Sendable {
        /// Every keyframe, as a plan's answer draws them.
        case keyframes
        /// The geometry, spring, effect and advice only: `keyframes` is empty. For callers that
        /// draw their own frames from the geometry (timelines) and have already planned the same
        /// effect, spring and frame rate with `.keyframes`, so nothing sampling checks is left
        /// unchecked. Sampling costs a plan's keyframes in time and memory, which a timeline
        /// re-planning for every `sourceChanged` would otherwise pay thousands of times.
        case geometryOnly
    }

    /// Plans `scene`.
    /// - Parameter sampling: `.geometryOnly` skips the keyframes (see `Sampling`).
    /// - Throws: `GeometryError` when the platform has no zoom API, the container or destination is
    ///   empty, the spring or frame rate is unusable, too many keyframes would be needed, or the
    ///   numbers overflow.
    public static func plan(_ requested: ZoomScene, sampling: Sampling = .keyframes) throws(GeometryError) -> ZoomPlan {
        let resolved = try resolve(requested)
        guard sampling == .keyframes else {
            guard resolved.geometry.state(atProgress: 0).isFinite, resolved.geometry.state(atProgress: 1).isFinite else {
                throw .nonFiniteGeometry
            }
            return resolved
        }
        return try sample(resolved)
    }

    /// `resolved` (a plan from `resolve`, without keyframes) with its keyframes: the plan
    /// `plan(_:)` makes of the same scene. Why apart: a plan's work is estimated from its
    /// resolved geometry before it is built, and the answer then samples that same resolution
    /// rather than resolving the scene again (issue 47 §3).
    /// - Throws: `GeometryError` as `plan(_:)`'s sampling does.
    public static func sample(_ resolved: ZoomPlan) throws(GeometryError) -> ZoomPlan {
        let solution = SpringSolution(spring: resolved.spring, from: 0, to: 1, initialVelocity: resolved.initialVelocity)
        let sampled = try KeyframeSampler.sample(
            solution, frameRate: resolved.frameRate, geometry: resolved.geometry, isReverse: resolved.isReverse)
        var plan = resolved
        plan.duration = sampled.duration
        plan.keyframes = sampled.keyframes
        return plan
    }

    /// The scene's effect, geometry, spring and warnings, without keyframes: its duration is the
    /// spring's settling time, and nothing sampling checks is checked yet.
    /// - Throws: `GeometryError` as `plan(_:)`, but for sampling's.
    public static func resolve(_ requested: ZoomScene) throws(GeometryError) -> ZoomPlan {
        // A popover in a compact environment is a form sheet (issue 44 §3).
        let (scene, adaptation) = PopoverAdaptation.adapted(requested)
        let container = scene.container
        guard !container.size.isEmpty else { throw .emptyContainer }
        let frameRate = scene.animation.frameRate
        guard frameRate.isFinite, frameRate > 0 else { throw .invalidFrameRate }

        let resolution = try EffectResolver.resolve(
            transition: scene.transition, platform: scene.platform,
            presentationStyle: scene.destination.presentationStyle, detent: scene.destination.detent)
        var warnings = (adaptation.map { [$0] } ?? []) + resolution.warnings
        var effect = resolution.effect
        if effect == .zoom, let fallback = undeclaredZoomFallback(scene) {
            // The matchedTransitionSource guide: a matched zoom needs the destination's
            // navigationTransition(.zoom(...)); without it SwiftUI runs the ordinary transition,
            // whatever the sources declare.
            effect = fallback
            warnings.append(
                Warning<GeometryWarningCode>(
                    .zoomNotDeclared,
                    "The destination declares no navigationTransition(.zoom(sourceID:in:)), so SwiftUI runs the ordinary \(fallback == .slide ? "push" : "cover-vertical presentation") instead of a zoom. Declare it on the destination with the source's id and namespace.",
                    subject: .destinationSourceID))
        }

        if effect == .zoom, scene.options.reduceMotion {
            // Reduce Motion: the system cross-fades the page in place instead of zooming it
            // (issue 23 §8; the cross-fade measured by swift_transitions).
            effect = .crossfade
        }

        // iOS 26: a popover from a bar button item grows out of the button's glass (issue 35 §4).
        let popoverMorph = effect == .popover && popoverGrowsFromBarButton(scene)
        if popoverMorph { warnings.removeAll { $0.code == .popoverIgnoresZoom } }
        // iOS 26's slide as recorded (issue 44 §4): its own decay, started at its own speed.
        let recordedSlide = effect == .slide && scene.platform.hasVersion26Behaviours && scene.animation.spring == nil
        let spring = scene.animation.spring ?? (recordedSlide ? .slide26 : defaultSpring(for: popoverMorph ? .zoom : effect))
        if let problem = spring.validationError { throw problem }
        let initialVelocity =
            recordedSlide && scene.animation.initialVelocity == 0 ? Spring.slide26DecayRate : scene.animation.initialVelocity

        // iOS 26 keeps a zooming sheet at its detent; earlier versions show it full screen.
        let sheetShape = resolution.keptDetent?.restingShape(in: container)
        let destinationFrame =
            resolution.treatsSheetAsFullScreen ? container.bounds : (sheetShape?.rect ?? scene.destination.frame.standardized)
        guard !destinationFrame.isEmpty else { throw .emptyDestination }
        let destinationRadius = max(0, sheetShape?.cornerRadius ?? scene.destination.cornerRadius)

        var sourceFrame: Rect?
        var sourceBackground: RGBAColor?
        var dimmingColor = RGBAColor.black
        var dimmingVisualEffect: BlurStyle?
        let geometry: TransitionGeometry
        switch effect {
        case .zoom:
            let built = zoomGeometry(
                scene, destinationFrame: destinationFrame, destinationRadius: destinationRadius, warnings: &warnings)
            warnings += SceneReview.beyondIOSWarnings(scene, destinationFrame: destinationFrame)
            warnings += SceneReview.closeButtonWarnings(scene)
            warnings += SceneReview.detentFrameWarnings(scene, sheetFrame: sheetShape?.rect)
            geometry = .zoom(built.geometry)
            sourceFrame = built.sourceFrame
            sourceBackground = built.sourceBackground
            dimmingColor = scene.options.dimming.color
            dimmingVisualEffect = scene.options.dimmingVisualEffect
        case .slide:
            // From iOS 26 the moving page is clipped to the display's corner radius while in
            // motion (swift_transitions' design.md §1.1, recorded natively).
            geometry = .slide(
                SlideGeometry(
                    destinationFrame: destinationFrame, containerWidth: container.size.width,
                    layoutDirection: container.layoutDirection, cornerRadius: destinationRadius,
                    motionCornerRadius: scene.platform.hasVersion26Behaviours ? container.displayCornerRadius : nil))
        case .coverVertical:
            geometry = .coverVertical(
                CoverGeometry(
                    destinationFrame: destinationFrame, containerHeight: container.size.height,
                    cornerRadius: destinationRadius))
        case .popover where popoverMorph:
            var built = zoomGeometry(
                scene, destinationFrame: destinationFrame, destinationRadius: destinationRadius, warnings: &warnings)
            // A popover dims nothing and leaves its presenter as it is (estimates: the WWDC25
            // session shows no dimming behind it).
            built.geometry.dimmingStrength = 0
            built.geometry.blurRadius = 0
            geometry = .zoom(built.geometry)
            sourceFrame = built.sourceFrame
            sourceBackground = built.sourceBackground
        case .popover, .crossfade, .none:
            // A cross-fade is the popover's fade in place, at the page's own frame.
            geometry = .popover(PopoverGeometry(destinationFrame: destinationFrame, cornerRadius: destinationRadius))
        }
        warnings += SceneReview.frameRateWarnings(frameRate)

        let solution = SpringSolution(spring: spring, from: 0, to: 1, initialVelocity: initialVelocity)
        let duration = solution.settlingDuration(epsilon: SpringSolution.defaultEpsilon)
        let navigationBar = navigationBar(scene, effect: effect, duration: duration, warnings: &warnings)
        return ZoomPlan(
            effect: effect, duration: duration, frameRate: frameRate,
            keyframes: [], warnings: warnings, spring: spring, dimmingColor: dimmingColor, geometry: geometry,
            isReverse: scene.transition.isReverse, sourceFrame: sourceFrame, dimmingVisualEffect: dimmingVisualEffect,
            keptSheetDetent: resolution.keptDetent, initialVelocity: initialVelocity, sourceBackground: sourceBackground,
            navigationBar: navigationBar)
    }

    /// The bar the request asked for, cross-fading over the transition, or nil with a warning
    /// where Loupe draws none: a presented page's bar is part of the page and flies with the card;
    /// the slide's bar slides its titles, which is not modelled.
    private static func navigationBar(
        _ scene: ZoomScene, effect: TransitionEffect, duration: Double, warnings: inout [Warning<GeometryWarningCode>]
    ) -> NavigationBar? {
        guard let placement = scene.options.navigationBar else { return nil }
        guard !scene.transition.isModal, effect == .zoom || effect == .crossfade else {
            let reason =
                scene.transition.isModal
                ? "A presented page's navigation bar is the page's own, so it zooms with the card: no bar layer is drawn."
                : "On iOS the bar's titles slide with the \(effect.rawValue) transition, which Loupe does not model: no bar layer is drawn."
            warnings.append(Warning<GeometryWarningCode>(.navigationBarNotDrawn, reason, subject: .navigationBar))
            return nil
        }
        let reverse = scene.transition.isReverse
        var bar = NavigationBar(frame: placement.frame(in: scene.container.size), initial: reverse ? .destinationOnTop : .coveredPageOnTop)
        bar.fade(at: 0, towardDestination: !reverse, transitionDuration: duration)
        return bar
    }

    /// The spring an effect uses when the request names none.
    public static func defaultSpring(for effect: TransitionEffect) -> Spring {
        switch effect {
        case .zoom: return .zoom
        case .slide: return .navigationSlide
        case .coverVertical: return .coverVertical
        case .popover, .none: return .popoverFade
        case .crossfade: return .reduceMotionCrossfade
        }
    }

    // MARK: - Zoom

    private static func zoomGeometry(
        _ scene: ZoomScene, destinationFrame: Rect, destinationRadius: Double, warnings: inout [Warning<GeometryWarningCode>]
    ) -> (geometry: ZoomGeometry, sourceFrame: Rect?, sourceBackground: RGBAColor?) {
        let container = scene.container
        let destination = scene.destination
        let framework = scene.platform.framework
        let pageBounds = Rect(origin: .zero, size: destinationFrame.size)

        // Alignment rect: UIKit only, and only if it has area.
        var alignment = pageBounds
        var aligned = false
        if let given = destination.alignmentRect?.standardized {
            if framework == .swiftUI {
                warnings.append(
                    Warning<GeometryWarningCode>(
                        .alignmentRectIgnored,
                        "SwiftUI has no alignmentRectProvider; the page is scaled into the card from its top, so the alignment rect is ignored.",
                        subject: .destinationAlignmentRect))
            } else if given.isEmpty {
                warnings.append(
                    Warning<GeometryWarningCode>(
                        .alignmentRectIgnored,
                        "The alignment rect has no area, so the whole page is aligned with the source instead.",
                        subject: .destinationAlignmentRect))
            } else {
                alignment = given
                aligned = true
            }
        }

        // The resting radius: a page covering the container rests at the display's corner radius
        // (the screen's own corners clip it to exactly that), any other page at its own radius.
        let coversContainer = destinationFrame.contains(container.bounds, tolerance: 0.5)
        let restingRadius = max(0, coversContainer ? container.displayCornerRadius : destinationRadius)

        let resolved = SourceResolver.resolve(scene.source, destination: destination)
        warnings += resolved.warnings
        let fitMode = scene.options.fitMode ?? (framework == .swiftUI ? .width : .fill)
        let anchor: ZoomGeometry.ContentAnchor = framework == .swiftUI ? .top : .center
        let transparent = !destination.isOpaque

        if transparent {
            let after =
                destination.presentationStyle == .overFullScreen && scene.transition.isModal
                ? "Transparent regions show the content underneath only once the transition ends."
                : "Only an overFullScreen presentation shows the content underneath afterwards."
            warnings.append(
                Warning<GeometryWarningCode>(
                    .transparentDestination,
                    "During a zoom the system puts an opaque system-background view behind the destination, so it is not see-through in flight. \(after)",
                    subject: .destinationOpaque))
        }

        let sourceRect: Rect
        let sourceRadius: Double
        if let source = resolved.source {
            // iOS 26 draws a bar button or toolbar item as a glass capsule, which morphs into the
            // page: the card starts as the capsule, and its symbol is no miniature of the page, so
            // there is no ghosting to warn about.
            let glass = source.kind.isBarItem && scene.platform.hasVersion26Behaviours
            sourceRect = source.frame
            sourceRadius = glass ? SourceKind.capsuleRadius(of: source.frame) : source.cornerRadius
            warnings += SceneReview.barItemAdvisories(source.kind, subject: resolved.subject, platform: scene.platform)
            warnings += SceneReview.sourceWarnings(
                source: source.frame, subject: resolved.subject, container: container.size,
                alignmentSize: alignment.size, aligned: aligned || glass, framework: framework)
            warnings += SceneReview.roleWarnings(source.role, subject: resolved.subject)
        } else {
            let size = Size(width: destinationFrame.width * missingSourceScale, height: destinationFrame.height * missingSourceScale)
            sourceRect = Rect(center: container.bounds.center, size: size)
            sourceRadius = restingRadius * missingSourceScale
        }
        let geometry = ZoomGeometry(
            sourceFrame: sourceRect, sourceCornerRadius: sourceRadius, destinationFrame: destinationFrame,
            // With no source the centre card has the page's own shape: the whole page is the content.
            alignmentRect: resolved.source == nil ? pageBounds : alignment,
            fitMode: resolved.source == nil ? .fill : fitMode, anchor: anchor,
            restingCornerRadius: restingRadius, motionPath: scene.options.motionPath,
            backgroundMode: scene.options.backgroundMode, dimmingStrength: scene.options.dimming.strength,
            blurRadius: scene.options.dimmingVisualEffect?.radius ?? 0,
            sourceIsMissing: resolved.source == nil, showsSystemBackground: transparent, containerBounds: container.bounds,
            coveredPageShrink: coversFullScreen(scene) ? ZoomGeometry.fullScreenCoveredShrink : 0,
            sourceShadow: resolved.source?.shadow)
        return (geometry, resolved.source?.frame, resolved.source?.background)
    }

    /// Whether a popover grows out of its source's glass capsule: iOS 26, a bar button item source.
    /// Apple, WWDC25 "Build a UIKit app with the new design": "Popovers also get this new
    /// animation when their source is a barButtonItem" (the glass morph of the zoom from a bar
    /// button). Before 26, from a plain view, or from SwiftUI toolbar content (not stated there),
    /// a popover still fades in place.
    static func popoverGrowsFromBarButton(_ scene: ZoomScene) -> Bool {
        guard scene.transition.isModal, scene.destination.presentationStyle == .popover,
            scene.platform.hasVersion26Behaviours, case .view(let view) = scene.source
        else { return false }
        return view.kind == .barButtonItem
    }

    /// Whether the zoomed page covers the page beneath full screen, which then shrinks under it
    /// (measured for a push by swift_transitions): a push or pop, a full-screen presentation, or
    /// a sheet shown full screen before iOS 26. An over-full-screen page, a sheet kept at its
    /// detent on 26 and a popover leave the presenter as it is (nothing measured there; UIKit's
    /// own sheet presenter scaling is not modelled).
    static func coversFullScreen(_ scene: ZoomScene) -> Bool {
        guard scene.transition.isModal else { return true }
        let style = scene.destination.presentationStyle
        return style == .fullScreen || (style.isSheet && !scene.platform.hasVersion26Behaviours)
    }
}
