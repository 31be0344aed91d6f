/// Why the engine cannot produce a plan. The planner answers these with 422.
///
/// Plain values, no HTTP: the service maps them to problem details in one place.
public enum GeometryError: Error, Sendable, Hashable {
    /// The zoom API does not exist for this OS and framework (macOS has no SwiftUI zoom API;
    /// UIKit on a Mac is Mac Catalyst). The "Zoom transitions" guide, "Platform availability".
    case zoomAPIUnavailable(os: OperatingSystem, framework: Framework)
    /// The spring cannot be solved.
    case invalidSpring(SpringProblem)
    /// The spring never comes within epsilon of its target (undamped, or settling beyond
    /// `SpringSolution.settlingHorizon` seconds).
    case springNeverSettles
    /// The frame rate is not a positive finite number.
    case invalidFrameRate
    /// The plan would need more than `limit` keyframes (`count` is the number required).
    case tooManyKeyframes(count: Int, limit: Int)
    /// The destination frame has no area, so there is nothing to zoom into.
    case emptyDestination
    /// The container has no area.
    case emptyContainer
    /// The numbers are so large that the geometry overflowed to infinity or NaN.
    case nonFiniteGeometry

    /// What is wrong with a spring.
    public enum SpringProblem: Sendable, Hashable {
        case responseNotPositive
        case dampingRatioNegative
    }
}
