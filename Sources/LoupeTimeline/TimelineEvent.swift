import LoupeGeometry

/// One timed input of a timeline: an app call (push, pop, present, dismiss) or a touch sample.
///
/// Times are seconds on the timeline's clock and never go backwards. Touch points are in
/// container coordinates (points, y down), in the same order in every sample of one gesture.
public struct TimelineEvent: Sendable, Hashable {
    /// Seconds, 0...60.
    public var time: Double
    public var kind: Kind

    /// What happened: an app call or a touch sample.
    public enum Kind: Sendable, Hashable {
        /// `pushViewController(_:animated: true)` of the destination.
        case push
        /// `popViewController(animated: true)` back to the source.
        case pop
        /// `present(_:animated: true)` of the destination.
        case present
        /// `dismiss(animated: true)` of the destination.
        case dismiss
        /// Fingers land: `touches` holds `gesture.touchCount` points.
        case touchesBegan(gesture: GestureKind, touches: [Point], input: TouchInput)
        /// The fingers of the current gesture moved to `touches`.
        case touchesMoved(touches: [Point])
        /// The fingers lift. `touches` is where they lifted, or empty for "where they were last
        /// seen" (UIKit sends no touchesMoved while a finger rests, so an empty lift after a pause
        /// means the finger was still).
        case touchesEnded(touches: [Point])
        /// The app's source view is now another one (the gallery paged from photo 1 to photo 7;
        /// the list scrolled under the card), or none (`.missing`). UIKit asks its
        /// `sourceViewProvider` again at dismissal, so every later transition uses the new source,
        /// and a running one retargets to it.
        case sourceChanged(SourceInput)
    }

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    // MARK: Builders, for scripts written in Swift (tests, benchmarks)

    public static func push(at time: Double) -> TimelineEvent { TimelineEvent(time: time, kind: .push) }
    public static func pop(at time: Double) -> TimelineEvent { TimelineEvent(time: time, kind: .pop) }
    public static func present(at time: Double) -> TimelineEvent { TimelineEvent(time: time, kind: .present) }
    public static func dismiss(at time: Double) -> TimelineEvent { TimelineEvent(time: time, kind: .dismiss) }

    public static func touchesBegan(
        _ gesture: GestureKind, _ touches: [Point], input: TouchInput = .direct, at time: Double
    ) -> TimelineEvent {
        TimelineEvent(time: time, kind: .touchesBegan(gesture: gesture, touches: touches, input: input))
    }

    public static func touchesMoved(_ touches: [Point], at time: Double) -> TimelineEvent {
        TimelineEvent(time: time, kind: .touchesMoved(touches: touches))
    }

    public static func touchesEnded(_ touches: [Point] = [], at time: Double) -> TimelineEvent {
        TimelineEvent(time: time, kind: .touchesEnded(touches: touches))
    }

    public static func sourceChanged(_ source: SourceInput, at time: Double) -> TimelineEvent {
        TimelineEvent(time: time, kind: .sourceChanged(source))
    }

    /// The touch points the event carries (empty for app calls and source changes).
    public var touches: [Point] {
        switch kind {
        case .push, .pop, .present, .dismiss, .sourceChanged: []
        case .touchesBegan(_, let touches, _), .touchesMoved(let touches), .touchesEnded(let touches): touches
        }
    }

    /// The transition an app call starts, or nil for touches.
    public var transition: TransitionKind? {
        switch kind {
        case .push: .push
        case .pop: .pop
        case .present: .present
        case .dismiss: .dismiss
        case .touchesBegan, .touchesMoved, .touchesEnded, .sourceChanged: nil
        }
    }
}
