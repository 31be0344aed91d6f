import LoupeLifecycle
import Testing

struct BoundsTests {
    /// The largest script the planner can send runs, with a trace bounded by the event count.
    @Test("maximum script runs with a bounded trace") func maximumScript_runsWithABoundedTrace() throws {
        var events: [NavigationEvent] = []
        for index in 0..<LifecycleScript.maximumEventCount {
            let time = Double(index) * 0.125
            events.append(index.isMultiple(of: 2) ? .push("vc\(index)", at: time) : .pop(at: time))
        }
        let result = try simulate(stack: ["root"], events)
        #expect(result.final.stack == ["root"])
        #expect(result.trace.count <= events.count * 30)
    }

    /// A deep stack of pushes only (no pops) also runs.
    @Test("ten thousand pushes run") func tenThousandPushes_run() throws {
        let events = (0..<LifecycleScript.maximumEventCount).map { NavigationEvent.push("vc\($0)", at: 0) }
        let result = try simulate(stack: ["root"], events)
        #expect(result.final.stack.count == LifecycleScript.maximumEventCount + 1)
    }

    /// One event over the limit is rejected without walking the events.
    @Test("one event too many is rejected") func oneEventTooMany_isRejected() {
        let events = Array(repeating: NavigationEvent.pop(at: .nan), count: LifecycleScript.maximumEventCount + 1)
        #expect(errors(stack: ["root"], events) == [.tooManyEvents(count: 10_001, limit: 10_000)])
    }

    /// Extreme durations and times are errors, so no end time can overflow.
    @Test("extreme durations are rejected") func extremeDurations_areRejected() {
        let timing = TransitionTiming(settleDuration: .greatestFiniteMagnitude)
        #expect(errors(stack: ["root"], [], timing: timing).contains(.invalidDuration(.settleDuration)))
        #expect(errors(stack: ["root"], [.push("a", at: .greatestFiniteMagnitude)]) == [.invalidTime(event: 0)])
    }
}
