import LoupeGeometry
import LoupeLifecycle

/// One thing wrong with a timeline script. Plain values with indices, no prose, so the API layer
/// words them and tests compare exactly.
public enum TimelineError: Error, Sendable, Hashable {
    // MARK: Found without simulating (all reported together)

    /// More events than `TimelineScript.maximumEventCount`.
    case tooManyEvents(count: Int, limit: Int)
    /// The `sourceChanged` events would mix more source frames into the keyframes than
    /// `TimelineScript.maximumSourceMixing` (`ScriptValidator.sourceMixingEstimate`).
    case tooMuchSourceMixing(count: Int, limit: Int)
    /// A time that is negative or not finite.
    case invalidTime(event: Int)
    /// A time past `TimelineScript.maximumTime` (the timeline may not be longer than 60 s).
    case timeBeyondLimit(event: Int, limit: Double)
    /// A time earlier than the latest time before it.
    case timeWentBackwards(event: Int, previousTime: Double)
    /// A touch sample with the wrong number of points for its gesture.
    case wrongTouchCount(event: Int, gesture: GestureKind, expected: Int, actual: Int)
    /// A touch coordinate that is not finite or beyond ±`TimelineScript.maximumCoordinate`.
    case invalidTouch(event: Int, touch: Int)
    /// touchesMoved or touchesEnded with no fingers down.
    case touchesWithoutBegan(event: Int)
    /// touchesBegan while the previous gesture's fingers are still down.
    case gestureAlreadyActive(event: Int)

    // MARK: Found while simulating (the first one stops the run)

    /// The gesture does not exist for what is on screen.
    case gestureUnavailable(event: Int, gesture: GestureKind, reason: GestureUnavailability)
    /// The keyframes would exceed `TimelineScript.maximumKeyframes`.
    case tooManyKeyframes(count: Int, limit: Int)
    /// The lifecycle engine refused the equivalent script (pop with nothing pushed, push of a
    /// destination already shown, ...). `event` is the timeline event that caused it.
    case lifecycle(LifecycleError, event: Int?)
    /// The geometry engine could not plan the scene.
    case geometry(GeometryError)

    /// Where the error is.
    public var location: TimelineErrorLocation {
        switch self {
        case .tooManyEvents, .tooMuchSourceMixing: .events
        case .invalidTime(let event), .timeBeyondLimit(let event, _), .timeWentBackwards(let event, _): .event(event, .time)
        case .wrongTouchCount(let event, _, _, _): .event(event, .touches)
        case .invalidTouch(let event, let touch): .touch(event: event, index: touch)
        case .touchesWithoutBegan(let event), .gestureAlreadyActive(let event): .event(event, .type)
        case .gestureUnavailable(let event, _, _): .event(event, .gesture)
        case .tooManyKeyframes: .output
        case .lifecycle(_, let event): event.map { .event($0, .type) } ?? .events
        case .geometry: .scene
        }
    }

    /// A sentence for logs and default API messages.
    public var message: String {
        switch self {
        case .tooManyEvents(let count, let limit): "\(count) events is more than the limit of \(limit)."
        case .tooMuchSourceMixing(let count, let limit):
            "The sourceChanged events would mix up to \(count) source frames into the keyframes, more than the limit of \(limit)."
        case .invalidTime: "Event times must be finite and at least 0."
        case .timeBeyondLimit(_, let limit): "A timeline may not be longer than \(limit) seconds."
        case .timeWentBackwards(_, let previous): "Event times must not go backwards (previous event at \(previous) s)."
        case .wrongTouchCount(_, let gesture, let expected, let actual):
            "A \(gesture.rawValue) is made of \(expected) touch\(expected == 1 ? "" : "es"), not \(actual)."
        case .invalidTouch: "Touch coordinates must be finite and within ±\(Int(TimelineScript.maximumCoordinate)) points."
        case .touchesWithoutBegan: "touchesMoved and touchesEnded need a touchesBegan before them."
        case .gestureAlreadyActive: "touchesBegan while the previous gesture's fingers are still down; end it first."
        case .gestureUnavailable(_, .edgePan, .notAZoom(let effect)):
            "The edge swipe goes back in a navigation stack on iPhone or iPad, pushed with the zoom or the default slide; here the \(effect.rawValue) effect runs, which has no back swipe."
        case .gestureUnavailable(_, let gesture, .notAZoom(let effect)):
            "The \(gesture.rawValue) gesture dismisses a zoom transition, which does not run here (the \(effect.rawValue) effect runs instead)."
        case .gestureUnavailable(_, _, .edgeSwipeNeedsNavigation):
            "The leading-edge swipe is the navigation back gesture; a presented zoom is dismissed by pinch or swipe down."
        case .tooManyKeyframes(let count, let limit): "The timeline would need \(count) keyframes, more than the limit of \(limit)."
        case .lifecycle(let error, _): error.message
        case .geometry(let error): "The scene cannot be planned: \(error)."
        }
    }
}
