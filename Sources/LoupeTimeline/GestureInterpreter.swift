import LoupeGeometry
import LoupeLifecycle

/// Turns a touch track into decisions and card motion with the measured mappings
/// (measured by swift_transitions, not official): when a gesture is recognised, how far the card
/// follows it, and whether its release finishes or cancels.
struct GestureInterpreter: Sendable {
    var model: GestureModel
    var container: Size
    var layoutDirection: LayoutDirection
    /// iOS 26's content back swipe: a finger's horizontal pan toward the trailing side, anywhere on
    /// a pushed page, goes back (`UINavigationController.interactiveContentPopGestureRecognizer`,
    /// UIKit API reference, iOS 26.0+). False before 26, where only the leading edge does.
    var contentBackSwipe = false

    /// +1 when the leading edge is on the left, −1 for right-to-left.
    var leadingDirection: Double { layoutDirection == .rightToLeft ? -1 : 1 }

    // MARK: - Starting from rest

    /// Why a gesture on the destination at rest goes to something else, or nil when it may dismiss:
    /// scroll-view precedence and the leading-edge rule ("Zoom transitions" guide, "Gestures").
    /// - Parameter input: a trackpad or mouse (`indirect`) goes back with a horizontal swipe from
    ///   anywhere, and takes precedence over a horizontally scrolling page ("Zoom transitions"
    ///   guide: "When scrolling with a trackpad/mouse, the back gesture always takes precedence").
    /// - Parameter backSwipe: the page is pushed, so a back swipe exists (an indirect horizontal
    ///   `pan` is one, and on iOS 26 a finger's, see `isBackSwipePan`).
    /// - Parameter slide: the page was pushed with the default slide: its back swipe goes back
    ///   only when a horizontally scrolling page is fully scrolled to its start ("Zoom
    ///   transitions" guide), whatever the input; then the zoom's edge rules apply.
    func claimant(
        of track: TouchTrack, scroll: DestinationScroll?, input: TouchInput = .direct,
        backSwipe: Bool = false, slide: Bool = false
    ) -> (TimelineWarningCode, String)? {
        if slide, let scroll, scroll.isScrolledFromStart {
            return (
                .scrollViewNotAtStart,
                "The page was pushed with the default slide and scrolls horizontally, not at its start (contentOffset.x \(scroll.contentOffset.x)), so the swipe scrolls it; with the slide a horizontal swipe goes back only when the content is fully scrolled to the start."
            )
        }
        switch track.gesture {
        case .pinch:
            if let scroll, scroll.isZoomedIn {
                return (
                    .scrollViewZoomedIn,
                    "The destination's scroll view is zoomed in (zoomScale \(scroll.zoomScale) > minimumZoomScale \(scroll.minimumZoomScale)), so the pinch zooms it; it must be fully zoomed out before a pinch dismisses."
                )
            }
            if TouchTrack.distance(track.startTouches) < model.minimumPinchStart {
                return (.touchesTooClose, "The two touches start closer than \(model.minimumPinchStart) pt, too close to pinch.")
            }
        case .pan where backSwipe && isBackSwipePan(track):
            // The back gesture always takes precedence with a trackpad or mouse ("Zoom transitions"
            // guide). A finger's content back swipe (iOS 26) leaves a horizontally scrolling page
            // that is not at its start to scroll, as the guide says of the slide's back swipe.
            if track.input == .direct, let scroll, scroll.isScrolledFromStart {
                return (
                    .scrollViewNotAtStart,
                    "The page scrolls horizontally and is not at its start (contentOffset.x \(scroll.contentOffset.x)), so the horizontal swipe scrolls it; iOS 26's content back swipe goes back only when the content is fully scrolled to the start."
                )
            }
            return nil
        case .pan:
            if let scroll, scroll.isScrolledDown {
                return (
                    .scrollViewNotAtTop,
                    "The destination scrolls vertically and is not at the top (contentOffset.y \(scroll.contentOffset.y)), so the swipe scrolls it; a swipe down dismisses only at the top."
                )
            }
        case .edgePan where input == .indirect:
            return nil
        case .edgePan:
            let x = track.startTouches.first?.x ?? 0
            let fromLeadingEdge = layoutDirection == .rightToLeft ? x >= container.width - model.edgeZone : x <= model.edgeZone
            if !fromLeadingEdge {
                let edge = layoutDirection == .rightToLeft ? "right" : "left"
                let scrolls = scroll?.scrollsHorizontally == true ? " The destination scrolls horizontally, so this swipe scrolls it." : ""
                return (
                    .notFromLeadingEdge,
                    "An edge swipe must start within \(model.edgeZone) pt of the leading (\(edge)) edge; this one starts at x = \(x).\(scrolls)"
                )
            }
        }
        return nil
    }

    // MARK: - Recognition

