import LoupeGeometry

/// The measured finger-to-card mappings as pure functions (measured by swift_transitions, not
/// official).
extension GestureModel {
    /// The card's scale after `travel` points of downward swipe in a container `height` points tall.
    ///
    /// Linear (`1 − 0.67 × travel ÷ height`) up to `panLinearTravel` of the height, then a
    /// hyperbolic rubber band that leaves the line with the same slope and approaches
    /// `panScaleFloor` without reaching it. The source gives the fit's knee and floor but not its
    /// formula; this form reproduces its check point (0.545 at 0.8 of the height) to within 0.005.
    public func panScale(travel: Double, height: Double) -> Double {
        guard height > 0 else { return 1 }
        let linear = 1 - panScalePerHeight * max(0, travel) / height
        let knee = 1 - panScalePerHeight * panLinearTravel
        let range = knee - panScaleFloor
        guard linear < knee, range > 0 else { return linear }
        let excess = knee - linear
        return knee - range * excess / (excess + range)
    }

    /// UIScrollView's rubber band `(1 − 1 ÷ (x·gain ÷ limit + 1))·limit`, odd in `offset`: slope
    /// `gain` at zero, never reaching `limit`. With gain 0.56 and a limit of 0.9 × 402 pt it gives
    /// the measured 26/49/69/85 pt for 50/100/150/195 pt sweeps.
    public func rubberBand(_ offset: Double, gain: Double, limit: Double) -> Double {
        guard limit > 0, gain > 0 else { return 0 }
        let x = abs(offset)
        let banded = (1 - 1 / (x * gain / limit + 1)) * limit
        return offset < 0 ? -banded : banded
    }

    /// The card's scale after `travel` points of edge swipe in a container `width` points wide:
    /// `1 − 0.67 × travel ÷ width`, travel limited to the width (a finger cannot leave the screen).
    public func edgeScale(travel: Double, width: Double) -> Double {
        guard width > 0 else { return 1 }
        return 1 - edgeScalePerWidth * Scalar.clamp(travel, 0...width) / width
    }

    /// The card's scale for a finger `distance` when the pinch started at `startDistance`:
    /// `distance ÷ (start − 8.7)`, never above 1 and never below `pinchMinimumScale`.
    public func pinchScale(distance: Double, startDistance: Double) -> Double {
        let reference = startDistance - pinchDeadZone
        guard reference > 0 else { return 1 }
        return Scalar.clamp(distance / reference, pinchMinimumScale...1)
    }

    /// Presentation progress for two fingers `distance` apart when a spread on the source started
    /// at `startDistance` (`spreadToOpen`): the mirror of the pinch's mapping. The content should
    /// be `distance ÷ (start + 8.7)` times the size it has on the source (same dead zone, outwards);
    /// the zoom's content scale is `lerp(s₀, 1, p)`, so with `openingRatio` = 1 ÷ s₀ (how many times
    /// the content grows from source to destination) `p = (ratio − 1) ÷ (openingRatio − 1)`,
    /// clamped to 0...1 (the card neither shrinks below the source nor overshoots the page).
    public func spreadProgress(distance: Double, startDistance: Double, openingRatio: Double) -> Double {
        let reference = startDistance + pinchDeadZone
        guard reference > 0, openingRatio > 1, distance.isFinite else { return 0 }
        return Scalar.unit((distance / reference - 1) / (openingRatio - 1))
    }

    /// The landing spring for fingers that let go at `speed` points per second over a card
    /// `width` points wide (a pinch or an edge swipe): `finishSpring` with its frequency times
    /// `1 + landingQuickening × min(speed ÷ width, maximumLandingSpeed)` and the same damping
    /// ratio, so a quick landing overshoots the source by the same 3 %. At 845 pt/s on a 393 pt
    /// page that is ω 24.7 (swift_transitions' `landingSpringFor`).
    public func landingSpring(fingerSpeed speed: Double, width: Double) -> Spring {
        guard speed > 0, width > 0, speed.isFinite else { return finishSpring }
        let quicker = 1 + landingQuickening * min(speed / width, maximumLandingSpeed)
        return Spring(response: finishSpring.response / quicker, dampingRatio: finishSpring.dampingRatio)
    }

    /// The shortest distance two fingers may start a pinch at: twice the dead zone, so that
    /// `start − 8.7` stays well above zero and the commit ratio can be reached after the dead zone.
    public var minimumPinchStart: Double { 2 * pinchDeadZone }
}
