import LoupeGeometry
import LoupeLifecycle
import LoupeWarnings

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
///
/// A push or present that a spread still holds when the script ends (`heldForward`,
/// `spreadToOpen`) has no lifecycle counterpart: the engine would complete it on its own after
/// the last event. It is stopped in flight instead (see `holdingInFlight`), as the engine leaves an
/// unreleased pop.
enum LifecycleClock {
    static func run(
        _ links: [LifecycleLink], initial: InitialPage, plans: HostPlans, order: CallbackOrder, heldForward: Int? = nil
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
        if let held = heldForward, held == links.count - 1, let last = standIn.last {
            result = holdingInFlight(result, after: last, kind: links[held].event.kind)
        }
        for k in result.trace.indices { result.trace[k].time = realTime[result.trace[k].time] ?? result.trace[k].time }
        for k in result.notes.indices { result.notes[k].time = realTime[result.notes[k].time] ?? result.notes[k].time }
        return result
    }

    /// The result as it stands while the last event's push or present is still in flight: the
    /// completion the engine ran after `time` (stand-in clock) is taken back — its trace entries
    /// and notes dropped, the states and views it changed restored — and the transition is
    /// reported as unreleased, with the engine's own note for a finger still down.
    static func holdingInFlight(_ result: LifecycleResult, after time: Double, kind: NavigationEvent.Kind) -> LifecycleResult {
        var held = result
        let undone = result.trace.filter { $0.time > time }
        held.trace = result.trace.filter { $0.time <= time }
        held.notes = result.notes.filter { $0.time <= time }
        var views = Set(result.final.viewsInHierarchy)
        for entry in undone.reversed() {
            if case .hierarchy(let change) = entry.event {
                if change == .addedToHierarchy { views.remove(entry.viewController) } else { views.insert(entry.viewController) }
            }
            if case .state = entry.event,
                let before = held.trace.last(where: { $0.viewController == entry.viewController && $0.kind == .state }),
                case .state(let state) = before.event
            {
                held.final.states[entry.viewController] = state
            }
        }
        held.final.viewsInHierarchy = views.sorted()
        let transition: PendingTransition.Kind = if case .present = kind { .present } else { .push }
        let name = TimelineSimulator.destinationName
        held.final.unreleasedGesture = PendingTransition(kind: transition, viewController: name)
        held.notes.append(
            Warning(
                .unreleasedGesture,
                "The script ends while a spread still drives the \(transition.rawValue) of \(name): "
                    + "it has had its will-callbacks but no did-callback yet.",
                viewController: name, time: time, runLoop: held.trace.last?.runLoop ?? 0))
        return held
    }

    private static func stack(_ initial: InitialPage) -> [String] {
        initial == .pushed
            ? [TimelineSimulator.sourceName, TimelineSimulator.destinationName]
            : [TimelineSimulator.sourceName]
    }

    private static func presented(_ initial: InitialPage, plans: HostPlans) -> [Presentation] {
        guard initial == .presented else { return [] }
        let style = plans.existing(.presentation).map { HostPlans.transitionStyle($0) } ?? .zoom
        return [Presentation(TimelineSimulator.destinationName, style: plans.modalStyle, transition: style)]
    }
}