    /// Whether the sample at `time` gets the gesture past its slop or dead zone.
    /// - Parameter mustDismiss: true from rest, where only a swipe *down* and a pinch *in* start a
    ///   dismissal; false for a finger holding a running transition, which follows any direction.
    /// - Parameter backSwipe: the page is pushed (or, on iOS 26, being pushed under the finger), so
    ///   an indirect horizontal pan toward the trailing side (on iOS 26 a finger's too) is the back
    ///   swipe: it is recognised as an `edgePan` from wherever it started.
    func recognize(_ track: TouchTrack, at time: Double, mustDismiss: Bool, backSwipe: Bool = false) -> Recognition {
        let start = track.startTouches
        switch track.gesture {
        case .pan:
            let now = track.point(at: time), origin = start.first ?? now
            let dx = now.x - origin.x, dy = now.y - origin.y
            guard (dx * dx + dy * dy).squareRoot() >= model.panSlop else { return .undecided }
            if backSwipe, track.input == .indirect || contentBackSwipe, isBackward(dx: dx, dy: dy) {
                var back = anchor(track, at: time, pivot: now)
                back.gesture = .edgePan
                return .recognized(back)
            }
            if mustDismiss, !(dy > 0 && dy >= abs(dx)) {
                return .rejected(
                    .swipeNotDownward,
                    "The swipe left its \(model.panSlop) pt slop \(dy < 0 && abs(dy) >= abs(dx) ? "upwards" : "sideways"); only a swipe down dismisses."
                )
            }
            return .recognized(anchor(track, at: time, pivot: now))
        case .edgePan:
            let now = track.point(at: time), origin = start.first ?? now
            guard (now.x - origin.x) * leadingDirection >= model.edgeDeadZone else { return .undecided }
            return .recognized(anchor(track, at: time, pivot: now))
        case .pinch:
            let startDistance = TouchTrack.distance(start), distance = track.distance(at: time)
            if distance <= startDistance - model.pinchDeadZone {
                return .recognized(anchor(track, at: time, pivot: track.centroid(at: time)))
            }
            if mustDismiss, distance >= startDistance + model.pinchDeadZone {
                return .rejected(
                    .pinchSpread, "The fingers spread apart; a pinch dismisses only when they close (iOS has no spread gesture for the zoom).")
            }
            return .undecided
        }
    }

    /// A pan that leaves its slop horizontally toward the trailing side and so is the back swipe
    /// from wherever it started: with a trackpad or mouse (`input: indirect`), which wins over
    /// horizontal (and vertical) scrolling ("Zoom transitions" guide, "Gestures"), and on iOS 26
    /// with a finger too (`contentBackSwipe`), where a horizontally scrolling page not at its
    /// start keeps the swipe (see `claimant`).
    func isBackSwipePan(_ track: TouchTrack) -> Bool {
        guard track.gesture == .pan, track.input == .indirect || contentBackSwipe, let origin = track.startTouches.first else {
            return false
        }
        for sample in track.samples {
            guard let point = sample.touches.first else { continue }
            let dx = point.x - origin.x, dy = point.y - origin.y
            if (dx * dx + dy * dy).squareRoot() >= model.panSlop { return isBackward(dx: dx, dy: dy) }
        }
        return false
    }

    /// More sideways than vertical, toward the trailing side (right in left-to-right layouts).
    private func isBackward(dx: Double, dy: Double) -> Bool {
        dx * leadingDirection > 0 && abs(dx) > abs(dy)
    }

    private func anchor(_ track: TouchTrack, at time: Double, pivot: Point) -> GestureAnchor {
        GestureAnchor(
            gesture: track.gesture, time: time, pivot: pivot, angle: track.angle(at: time),
            startDistance: TouchTrack.distance(track.startTouches), direction: leadingDirection)
    }

    // MARK: - Tracking

    /// The gesture's similarity at `time`, relative to its anchor (the identity at the anchor).
    func delta(_ anchor: GestureAnchor, _ track: TouchTrack, at time: Double) -> GestureDelta {
        let width = container.width, height = container.height
        switch anchor.gesture {
        case .pan:
            let now = track.point(at: time)
            let dx = now.x - anchor.pivot.x, dy = now.y - anchor.pivot.y
            return GestureDelta(
                scale: model.panScale(travel: dy, height: height), rotation: 0,
                x: model.rubberBand(dx, gain: model.sidewaysGain, limit: model.sidewaysLimit * width),
                // Down follows the finger 1:1; up is rubber-banded like sideways. [GUESS: no measurement upwards]
                y: dy >= 0 ? dy : model.rubberBand(dy, gain: model.sidewaysGain, limit: model.sidewaysLimit * height))
        case .edgePan:
            let now = track.point(at: time)
            let lead = (now.x - anchor.pivot.x) * anchor.direction
            return GestureDelta(
                scale: model.edgeScale(travel: lead, width: width), rotation: 0,
                x: anchor.direction * Scalar.clamp(lead, 0...max(0, width)),
                y: model.edgeVerticalFollow * (now.y - anchor.pivot.y))
        case .pinch:
            let centroid = track.centroid(at: time)
            return GestureDelta(
                scale: model.pinchScale(distance: track.distance(at: time), startDistance: anchor.startDistance),
                rotation: track.angle(at: time) - anchor.angle,
                x: centroid.x - anchor.pivot.x, y: centroid.y - anchor.pivot.y)
        }
    }

