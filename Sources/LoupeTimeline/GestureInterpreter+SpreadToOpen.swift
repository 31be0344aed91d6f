import LoupeGeometry

/// Spread to open: the mirror of pinch to dismiss, for `spreadToOpen` only (not iOS behaviour;
/// nothing here is measured, every number is the pinch's or marked [GUESS] in `GestureModel`).
extension GestureInterpreter {
    /// Whether the fingers landed over the source view: their centroid (the focal point the card
    /// will follow) lies in the source frame. [GUESS] A recogniser on the source view would need
    /// both fingers on it; the centroid is kinder to small thumbnails and is the point that matters.
    func startsOver(_ source: Rect, _ track: TouchTrack) -> Bool {
        let c = TouchTrack.centroid(track.startTouches)
        return c.x >= source.minX && c.x <= source.maxX && c.y >= source.minY && c.y <= source.maxY
    }

    /// Whether the sample at `time` gets a spread on the source past the pinch's 8.7 pt dead zone,
    /// outwards. Fingers closing by the dead zone are refused: on the source only a spread opens.
    func recognizeSpread(_ track: TouchTrack, at time: Double) -> Recognition {
        let startDistance = TouchTrack.distance(track.startTouches), distance = track.distance(at: time)
        if distance >= startDistance + model.pinchDeadZone {
            let centroid = track.centroid(at: time)
            return .recognized(
                GestureAnchor(
                    gesture: .pinch, time: time, pivot: centroid, angle: track.angle(at: time),
                    startDistance: startDistance, direction: leadingDirection))
        }
        if distance <= startDistance - model.pinchDeadZone {
            return .rejected(
                .gestureCannotOpen,
                "The fingers closed on the source; with spreadToOpen only a spread (fingers moving apart) opens the destination.")
        }
        return .undecided
    }

    /// Where a spread holds the card at `time`: the progress its finger distance maps to
    /// (`GestureModel.spreadProgress`) carries the size — and the geometry's own travel toward
    /// the page — while the gesture transform carries only the fingers' rotation and the
    /// focal point's translation, 1:1 about the anchor. The transform has no scale of its own,
    /// so the card is never scaled twice.
    func spreadPosition(_ opening: SpreadOpening, _ track: TouchTrack, at time: Double) -> CardPosition {
        let anchor = opening.anchor, centroid = track.centroid(at: time)
        let progress = model.spreadProgress(
            distance: track.distance(at: time), startDistance: anchor.startDistance,
            openingRatio: opening.ratio)
        return CardPosition(
            progress: progress, scale: 1, rotation: track.angle(at: time) - anchor.angle,
            x: centroid.x - anchor.pivot.x, y: centroid.y - anchor.pivot.y)
    }

    /// Finish or cancel a spread from where it would come to rest: the finger distance projected
    /// `projectionTime` ahead with its release rate (as the swipes project; a spread is thrown
    /// open like a swipe is thrown down) mapped to progress. To keep every release's rule
    /// "finish when `measure < threshold`", the measure is the share of the opening still to go,
    /// `1 − projected progress`, against `1 − spreadCommitProgress`.
    func decideSpread(_ opening: SpreadOpening, _ track: TouchTrack, at time: Double, event: Int) -> ReleaseDecision {
        let projected = track.distance(at: time) + model.projectionTime * track.distanceRate(arrivingAt: time)
        let progress = model.spreadProgress(
            distance: projected, startDistance: opening.anchor.startDistance,
            openingRatio: opening.ratio)
        let measure = 1 - progress, threshold = 1 - model.spreadCommitProgress
        return ReleaseDecision(
            event: event, time: time, gesture: .pinch, outcome: measure < threshold ? .finish : .cancel,
            measure: measure, threshold: threshold)
    }
}
