import LoupeGeometry
import LoupeLifecycle

/// Runs the lifecycle engine on the timeline's equivalent events and puts its trace on the
/// timeline's clock.
///
/// The lifecycle engine takes one settle duration for every spring, but each spring of a timeline
/// settles after its own time (a release's spring depends on where and how fast it was let go).
/// The engine only compares times — does a transition complete before the next event? — so it is
/// run on a stand-in clock that keeps exactly those comparisons: every duration is 1, and the next
/// event comes 2 later when the timeline's spring settled before it, 0.5 later when it did not.
/// Each stand-in time then maps back: an event's to its own time, a completion's to the moment its
/// spring settled on the keyframes.
enum LifecycleClock {
    static func run(
        _ links: [LifecycleLink], initial: InitialScreen, plans: HostPlans, order: CallbackOrder
    ) throws(TimelineError) -> LifecycleResult {
        var standIn: [Double] = []
        var realTime: [Double: Double] = [:]
        var clock = 0.0
        for (k, link) in links.enumerated() {
            if k > 0 { clock += links[k - 1].settlesAt == nil ? 0.5 : 2 }
            standIn.append(clock)
            realTime[clock] = link.event.time
            if let settled = link.settlesAt { realTime[clock + 1] = settled }
        }
        var events = links.map(\.event)
        for k in events.indices { events[k].time = standIn[k] }
        let script = LifecycleScript(
            stack: stack(initial), presented: presented(initial, plans: plans), events: events,
            timing: .uniform(1), callbackOrder: order)

        var result: LifecycleResult
        do {
            result = try LifecycleEngine.run(script)
        } catch {
            let first = error.errors.first
            var event: Int?
            if case .event(let index, _)? = first?.location, links.indices.contains(index) {
                event = links[index].timelineEvent
            }
            throw .lifecycle(first ?? .emptyStack, event: event)
        }
        for k in result.trace.indices { result.trace[k].time = realTime[result.trace[k].time] ?? result.trace[k].time }
        for k in result.notes.indices { result.notes[k].time = realTime[result.notes[k].time] ?? result.notes[k].time }
        return result
    }

    private static func stack(_ initial: InitialScreen) -> [String] {
        initial == .pushed
            ? [TimelineSimulator.sourceName, TimelineSimulator.destinationName]
            : [TimelineSimulator.sourceName]
    }

    private static func presented(_ initial: InitialScreen, plans: HostPlans) -> [Presentation] {
        guard initial == .presented else { return [] }
        let style = plans.existing(.presentation).map(HostPlans.transitionStyle) ?? .zoom
        return [Presentation(TimelineSimulator.destinationName, style: plans.modalStyle, transition: style)]
    }
}