    /// The slide's back swipe at `time`: the page follows the finger's travel toward the trailing
    /// side 1:1 (progress drops by travel ÷ width, never past the ends), with no scale, rotation or
    /// vertical motion: UIKit's interactive pop moves the page sideways only.
    func slidePosition(_ anchor: GestureAnchor, _ track: TouchTrack, at time: Double, from base: CardPosition) -> CardPosition {
        let width = max(container.width, 1)
        var state = base
        state.progress = base.progress - Scalar.clamp(slideTravel(anchor, track, x: track.point(at: time).x), 0...width) / width
        return state
    }

    /// How far the slide's page has followed a finger at `x`: past the anchor for the edge
    /// swipe (its 12 pt dead zone already waited out), and for iOS 26's swipe from anywhere
    /// (a finger's pan) past `slideContentDeadZone` from the touch, measured (issue 35 §3).
    private func slideTravel(_ anchor: GestureAnchor, _ track: TouchTrack, x: Double) -> Double {
        guard isContentSwipe(track), let origin = track.startTouches.first else { return (x - anchor.pivot.x) * anchor.direction }
        return (x - origin.x) * anchor.direction - model.slideContentDeadZone
    }

    /// A finger's pan taken as the back swipe (iOS 26's content back swipe), not an edge swipe or
    /// a trackpad's pan (not measured: they keep the edge swipe's numbers).
    func isContentSwipe(_ track: TouchTrack) -> Bool {
        track.gesture == .pan && track.input == .direct && contentBackSwipe
    }

    // MARK: - Release

    /// Finish or cancel from where the gesture would come to rest: pan and edge swipe project the
    /// finger `projectionTime` ahead with its release velocity and compare the scale there; a pinch
    /// compares the finger distance with its start, without projection.
    /// The recognised gesture decides (an indirect pan recognised as the back swipe releases as
    /// one); before recognition, the track's own.
    /// - Parameter slide: the page was pushed with the slide; a finger's swipe from anywhere on it
    ///   finishes when the page, projected, has travelled `slideContentCommitShare` of the width
    ///   (measure: the share still to go, 1 − that travel ÷ width; threshold 1 − 0.42).
    /// - Parameter heldScale: the card's size, as a share of the page's, when the finger grabbed
    ///   it (a landing card, issue 44 §1): the zoom's measures are scales of the card from where
    ///   the finger took it, so the release judges the card's real size, their product.
    func decide(
        _ anchor: GestureAnchor?, _ track: TouchTrack, at time: Double, event: Int, slide: Bool = false, heldScale: Double = 1
    ) -> ReleaseDecision {
        let measure: Double, threshold: Double
        let gesture = anchor?.gesture ?? track.gesture
        switch gesture {
        case .edgePan where slide && (isContentSwipe(track) || contentBackSwipe):
            // A finger's swipe from anywhere (42 %), or from iOS 26 the edge swipe (53 %): both
            // judged on the page's projected travel across the width, as recorded.
            threshold = 1 - (isContentSwipe(track) ? model.slideContentCommitShare : model.slideEdgeCommitShare)
            if let anchor {
                let travel = slideTravel(anchor, track, x: projectedPoint(track, at: time).x)
                measure = 1 - Scalar.clamp(travel, 0...max(container.width, 1)) / max(container.width, 1)
            } else {
                measure = 1
            }
        case .pan:
            threshold = model.panCommitScale
            if let anchor {
                let projected = projectedPoint(track, at: time)
                measure = model.panScale(travel: projected.y - anchor.pivot.y, height: container.height)
            } else {
                measure = 1
            }
        case .edgePan:
            // iOS 26's swipe from anywhere commits sooner than the edge swipe (measured 0.79).
            threshold = isContentSwipe(track) ? model.contentSwipeCommitScale : model.edgeCommitScale
            if let anchor {
                let projected = projectedPoint(track, at: time)
                measure = model.edgeScale(travel: (projected.x - anchor.pivot.x) * anchor.direction, width: container.width)
            } else {
                measure = 1
            }
        case .pinch:
            threshold = model.pinchCommitRatio
            let start = TouchTrack.distance(track.startTouches)
            measure = start > 0 ? track.distance(at: time) / start : 1
        }
        let judged = slide ? measure : measure * heldScale
        let outcome: ReleaseOutcome = judged < threshold ? .finish : .cancel
        return ReleaseDecision(event: event, time: time, gesture: gesture, outcome: outcome, measure: judged, threshold: threshold)
    }

    private func projectedPoint(_ track: TouchTrack, at time: Double) -> Point {
        let now = track.point(at: time), velocity = track.velocity(arrivingAt: time)
        return Point(x: now.x + model.projectionTime * velocity.x, y: now.y + model.projectionTime * velocity.y)
    }
}
