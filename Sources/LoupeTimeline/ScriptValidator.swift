import LoupeGeometry

/// The problems a script has before anything is simulated: event count, times, touch counts,
/// coordinates and the pairing of touchesBegan / Moved / Ended. All of them are reported at once.
enum ScriptValidator {
    /// - Parameter frameRate: the keyframes per second the timeline is drawn at (the mixing
    ///   estimate's unit).
    static func problems(in events: [TimelineEvent], frameRate: Double) -> [TimelineError] {
        guard events.count <= TimelineScript.maximumEventCount else {
            // Not walked: the count alone decides, so a huge script costs nothing more.
            return [.tooManyEvents(count: events.count, limit: TimelineScript.maximumEventCount)]
        }
        var problems: [TimelineError] = []
        let mixing = sourceMixingEstimate(events, frameRate: frameRate)
        if mixing > TimelineScript.maximumSourceMixing {
            problems.append(.tooMuchSourceMixing(count: mixing, limit: TimelineScript.maximumSourceMixing))
        }
        var latest = 0.0
        var active: GestureKind?
        for (index, event) in events.enumerated() {
            let time = event.time
            if !time.isFinite || time < 0 {
                problems.append(.invalidTime(event: index))
            } else if time > TimelineScript.maximumTime {
                problems.append(.timeBeyondLimit(event: index, limit: TimelineScript.maximumTime))
            } else if time < latest {
                problems.append(.timeWentBackwards(event: index, previousTime: latest))
            } else {
                latest = time
            }
            for (k, touch) in event.touches.enumerated() where !isUsable(touch) {
                problems.append(.invalidTouch(event: index, touch: k))
            }
            switch event.kind {
            case .push, .pop, .present, .dismiss, .sourceChanged:
                break
            case .touchesBegan(let gesture, let touches, _):
                if active != nil { problems.append(.gestureAlreadyActive(event: index)) }
                if touches.count != gesture.touchCount {
                    problems.append(.wrongTouchCount(event: index, gesture: gesture, expected: gesture.touchCount, actual: touches.count))
                }
                active = gesture
            case .touchesMoved(let touches):
                guard let gesture = active else { problems.append(.touchesWithoutBegan(event: index)); continue }
                if touches.count != gesture.touchCount {
                    problems.append(.wrongTouchCount(event: index, gesture: gesture, expected: gesture.touchCount, actual: touches.count))
                }
            case .touchesEnded(let touches):
                guard let gesture = active else { problems.append(.touchesWithoutBegan(event: index)); continue }
                if !touches.isEmpty, touches.count != gesture.touchCount {
                    problems.append(.wrongTouchCount(event: index, gesture: gesture, expected: gesture.touchCount, actual: touches.count))
                }
                active = nil
            }
        }
        return problems
    }

    /// The work the `sourceChanged` events cost, in source frames mixed: each change is drawn
    /// into every keyframe of its `SourceBlend` window (however many changes overlap there), and
    /// planning its source costs about as much as `planCost` more mixes (measured). An upper
    /// bound: a change at rest mixes nothing.
    static func sourceMixingEstimate(_ events: [TimelineEvent], frameRate: Double) -> Int {
        guard frameRate.isFinite, frameRate > 0 else { return 0 }
        let perChange = (SourceBlend.settlingTime * min(frameRate, 1e6)).rounded(.up) + 1 + Double(planCost)
        var changes = 0
        for event in events {
            if case .sourceChanged = event.kind { changes += 1 }
        }
        return changes * Int(perChange)
    }

    /// What planning one changed source costs, in mixes (`sourceMixingEstimate`): about ten
    /// measured, counted as twenty, so that the worst accepted storm (many changes at a low frame
    /// rate, where planning and decoding the long body dominate) stays well inside 60 ms.
    static let planCost = 20

    private static func isUsable(_ point: Point) -> Bool {
        let limit = TimelineScript.maximumCoordinate
        return point.x.isFinite && point.y.isFinite && abs(point.x) <= limit && abs(point.y) <= limit
    }

    /// The touch tracks of a valid script, keyed by their touchesBegan index. An empty
    /// touchesEnded lifts the fingers where they were last seen.
    static func tracks(in events: [TimelineEvent]) -> [Int: TouchTrack] {
        var tracks: [Int: TouchTrack] = [:]
        var current: TouchTrack?
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .push, .pop, .present, .dismiss, .sourceChanged:
                continue
            case .touchesBegan(let gesture, let touches, let input):
                if let open = current { tracks[open.began] = closed(open, ended: nil) }
                current = TouchTrack(
                    gesture: gesture, input: input, began: index, ended: nil,
                    samples: [.init(time: event.time, touches: touches)])
            case .touchesMoved(let touches):
                current?.samples.append(.init(time: event.time, touches: touches))
            case .touchesEnded(let touches):
                guard var open = current else { continue }
                let lift = touches.isEmpty ? (open.samples.last?.touches ?? []) : touches
                open.samples.append(.init(time: event.time, touches: lift))
                tracks[open.began] = closed(open, ended: index)
                current = nil
            }
        }
        if let open = current { tracks[open.began] = closed(open, ended: nil) }
        return tracks
    }

    /// The track rebuilt with all its samples (so its pinch angles are unwrapped over every one).
    private static func closed(_ track: TouchTrack, ended: Int?) -> TouchTrack {
        TouchTrack(gesture: track.gesture, input: track.input, began: track.began, ended: ended, samples: track.samples)
    }
}
