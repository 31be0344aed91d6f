import LoupePlanner

/// How much work an event loop does for one request before the rest goes to the compute pool.
///
/// Why here and not with the estimates: the planner says what an answer costs
/// (`WorkEstimate`); where it runs is the service's choice, made against the loop's one budget
/// (issue 34 §1, issue 46 §1).
public enum InlineWork {
    /// 200 µs: the time a probe may wait behind one such request without noticing (a readiness
    /// probe times out at 1 s).
    public static let ceiling = WorkEstimate(microseconds: 200)

    /// Whether work estimated at `work` is built on the loop.
    public static func fits(_ work: WorkEstimate) -> Bool { work <= ceiling }
}
