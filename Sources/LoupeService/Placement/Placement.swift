import LoupeHTTP
import LoupePlanner

/// Where the steps of an answer run, and what an answer built there becomes: on the event loop a
/// `Handling` (the answer, or the rest of the steps moved to the pool), on the pool the answer.
///
/// The loop's placement holds how the rest moves (`moving`); the pool's has none, so a step that
/// costs more than the loop may spend moves on the loop and runs on the pool, and no step can
/// move twice.
struct Placement<StepsDone: Sendable, Outcome>: Sendable {
    /// What an answer built here becomes.
    let answered: @Sendable (HTTPResponse) -> Outcome
    /// How the rest of the steps, from `StepsDone`, moves to the pool; nil on the pool.
    let moving: (@Sendable (StepsDone) -> Outcome)?

    /// The outcome of moving the rest to the pool when work estimated at `work` is more than
    /// runs here; nil when it runs here (always, on the pool).
    func moved(_ done: @autoclosure () -> StepsDone, ifOver work: @autoclosure () -> WorkEstimate) -> Outcome? {
        guard let moving, !InlineWork.fits(work()) else { return nil }
        return moving(done())
    }
}
