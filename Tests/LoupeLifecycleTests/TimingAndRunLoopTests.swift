import LoupeLifecycle
import Testing

struct TimingAndRunLoopTests {
    /// A non-interactive transition ends when its spring settles: start + settleDuration.
    @Test("non interactive transition ends when the spring settles") func nonInteractiveTransition_endsWhenTheSpringSettles() throws {
        let result = try simulate(stack: ["list"], [.push("detail", at: 1)], timing: .uniform(0.375))
        #expect(result.trace.last?.time == 1.375)
    }

    /// An interactive one ends at release time plus the settle of the spring that follows, which may
    /// differ for finish and cancel.
    @Test("interactive transition ends at release plus its settle", arguments: [(ReleaseOutcome.finish, 2.25), (.cancel, 2.125)])
    func interactiveTransition_endsAtReleasePlusItsSettle(outcome: ReleaseOutcome, end: Double) throws {
        let result = try simulate(
            stack: ["list", "detail"], [.pop(at: 1, interactive: true), .release(outcome, at: 2)])
        #expect(result.trace.last?.time == end)
        #expect(result.trace.last?.runLoop == 2)
    }

    /// Each event is a run-loop cycle and each completion another; events without trace entries
    /// still use a cycle.
    @Test("run loop counts events and completions") func runLoop_countsEventsAndCompletions() throws {
        let result = try simulate(
            stack: ["list"], [.push("detail", at: 0), .interrupt(at: 0.125), .release(.finish, at: 0.25)])
        #expect(Set(result.trace.map(\.runLoop)) == [0, 1, 3])
    }

    /// A transition settling exactly when the next event arrives completes first, in its own cycle.
    @Test("completion at an events time happens before the event") func completionAtAnEventsTime_happensBeforeTheEvent() throws {
        let result = try simulate(stack: ["list"], [.push("detail", at: 0), .pop(at: 0.5)])
        let completion = result.trace.filter { $0.runLoop == 1 }.map(\.name)
        let popStart = result.trace.filter { $0.runLoop == 2 }.map(\.name)
        #expect(completion.first == "removedFromHierarchy")
        #expect(popStart.first == "navigationController(_:willShow:animated:)")
        #expect(result.trace.filter { $0.runLoop == 2 }.allSatisfy { $0.time == 0.5 })
        #expect(result.notes.isEmpty)
    }

    /// A zero-length spring still completes in a separate cycle at the same time.
    @Test("zero duration completes in the next cycle at the same time") func zeroDuration_completesInTheNextCycleAtTheSameTime() throws {
        let result = try simulate(stack: ["list"], [.push("detail", at: 0)], timing: .uniform(0))
        #expect(result.trace.map(\.time).allSatisfy { $0 == 0 })
        #expect(result.trace.last?.runLoop == 1)
    }
}
