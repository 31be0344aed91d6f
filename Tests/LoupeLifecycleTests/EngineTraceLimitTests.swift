import LoupeLifecycle
import LoupeTestSupport
import Testing

/// Issue 42 §2: a simulation stopped as soon as its trace is longer than the caller can use.
@Suite("Engine trace limit")
struct EngineTraceLimitTests {
    @Test(
        "property: stopped past N entries, the trace is the whole trace's first part, longer than N, ending at an event; not stopped, it is the whole"
    )
    func stoppedTrace_isAPrefixOfTheWhole() throws {
        var generator = SeededGenerator(seed: 4_204)
        for _ in 0..<300 {
            let pairs = Int.random(in: 1...60, using: &generator)
            var events: [NavigationEvent] = []
            for index in 0..<pairs {
                events.append(NavigationEvent(time: Double(index), kind: .push("v\(index)", transition: .zoom)))
                events.append(NavigationEvent(time: Double(index) + 0.5, kind: .pop(interactive: false)))
            }
            let script = LifecycleScript(stack: ["root"], events: events, timing: TransitionTiming(settleDuration: 0.4))
            let whole = try LifecycleEngine.run(script)
            let limit = Int.random(in: 0...(whole.trace.count + 10), using: &generator)
            let stopped = try LifecycleEngine.run(script, stoppingPast: limit)
            #expect(Array(whole.trace.prefix(stopped.trace.count)) == stopped.trace)
            // A trace past its limit in the script's first third stops long before the end.
            #expect(stopped.stoppedAtTraceLimit || limit >= whole.trace.count / 3, "limit \(limit) of \(whole.trace.count): not stopped")
            if stopped.stoppedAtTraceLimit {
                #expect(stopped.trace.count > limit, "limit \(limit) of \(whole.trace.count)")
            } else {
                #expect(stopped == whole)
            }
        }
    }
}
