/// Finds everything wrong with a script that does not depend on simulating it, in one pass, so a
/// client sees all its typos at once instead of one per request.
enum ScriptValidator {
    static func problems(in script: LifecycleScript) -> [LifecycleError] {
        var problems: [LifecycleError] = []
        var names = Set<String>()

        if script.stack.isEmpty {
            problems.append(.emptyStack)
        }
        for (index, name) in script.stack.enumerated() {
            if isBlank(name) {
                problems.append(.blankStackName(index: index))
            } else if !names.insert(name).inserted {
                problems.append(.duplicateStackName(index: index, name: name))
            }
        }
        for (index, presentation) in script.presented.enumerated() {
            let name = presentation.viewController
            if isBlank(name) {
                problems.append(.blankPresentedName(index: index))
            } else if !names.insert(name).inserted {
                problems.append(.duplicatePresentedName(index: index, name: name))
            }
        }

        let durations: [(TimingField, Double)] = [
            (.settleDuration, script.timing.settleDuration),
            (.finishSettleDuration, script.timing.finishSettleDuration),
            (.cancelSettleDuration, script.timing.cancelSettleDuration)
        ]
        for (field, duration) in durations where !(duration.isFinite && duration >= 0 && duration <= TransitionTiming.maximumDuration) {
            problems.append(.invalidDuration(field))
        }

        if script.events.count > LifecycleScript.maximumEventCount {
            // Do not walk an oversized list: the limit exists to bound the work.
            problems.append(.tooManyEvents(count: script.events.count, limit: LifecycleScript.maximumEventCount))
            return problems
        }

        var latest: Double?
        for (index, event) in script.events.enumerated() {
            let time = event.time
            if !(time.isFinite && time >= 0 && time <= LifecycleScript.maximumTime) {
                problems.append(.invalidTime(event: index))
            } else {
                if let previous = latest, time < previous {
                    problems.append(.timeWentBackwards(event: index, previousTime: previous))
                }
                latest = max(latest ?? time, time)
            }
            switch event.kind {
            case .push(let name, _), .present(let name, _, _):
                if isBlank(name) { problems.append(.blankViewController(event: index)) }
            case .pop, .dismiss, .interrupt, .release:
                break
            }
        }
        return problems
    }

    private static func isBlank(_ name: String) -> Bool {
        name.allSatisfy(\.isWhitespace)
    }
}
