/// The path the card's centre travels.
public enum MotionPath: String, Sendable, Hashable, CaseIterable {
    /// A straight line, as measured for iOS by swift_transitions.
    case straight
    /// A quadratic Bézier arc, as Material's `MaterialArcMotion`: the control point is
    /// (end.x, start.y) when moving up the screen and (start.x, end.y) when moving down.
    case arc
}
