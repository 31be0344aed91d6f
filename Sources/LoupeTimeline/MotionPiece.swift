import LoupeGeometry

/// A stretch of the timeline with one motion, the pivot its gesture transform uses, the host whose
/// geometry draws it and the transition whose journey progress the keyframes report.
struct MotionPiece: Sendable, Hashable {
    var start: Double
    var end: Double
    var motion: CardMotion
    var pivot: Point
    var host: Host
    /// nil before any transition: keyframes then report presentation progress.
    var transition: TransitionKind?
    /// Which source the piece is drawn with (`HostPlans`: 0 = the request's, one more per
    /// `sourceChanged`).
    var generation: Int
    /// While the card moves over to a source that changed in flight.
    var blend: SourceBlend?
    /// Drawn as a card on its way back to the source (pop, dismiss; issue 35 §3).
    var shrinking = false
    /// While the card turns mid-flight from growing to shrinking or back: the mix of the two,
    /// generation 0 growing and 1 shrinking.
    var turn: SourceBlend?

    var isResting: Bool {
        if case .rest = motion { return true }
        return false
    }
}
