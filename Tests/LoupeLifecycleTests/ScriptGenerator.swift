import LoupeLifecycle
import LoupeTestSupport

/// Builds random, mostly valid scripts: each candidate event is kept only if the script still
/// runs, except that about one script in twenty keeps its first failing event (and ends there)
/// so the error paths are exercised too.
enum ScriptGenerator {
    static let names = (0..<8).map { "vc\($0)" }

    static func script(seed: UInt64) -> LifecycleScript {
        var random = SeededGenerator(seed: seed)
        let stack = ["root"] + names.prefix(random.int(in: 0...2))
        let presented = random.chance(0.1) ? [Presentation("shown", style: random.element(of: Presentation.Style.allCases))] : []
        let timing = TransitionTiming(
            settleDuration: random.double(in: 0...0.6),
            finishSettleDuration: random.double(in: 0...0.4),
            cancelSettleDuration: random.double(in: 0...0.4))
        var script = LifecycleScript(
            stack: stack, presented: presented, events: [], timing: timing,
            callbackOrder: random.element(of: CallbackOrder.allCases))

        // About one script in twenty ends with an event that fails, so error paths run too.
        let endsInvalid = random.chance(0.05)
        var time = 0.0
        let length = random.int(in: 1...30)
        var attempts = 0
        while script.events.count < length && attempts < length * 8 {
            attempts += 1
            if !random.chance(0.15) { time += random.double(in: 0...0.5) }
            let candidate = NavigationEvent(time: time, kind: randomKind(&random))
            var extended = script
            extended.events.append(candidate)
            if (try? LifecycleEngine.run(extended)) != nil {
                script = extended
            } else if endsInvalid {
                return extended
            }
        }
        return script
    }

    static func randomKind(_ random: inout SeededGenerator) -> NavigationEvent.Kind {
        switch random.int(in: 0...99) {
        case 0..<25: .push(random.element(of: names), transition: random.chance(0.85) ? .zoom : .standard)
        case 25..<45: .pop(interactive: random.chance(0.4))
        case 45..<55:
            .present(
                random.element(of: names), style: random.element(of: Presentation.Style.allCases),
                transition: random.chance(0.85) ? .zoom : .standard)
        case 55..<65: .dismiss(interactive: random.chance(0.4))
        case 65..<80: .interrupt
        default: .release(random.element(of: ReleaseOutcome.allCases))
        }
    }

    /// Any script at all, most of them wrong: for "never crashes" checks.
    static func garbage(seed: UInt64) -> LifecycleScript {
        var random = SeededGenerator(seed: seed)
        let pool = ["", " ", "a", "b", "c", "root"]
        let times: [Double] = [-1, .nan, .infinity, 0, 0.25, 1, 3e9]
        let stack = (0..<random.int(in: 0...3)).map { _ in random.element(of: pool) }
        let events = (0..<random.int(in: 0...40)).map { index in
            NavigationEvent(
                time: random.chance(0.1) ? random.element(of: times) : Double(index) * random.double(in: 0...0.3),
                kind: randomKind(&random))
        }
        let durations: [Double] = [-0.5, 0, 0.25, .nan, 1e12]
        return LifecycleScript(
            stack: stack, events: events,
            timing: TransitionTiming(
                settleDuration: random.chance(0.8) ? 0.3 : random.element(of: durations),
                finishSettleDuration: random.element(of: durations.filter { !$0.isNaN }),
                cancelSettleDuration: 0.2))
    }
}
